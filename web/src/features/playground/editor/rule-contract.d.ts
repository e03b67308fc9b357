/**
 * The contract of Istruttoria's rules: what a rule's default export receives and returns.
 *
 * The rule editor reads this file as text (`?raw`) and offers its fields as completions, with
 * the doc comments as their documentation: the text before `@en` is the Italian one, the text
 * after it the English one. Every field is documented. The shapes are those of
 * `shared/src/rules/playground.rs` (the input) and `worker/src/extraction` (the extraction output
 * a document rule reads); the result is checked by `worker::rules::check_result`.
 */

/**
 * L'oggetto che riceve una regola documento.
 * @en The object a document rule receives.
 */
export interface DocumentRuleInput {
  /**
   * Il testo estratto dal documento: righe separate da `\n`; ogni pagina tranne l'ultima finisce con `\n` seguito da `\f`, così l'ultima riga di una pagina non si unisce alla prima della successiva.
   * @en The text extracted from the document: lines separated by `\n`; each page but the last ends with `\n` then `\f`, so the last line of a page never joins the first of the next.
   */
  rawText: string;
  /**
   * Le tabelle trovate nel documento, come griglie di celle.
   * @en The tables found in the document, as grids of cells.
   */
  tables: Table[];
  /**
   * Ogni parola del documento con la sua pagina e il suo riquadro, in ordine di lettura.
   * @en Every word of the document with its page and box, in reading order.
   */
  rawTextWithGeometry: Word[];
  /**
   * Le tabelle dati collegate alla regola: nome della tabella → contenuto (JSON).
   * @en The data tables linked to the rule: table name → content (JSON).
   */
  dataTables: Record<string, unknown>;
  /**
   * I campi dei moduli PDF: nome → valore (testo, true/false per le caselle, null se vuoto).
   * @en The PDF form fields: name → value (text, true/false for check boxes, null when unset).
   */
  formData: Record<string, string | boolean | null>;
}

/**
 * Una parola e il suo riquadro, in punti PDF con l'origine in alto a sinistra della pagina.
 * @en A word and its box, in PDF points with the origin at the top-left corner of the page.
 */
export interface Word {
  /**
   * La pagina, da 1.
   * @en The page, from 1.
   */
  page: number;
  /**
   * Il testo della parola.
   * @en The word's text.
   */
  text: string;
  /**
   * Il bordo sinistro del riquadro.
   * @en The left edge of the box.
   */
  x0: number;
  /**
   * Il bordo superiore del riquadro.
   * @en The top edge of the box.
   */
  y0: number;
  /**
   * Il bordo destro del riquadro.
   * @en The right edge of the box.
   */
  x1: number;
  /**
   * Il bordo inferiore del riquadro.
   * @en The bottom edge of the box.
   */
  y1: number;
}

/**
 * Una tabella: righe di celle, ogni riga lunga quanto la tabella è larga.
 * @en A table: rows of cells, every row as long as the table is wide.
 */
export interface Table {
  /**
   * La pagina, da 1.
   * @en The page, from 1.
   */
  page: number;
  /**
   * Le righe: testi delle celle senza spazi ai lati; una cella su più colonne sta nella prima, le altre sono "".
   * @en The rows: trimmed cell texts; a cell spanning columns is in its first one, the others are "".
   */
  rows: string[][];
}

/**
 * Il risultato di una regola documento.
 * @en The result of a document rule.
 */
export interface DocumentRuleResult {
  /**
   * Se il documento rispetta la regola (obbligatorio: true o false).
   * @en Whether the document passes the rule (required: true or false).
   */
  success: boolean;
  /**
   * I metadati da scrivere sul documento: nome → valore.
   * @en The metas to write on the document: name → value.
   */
  metas?: Record<string, unknown>;
}

/**
 * L'oggetto che riceve una regola dossier, una volta per ogni elemento dell'input del dossier.
 * @en The object a dossier rule receives, once per item of the dossier's input.
 */
export interface DossierRuleInput {
  /**
   * I metadati dei documenti elaborati del dossier: id documento → { nome: valore }.
   * @en The metas of the dossier's processed documents: document id → { name: value }.
   */
  metas: Record<string, Record<string, unknown>>;
  /**
   * L'elemento dell'input del dossier su cui la regola è eseguita.
   * @en The item of the dossier's input the rule runs on.
   */
  input: unknown;
}

