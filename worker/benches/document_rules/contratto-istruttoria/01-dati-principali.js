// Dati principali del contratto: numero, IBAN, codice fiscale, importo e durata.
import { importo } from "istruttoria";
import { righePiano } from "./helper.js";

const NUMERO = /CONTRATTO DI PRESTITO PERSONALE N\. (?<numero>\d{4}\/\d{6})/;
const IBAN = /\bIT\d{2}[A-Z]\d{10}[0-9A-Z]{12}\b/g;
const CODICE_FISCALE = /\b[A-Z]{6}\d{2}[A-EHLMPR-T]\d{2}[A-Z]\d{3}[A-Z]\b/g;
const CREDITO = /Importo totale del credito:\s*(?<importo>€\s*[\d.]+,\d{2})/;
const DURATA = /Durata:\s*(?<mesi>\d+)\s+mesi/;

export default function ({ rawText, tables }) {
  const numeroContratto = rawText.match(NUMERO)?.groups.numero ?? null;
  const ibans = new Set(rawText.match(IBAN) ?? []);
  const codiciFiscali = new Set(rawText.match(CODICE_FISCALE) ?? []);
  const credito = importo(rawText.match(CREDITO)?.groups.importo);
  const mesi = Number(rawText.match(DURATA)?.groups.mesi ?? Number.NaN);
  const piano = righePiano(tables);
  return {
    success:
      numeroContratto !== null &&
      ibans.size === 1 &&
      codiciFiscali.size === 1 &&
      credito !== null &&
      piano.length === mesi,
    metas: {
      numeroContratto,
      iban: [...ibans][0] ?? null,
      codiceFiscale: [...codiciFiscali][0] ?? null,
      importoFinanziato: credito === null ? null : String(credito),
      durataMesi: String(mesi),
    },
  };
}