/**
 * Il risultato di una regola dossier.
 * @en The result of a dossier rule.
 */
export interface DossierRuleResult {
  /**
   * Se il dossier rispetta la regola per questo elemento (obbligatorio: true o false).
   * @en Whether the dossier passes the rule for this item (required: true or false).
   */
  success: boolean;
}

/**
 * Il modulo "istruttoria", la libreria standard delle regole: `import { numero, data } from "istruttoria"`. Funzioni compilate (non interpretate); ciò che non sanno leggere è null (false per le verifiche).
 * @en The module "istruttoria", the rules' standard library: `import { numero, data } from "istruttoria"`. Compiled functions (not interpreted); what they cannot read is null (false for the checks).
 */
export interface IstruttoriaModule {
  /**
   * Il numero scritto all'italiana: "1.234,56" → 1234.56, "1 234,56" → 1234.56, "(1.234,56)" → -1234.56, "7.25" → 7.25; null se non è un numero.
   * @en The number written the Italian way: "1.234,56" → 1234.56, "1 234,56" → 1234.56, "(1.234,56)" → -1234.56, "7.25" → 7.25; null when it is not a number.
   */
  numero: (testo: unknown) => number | null;
  /**
   * Un importo in euro, con €, EUR o euro prima o dopo: "€ 1.234,56" → 1234.56; null se non è un importo.
   * @en An amount in euros, with €, EUR or euro before or after it: "€ 1.234,56" → 1234.56; null when it is not an amount.
   */
  importo: (testo: unknown) => number | null;
  /**
   * Una percentuale: "7,25 %" → 7.25; null se non è un numero.
   * @en A percentage: "7,25 %" → 7.25; null when it is not a number.
   */
  percentuale: (testo: unknown) => number | null;
  /**
   * Una data nelle forme italiane ("05/03/2024", "5 marzo 2024", "05.03.24") in formato ISO "2024-03-05"; null se non è una data esistente.
   * @en A date in the Italian forms ("05/03/2024", "5 marzo 2024", "05.03.24") as ISO "2024-03-05"; null when it is not a date that exists.
   */
  data: (testo: unknown) => string | null;
  /**
   * Se il codice fiscale è valido: 16 caratteri di una persona (omocodia compresa) o 11 cifre di un'azienda, carattere di controllo verificato.
   * @en Whether the codice fiscale is valid: a person's 16 characters (omocodia included) or a company's 11 digits, check character verified.
   */
  codiceFiscaleValido: (testo: unknown) => boolean;
  /**
   * Se l'IBAN è valido: lunghezza del paese e cifre di controllo (spazi e maiuscole non contano).
   * @en Whether the IBAN is valid: its country's length and check digits (spaces and case do not matter).
   */
  ibanValido: (testo: unknown) => boolean;
  /**
   * Il testo in minuscolo, senza accenti, con un solo spazio tra le parole: "  Società   PER Azioni " → "societa per azioni".
   * @en The text in lower case, without accents, one space between words: "  Società   PER Azioni " → "societa per azioni".
   */
  normalizza: (testo: unknown) => string | null;
  /**
   * Se il testo contiene la frase, senza badare a maiuscole, accenti e spazi.
   * @en Whether the text contains the phrase, regardless of case, accents and spaces.
   */
  contiene: (testo: unknown, frase: unknown) => boolean;
  /**
   * Il numero di una cella di una tabella (la tabella o le sue righe), o null.
   * @en The number in a cell of a table (the table or its rows), or null.
   */
  numeroCella: (tabella: Table | string[][], riga: number, colonna: number) => number | null;
  /**
   * I numeri di una colonna, uno per riga (null dove la cella non è un numero).
   * @en The numbers of a column, one per row (null where the cell is not a number).
   */
  numeriColonna: (tabella: Table | string[][], colonna: number) => (number | null)[];
}

/**
 * Una regola documento: l'export default di rule.js.
 * @en A document rule: the default export of rule.js.
 */
export type DocumentRule = (document: DocumentRuleInput) => DocumentRuleResult | Promise<DocumentRuleResult>;

/**
 * Una regola dossier: l'export default di rule.js.
 * @en A dossier rule: the default export of rule.js.
 */
export type DossierRule = (dossier: DossierRuleInput) => DossierRuleResult | Promise<DossierRuleResult>;
