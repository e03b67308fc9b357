//! The production-shaped benchmark of the rule runtime (issue 15; `just bench`, figures in
//! docs/benchmarks.md): documents as the extraction produces them, each through the ten rules
//! of its type, the way the `document-rules` job runs them.
//!
//! - **Documents.** PDFs generated with `shared::testing::pdf`, read by the real extraction
//!   (`worker::extraction`, PDFium) at start-up and stored as the `extract` job stores them
//!   (`serde_json::to_vec(&Extraction)`): a 12-page loan contract (5 pages of clauses, the
//!   amortisation plan of 200 rows over 6 ruled pages, a last page of clauses and signatures:
//!   ~30 KB of text and every word with its box) and a 2-page application form (an AcroForm of
//!   22 fields, then a privacy notice with a signature line). The fixtures write one kind of
//!   page per PDF, so each document is extracted in parts and the parts' pages put one after
//!   the other ([`concatenate`]): every page's text, words and tables are extracted page by
//!   page, so this is what extracting the whole document gives.
//! - **Rules** (`benches/document_rules/`): ten per type as authors write them — regular
//!   expressions, passes over the tables, `./helper.js` imports, data tables, metas out; two of
//!   each type read the words' geometry (a signature box, a full pass over the pages), the
//!   others never touch it.
//! - **The production path** ([`through_rules`]): the document's input read once from the
//!   extraction (`document_input`), the members several rules name prepared once
//!   (`RuleRuntime::prepare`), then for each rule its input with its data tables and
//!   `RuleRuntime::run_on_document` (compile, a memory-cache hit, and execute) with the
//!   worker's limits (`ISTRUTTORIA_RULE_*`, defaults as in production) and the runtime's
//!   default allocator (`RULE_BENCH_ALLOCATOR` compares others: `support::allocator`) — as
//!   `worker/src/jobs/document_rules.rs` does, without its database and storage round trips.
//!
//! Criterion measures one document through its ten rules (`contract/through 10 rules`,
//! `form/through 10 rules`); the summary then gives documents per second on one thread and on
//! every core, p50/p99 of each rule, what parsing the input costs a rule, and memory per
//! concurrent execution.
//!
//! Needs the plugin (`scripts/javy-plugin.sh`) and PDFium (`scripts/pdfium.sh`; cargo's
//! `[env]` points `ISTRUTTORIA_PDFIUM_LIBRARY` at it).

mod support;

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::Criterion;
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};
use shared::config::{ExtractionConfig, RuleConfig, Vars};
use shared::rules::playground::DocumentInput;
use shared::testing::pdf::{self, FieldValue};
use support::{allocator, kib, measure, percentile};
use worker::extraction::{Engine, Extraction, ExtractorConfig};
use worker::rules::{
    Execution, Limits, PREPARE_MIN_BYTES, PreparedInput, RuleInput, RuleRuntime, RuntimeConfig,
};

/// A rule that reads nothing: what any execution costs.
const EMPTY_RULE: &str = "export default () => ({ success: true });";

/// A document rule as the `document-rules` job reads it (`RunnableDocumentRule`).
struct Rule {
    name: &'static str,
    code: &'static str,
    helper: Option<&'static str>,
    /// Linked data table name → content.
    data_tables: Map<String, Value>,
}

/// A document type's sample: the stored extraction and the type's rules.
struct Document {
    name: &'static str,
    /// What the `extract` job stores at `documents.raw_text_key`.
    stored: Vec<u8>,
    extraction: Extraction,
    rules: Vec<Rule>,
}

macro_rules! rule {
    ($kind:literal, $name:literal, helper) => {
        (
            $name,
            include_str!(concat!("document_rules/", $kind, "/", $name, ".js")),
            Some(include_str!(concat!(
                "document_rules/",
                $kind,
                "/helper.js"
            ))),
        )
    };
    ($kind:literal, $name:literal) => {
        (
            $name,
            include_str!(concat!("document_rules/", $kind, "/", $name, ".js")),
            None,
        )
    };
}

// --- The contract -------------------------------------------------------------------------

const CONTRACT_NUMBER: &str = "2024/000123";
const CREDIT_CENTS: i64 = 2_500_000;
const TAN: f64 = 6.9;
const INSTALMENTS: usize = 200;
/// The first instalment: 05/03/2024.
const FIRST_DUE: (u32, i32) = (3, 2024);
const IBAN: &str = "IT60X0542811101000000123456";
const TAX_CODE: &str = "RSSMRA80A01H501U";
/// Text lines per page (Helvetica 12 pt, 16 pt apart, from the top margin).
const LINES_PER_PAGE: usize = 46;
/// Characters per line of the clauses (~480 pt of Helvetica 12 pt).
const LINE_WIDTH: usize = 88;
/// Instalments per page of the plan (a 20 pt row each, below the caption and the heading).
const ROWS_PER_PAGE: usize = 34;

/// The contract's clauses, cycled and numbered until the pages are full.
const CLAUSES: [(&str, &str); 20] = [
    (
        "Oggetto del contratto",
        "Il Finanziatore concede al Cliente un prestito personale dell'importo indicato nel frontespizio, che il Cliente si obbliga a rimborsare secondo il piano di ammortamento allegato, in rate mensili posticipate comprensive di capitale e interessi; l'importo di euro 25.000,00 è accreditato sul conto del Cliente entro cinque giorni lavorativi dalla conclusione del contratto.",
    ),
    (
        "Erogazione",
        "L'erogazione avviene mediante bonifico sul conto corrente indicato dal Cliente, al netto delle spese di istruttoria pari a € 300,00, che restano a carico del Cliente anche in caso di estinzione anticipata; il Finanziatore può sospendere l'erogazione qualora emergano circostanze che ne pregiudichino il rimborso.",
    ),
    (
        "Rimborso",
        "Il Cliente rimborsa il prestito in rate mensili costanti, addebitate sul conto indicato con valuta il giorno 5 di ogni mese; per ciascuna rata sono dovute le spese di incasso rata pari a € 1,50. Il pagamento parziale di una rata non libera il Cliente dall'obbligo di corrispondere l'intero importo alle scadenze successive.",
    ),
    (
        "Tasso di interesse",
        "Il tasso annuo nominale (TAN) è fisso per tutta la durata del contratto e gli interessi sono calcolati sul capitale residuo con il metodo dell'ammortamento alla francese, su un anno commerciale di 360 giorni; la quota interessi di ciascuna rata è indicata nel piano di ammortamento.",
    ),
    (
        "Tasso annuo effettivo globale",
        "Il TAEG (tasso annuo effettivo globale) comprende gli interessi, le spese di istruttoria e le spese di incasso rata ed è pari al 7,450 %; esso è calcolato nell'ipotesi che il contratto resti valido per il periodo di tempo convenuto e che le parti adempiano ai loro obblighi nei termini stabiliti.",
    ),
    (
        "Interessi di mora",
        "In caso di ritardato pagamento anche di una sola rata si applicano, dalla scadenza al saldo, gli interessi di mora nella misura del tasso contrattuale maggiorato di due punti percentuali, oltre alle spese di sollecito di € 15,00 per ciascun avviso inviato al Cliente.",
    ),
    (
        "Decadenza dal beneficio del termine",
        "Il mancato pagamento di almeno due rate, anche non consecutive, consente al Finanziatore di dichiarare il Cliente decaduto dal beneficio del termine e di esigere in un'unica soluzione il capitale residuo, gli interessi maturati e le spese, previa comunicazione scritta con preavviso di quindici giorni.",
    ),
    (
        "Diritto di recesso",
        "Il Cliente ha facoltà di recedere dal contratto entro quattordici giorni dalla conclusione, dandone comunicazione scritta con lettera raccomandata o posta elettronica certificata; entro trenta giorni dal recesso restituisce il capitale e gli interessi maturati fino alla data della restituzione, senza altre penali.",
    ),
    (
        "Rimborso anticipato",
        "Il Cliente può rimborsare anticipatamente in tutto o in parte l'importo dovuto; in tal caso ha diritto a una riduzione del costo totale del credito, pari agli interessi e ai costi dovuti per la vita residua del contratto. L'estinzione anticipata è richiesta per iscritto almeno dieci giorni prima della scadenza di una rata.",
    ),
    (
        "Indennizzo",
        "In caso di rimborso anticipato il Finanziatore ha diritto a un indennizzo equo e oggettivamente giustificato per eventuali costi direttamente connessi, non superiore all'uno per cento dell'importo rimborsato in anticipo se la vita residua del contratto è superiore a un anno, allo zero virgola cinque per cento altrimenti.",
    ),
    (
        "Cessione del credito",
        "Il Finanziatore può cedere il credito derivante dal presente contratto a banche o intermediari finanziari, dandone notizia al Cliente; il Cliente può opporre al cessionario tutte le eccezioni che poteva far valere nei confronti del cedente, compresa la compensazione.",
    ),
    (
        "Comunicazioni periodiche",
        "Almeno una volta l'anno e alla scadenza del contratto il Finanziatore invia al Cliente un rendiconto con l'indicazione del debito residuo e delle rate pagate; il Cliente può chiederne l'invio in formato elettronico all'indirizzo di posta indicato e ne riceve copia senza spese.",
    ),
    (
        "Modifica delle condizioni",
        "Le condizioni economiche del contratto non possono essere modificate unilateralmente dal Finanziatore in senso sfavorevole al Cliente; ogni modifica è concordata per iscritto e comunicata con un preavviso minimo di due mesi, con facoltà del Cliente di recedere senza spese.",
    ),
    (
        "Reclami",
        "Il Cliente può presentare un reclamo all'ufficio reclami del Finanziatore, per lettera raccomandata o per via telematica; il Finanziatore risponde entro sessanta giorni dal ricevimento. Se non è soddisfatto, il Cliente può rivolgersi all'Arbitro Bancario Finanziario prima di ricorrere al giudice.",
    ),
    (
        "Mediazione",
        "Prima di adire l'autorità giudiziaria il Cliente e il Finanziatore esperiscono il procedimento di mediazione presso un organismo iscritto nel registro tenuto dal Ministero della giustizia; resta ferma la facoltà del Cliente di ricorrere ad altre forme di risoluzione stragiudiziale delle controversie.",
    ),
    (
        "Foro competente",
        "Per ogni controversia è competente il foro del luogo di residenza o di domicilio elettivo del consumatore; è fatta salva la possibilità di ricorrere all'Arbitro Bancario Finanziario e agli altri sistemi di risoluzione stragiudiziale delle controversie previsti dalla legge.",
    ),
    (
        "Trattamento dei dati personali",
        "I dati personali del Cliente sono trattati dal Finanziatore per la conclusione e l'esecuzione del contratto, per gli adempimenti di legge e per la valutazione del merito creditizio, anche mediante la consultazione dei sistemi di informazioni creditizie, come descritto nell'informativa consegnata al Cliente.",
    ),
    (
        "Polizza assicurativa",
        "Il Cliente può facoltativamente aderire a una polizza assicurativa a copertura del rischio di morte, invalidità o perdita dell'impiego; l'adesione non è condizione per la concessione del prestito e il relativo premio, se pagato, non è compreso nel calcolo del TAEG indicato nel presente contratto.",
    ),
    (
        "Spese e imposte",
        "Sono a carico del Cliente l'imposta di bollo e le altre imposte dovute per legge sul contratto e sulle comunicazioni periodiche, oltre alle spese indicate nel frontespizio; il Finanziatore non addebita spese ulteriori rispetto a quelle indicate nel documento di sintesi.",
    ),
    (
        "Documento di sintesi",
        "Il documento di sintesi riporta le condizioni economiche del contratto e ne costituisce il frontespizio; il Cliente dichiara di averne ricevuto copia, insieme alle informazioni europee di base sul credito ai consumatori, prima della conclusione del contratto e in tempo utile per valutarle.",
    ),
];

/// Euro cents as Italian text: `2500000` → `25.000,00`.
fn euro(cents: i64) -> String {
    let units = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, digit) in units.chars().enumerate() {
        if i > 0 && (units.len() - i).is_multiple_of(3) {
            grouped.push('.');
        }
        grouped.push(digit);
    }
    format!("{grouped},{:02}", cents % 100)
}

/// One instalment of the plan, in cents.
struct Instalment {
    due: String,
    payment: i64,
    principal: i64,
    interest: i64,
    balance: i64,
}

/// The French amortisation of the credit: constant payments, interest on the balance, the last
/// payment settling what is left.
fn amortisation() -> Vec<Instalment> {
    let rate = TAN / 100.0 / 12.0;
    let payment = (CREDIT_CENTS as f64 * rate / (1.0 - (1.0 + rate).powi(-(INSTALMENTS as i32))))
        .round() as i64;
    let mut balance = CREDIT_CENTS;
    (0..INSTALMENTS)
        .map(|n| {
            let interest = (balance as f64 * rate).round() as i64;
            let principal = if n + 1 == INSTALMENTS {
                balance
            } else {
                payment - interest
            };
            balance -= principal;
            let month = (FIRST_DUE.0 as usize - 1 + n) % 12 + 1;
            let year = FIRST_DUE.1 + ((FIRST_DUE.0 as usize - 1 + n) / 12) as i32;
            Instalment {
                due: format!("05/{month:02}/{year}"),
                payment: principal + interest,
                principal,
                interest,
                balance,
            }
        })
        .collect()
}

/// `text` cut into lines of at most `width` characters at spaces.
fn wrap(text: &str, width: usize, lines: &mut Vec<String>) {
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
}

/// The 12-page contract: clauses (pages 1–5), the plan (6–11), last clauses and signatures
/// (12).
fn contract(extractor: &Engine) -> Extraction {
    let plan = amortisation();
    let total: i64 = plan.iter().map(|i| i.payment).sum();
    let mut lines: Vec<String> = [
        format!("CONTRATTO DI PRESTITO PERSONALE N. {CONTRACT_NUMBER}"),
        "Finanziatore: Banca Esempio S.p.A., sede in Milano, Via Manzoni 10".into(),
        format!("Cliente: Mario Rossi, codice fiscale {TAX_CODE}"),
        "nato a Roma il 01/01/1980, residente in Roma, Via Appia Nuova 25".into(),
        format!("Importo totale del credito: € {}", euro(CREDIT_CENTS)),
        format!(
            "Durata: {INSTALMENTS} mesi, rate mensili posticipate di € {}",
            euro(plan[0].payment)
        ),
        "TAN fisso: 6,900 %   TAEG: 7,450 %".into(),
        format!("Importo totale dovuto dal consumatore: € {}", euro(total)),
        format!("Conto di addebito: IBAN {IBAN}"),
        format!(
            "Data di stipula: 15/02/2024; prima rata a partire dal 05/{:02}/{}",
            FIRST_DUE.0, FIRST_DUE.1
        ),
        String::new(),
    ]
    .into();
    let mut article = 0;
    let mut clause = |lines: &mut Vec<String>| {
        let (title, text) = CLAUSES[article % CLAUSES.len()];
        article += 1;
        wrap(
            &format!("Art. {article} - {title}. {text}"),
            LINE_WIDTH,
            lines,
        );
    };
    while lines.len() < 5 * LINES_PER_PAGE {
        clause(&mut lines);
    }
    let overflow = lines.split_off(5 * LINES_PER_PAGE);
    let first_pages: Vec<String> = lines
        .chunks(LINES_PER_PAGE)
        .map(|page| page.join("\n"))
        .collect();

    let mut last = overflow;
    while last.len() < 26 {
        clause(&mut last);
    }
    last.extend(
        [
            "",
            "Letto, approvato e sottoscritto.",
            "Luogo e data: Milano, 15/02/2024",
            "",
            "Firma del Cliente _________________________",
            "",
            "Firma del Finanziatore _________________________",
            "",
            "Ai sensi degli artt. 1341 e 1342 c.c. il Cliente approva specificamente gli",
            "articoli relativi a interessi di mora, decadenza dal beneficio del termine,",
            "cessione del credito e foro competente.",
            "",
            "Firma del Cliente _________________________",
        ]
        .map(String::from),
    );

    let header = ["N.", "Scadenza", "Rata", "Capitale", "Interessi", "Residuo"];
    let plan_pages: Vec<Vec<u8>> = plan
        .iter()
        .enumerate()
        .collect::<Vec<_>>()
        .chunks(ROWS_PER_PAGE)
        .map(|chunk| {
            let mut rows: Vec<Vec<String>> = vec![header.map(String::from).to_vec()];
            rows.extend(chunk.iter().map(|(n, i)| {
                vec![
                    (n + 1).to_string(),
                    i.due.clone(),
                    euro(i.payment),
                    euro(i.principal),
                    euro(i.interest),
                    euro(i.balance),
                ]
            }));
            let rows: Vec<Vec<&str>> = rows
                .iter()
                .map(|r| r.iter().map(String::as_str).collect())
                .collect();
            pdf::table_pdf(&rows)
        })
        .collect();

    let first: Vec<&str> = first_pages.iter().map(String::as_str).collect();
    let mut parts = vec![extract(extractor, pdf::text_pdf(&first))];
    parts.extend(plan_pages.into_iter().map(|p| extract(extractor, p)));
    parts.push(extract(extractor, pdf::text_pdf(&[&last.join("\n")])));
    concatenate(parts)
}

/// The 2-page application form: the AcroForm, then the privacy notice to sign.
fn form(extractor: &Engine) -> Extraction {
    use FieldValue::{Checkbox, Radio, Text};
    let fields = [
        ("nome", Text("Mario")),
        ("cognome", Text("Rossi")),
        ("codice_fiscale", Text(TAX_CODE)),
        ("data_nascita", Text("01/01/1980")),
        (
            "sesso",
            Radio {
                options: &["M", "F"],
                selected: Some("M"),
            },
        ),
        ("comune_nascita", Text("Roma")),
        ("provincia_nascita", Text("RM")),
        ("indirizzo", Text("Via Appia Nuova 25")),
        ("cap", Text("00183")),
        ("comune_residenza", Text("Roma")),
        ("provincia_residenza", Text("RM")),
        ("email", Text("mario.rossi@example.it")),
        ("telefono", Text("+39 347 1234567")),
        ("iban", Text("IT60 X054 2811 1010 0000 0123 456")),
        ("importo_richiesto", Text("15.000,00")),
        ("durata_mesi", Text("60")),
        ("reddito_netto_mensile", Text("2.150,00")),
        (
            "tipo_contratto",
            Radio {
                options: &["indeterminato", "determinato", "pensionato"],
                selected: Some("indeterminato"),
            },
        ),
        ("datore_lavoro", Text("Comune di Roma")),
        ("consenso_privacy", Checkbox(true)),
        ("consenso_marketing", Checkbox(false)),
        ("note", Text("Richiesta presentata in filiale")),
    ];
    let notice = "Informativa sul trattamento dei dati personali\n\
        ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679.\n\
        \n\
        Il titolare del trattamento è Banca Esempio S.p.A., con sede in Milano, Via Manzoni 10.\n\
        I dati del modulo sono trattati per valutare la richiesta di finanziamento e, se\n\
        accolta, per concludere ed eseguire il contratto; sono conservati per dieci anni.\n\
        Il richiedente può chiedere l'accesso ai dati, la rettifica, la cancellazione e la\n\
        limitazione del trattamento, e proporre reclamo al Garante per la protezione dei dati.\n\
        \n\
        Dichiaro di aver letto l'informativa e che i dati del modulo sono veritieri.\n\
        \n\
        Luogo e data: Roma, 10/03/2024\n\
        \n\
        Firma del richiedente _________________________";
    concatenate(vec![
        extract(extractor, pdf::form_pdf(&fields)),
        extract(extractor, pdf::text_pdf(&[notice])),
    ])
}

fn extract(extractor: &Engine, pdf: Vec<u8>) -> Extraction {
    extractor
        .extract(pdf, None)
        .expect("the generated PDF is extracted")
}

/// The extractions of consecutive parts of one document as the extraction of the whole: pages
/// renumbered, texts joined with `\f` as `worker::extraction` does, words and tables in page
/// order, form fields together.
fn concatenate(parts: Vec<Extraction>) -> Extraction {
    let mut whole = Extraction {
        raw_text: String::new(),
        pages: Vec::new(),
        raw_text_with_geometry: Vec::new(),
        tables: Vec::new(),
        form_data: Default::default(),
        unread_pages: Vec::new(),
    };
    for part in parts {
        let offset = whole.pages.len() as u32;
        whole.pages.extend(part.pages.into_iter().map(|mut p| {
            p.page += offset;
            p
        }));
        whole
            .raw_text_with_geometry
            .extend(part.raw_text_with_geometry.into_iter().map(|mut w| {
                w.page += offset;
                w
            }));
        whole.tables.extend(part.tables.into_iter().map(|mut t| {
            t.page += offset;
            t
        }));
        whole.form_data.extend(part.form_data);
        assert!(part.unread_pages.is_empty());
    }
    whole.raw_text = whole
        .pages
        .iter()
        .map(|p| p.text.as_str())
        .collect::<Vec<_>>()
        .join("\u{c}");
    whole
}

// --- Data tables ---------------------------------------------------------------------------

fn comuni() -> Value {
    json!({
        "H501": "Roma", "F205": "Milano", "L219": "Torino", "F839": "Napoli",
        "A944": "Bologna", "D612": "Firenze", "G273": "Palermo", "L736": "Venezia",
        "D969": "Genova", "A662": "Bari", "C351": "Catania", "L781": "Verona",
        "F158": "Messina", "G224": "Padova", "L424": "Trieste", "B157": "Brescia",
        "G337": "Parma", "F257": "Modena", "G702": "Pisa", "E506": "Lecce",
        "B354": "Cagliari", "A271": "Ancona", "L378": "Trento", "A952": "Bolzano",
        "D643": "Foggia", "L049": "Taranto", "G478": "Perugia", "I754": "Siracusa"
    })
}

fn banche() -> Value {
    json!({
        "05428": "Banca Popolare di Bergamo", "03069": "Intesa Sanpaolo",
        "02008": "UniCredit", "05034": "Banco BPM", "01030": "Monte dei Paschi di Siena",
        "03032": "Credito Emiliano", "05387": "BPER Banca", "06230": "Crédit Agricole Italia",
        "08327": "BCC di Roma", "03015": "FinecoBank", "03062": "Banca Mediolanum",
        "01005": "Banca Nazionale del Lavoro"
    })
}

fn tables(entries: &[(&str, Value)]) -> Map<String, Value> {
    entries
        .iter()
        .map(|(name, content)| ((*name).to_owned(), content.clone()))
        .collect()
}

/// A rule (`rule!`: name, code, helper) with its data tables.
fn with(
    (name, code, helper): (&'static str, &'static str, Option<&'static str>),
    data_tables: Map<String, Value>,
) -> Rule {
    Rule {
        name,
        code,
        helper,
        data_tables,
    }
}

/// The usury thresholds of the contract's rule 02 (data table `soglieUsura`).
fn usura() -> Value {
    json!({
        "trimestre": "2024-1",
        "categorie": [
            { "categoria": "prestiti personali", "da": 0, "a": 5000, "tassoSoglia": 18.33 },
            { "categoria": "prestiti personali", "da": 5000, "a": 1e9, "tassoSoglia": 15.64 },
            { "categoria": "cessione del quinto", "da": 0, "a": 15000, "tassoSoglia": 18.19 },
            { "categoria": "cessione del quinto", "da": 15000, "a": 1e9, "tassoSoglia": 13.85 },
            { "categoria": "mutui a tasso fisso", "da": 0, "a": 1e9, "tassoSoglia": 6.19 },
            { "categoria": "leasing strumentale", "da": 0, "a": 25000, "tassoSoglia": 13.76 },
            { "categoria": "credito revolving", "da": 0, "a": 5000, "tassoSoglia": 20.09 },
            { "categoria": "scoperti senza affidamento", "da": 0, "a": 1500, "tassoSoglia": 20.20 }
        ]
    })
}

fn contract_rules() -> Vec<Rule> {
    vec![
        with(rule!("contratto", "01-dati-principali", helper), Map::new()),
        with(
            rule!("contratto", "02-taeg-usura"),
            tables(&[("soglieUsura", usura())]),
        ),
        with(rule!("contratto", "03-piano-coerente", helper), Map::new()),
        with(rule!("contratto", "04-firma-cliente"), Map::new()),
        with(rule!("contratto", "05-pagine-complete"), Map::new()),
        with(
            rule!("contratto", "06-codice-fiscale"),
            tables(&[("comuni", comuni())]),
        ),
        with(
            rule!("contratto", "07-iban"),
            tables(&[("banche", banche())]),
        ),
        with(rule!("contratto", "08-clausole"), Map::new()),
        with(rule!("contratto", "09-scadenze", helper), Map::new()),
        with(rule!("contratto", "10-importi-spese", helper), Map::new()),
    ]
}

/// The same ten rules as an author writes them with the module "istruttoria" (issue 33):
/// amounts, percentages, dates, the codice fiscale and the IBAN read by its functions; 04, 05
/// and 08 parse nothing and are the hand-written ones.
fn contract_library_rules() -> Vec<Rule> {
    vec![
        with(
            rule!("contratto-istruttoria", "01-dati-principali", helper),
            Map::new(),
        ),
        with(
            rule!("contratto-istruttoria", "02-taeg-usura"),
            tables(&[("soglieUsura", usura())]),
        ),
        with(
            rule!("contratto-istruttoria", "03-piano-coerente", helper),
            Map::new(),
        ),
        with(rule!("contratto", "04-firma-cliente"), Map::new()),
        with(rule!("contratto", "05-pagine-complete"), Map::new()),
        with(
            rule!("contratto-istruttoria", "06-codice-fiscale"),
            tables(&[("comuni", comuni())]),
        ),
        with(
            rule!("contratto-istruttoria", "07-iban"),
            tables(&[("banche", banche())]),
        ),
        with(rule!("contratto", "08-clausole"), Map::new()),
        with(
            rule!("contratto-istruttoria", "09-scadenze", helper),
            Map::new(),
        ),
        with(
            rule!("contratto-istruttoria", "10-importi-spese", helper),
            Map::new(),
        ),
    ]
}

fn form_rules() -> Vec<Rule> {
    let limiti = json!({
        "importoMinimo": 2000, "importoMassimo": 75000,
        "durate": [24, 36, 48, 60, 72, 84, 96, 108, 120]
    });
    let tassi =
        json!({ "indeterminato": 5.9, "determinato": 7.2, "pensionato": 6.4, "altro": 8.5 });
    let province = json!({
        "RM": { "nome": "Roma", "cap": ["00118", "00199"] },
        "MI": { "nome": "Milano", "cap": ["20121", "20162"] },
        "TO": { "nome": "Torino", "cap": ["10121", "10156"] },
        "NA": { "nome": "Napoli", "cap": ["80121", "80147"] },
        "BO": { "nome": "Bologna", "cap": ["40121", "40141"] },
        "FI": { "nome": "Firenze", "cap": ["50121", "50145"] },
        "PA": { "nome": "Palermo", "cap": ["90121", "90151"] },
        "GE": { "nome": "Genova", "cap": ["16121", "16167"] }
    });
    vec![
        with(rule!("modulo", "01-anagrafica", helper), Map::new()),
        with(
            rule!("modulo", "02-codice-fiscale", helper),
            tables(&[("comuni", comuni())]),
        ),
        with(rule!("modulo", "03-iban"), tables(&[("banche", banche())])),
        with(
            rule!("modulo", "04-importo-durata", helper),
            tables(&[("limiti", limiti)]),
        ),
        with(
            rule!("modulo", "05-sostenibilita", helper),
            tables(&[("tassi", tassi)]),
        ),
        with(rule!("modulo", "06-consensi"), Map::new()),
        with(
            rule!("modulo", "07-contatti"),
            tables(&[("province", province)]),
        ),
        with(rule!("modulo", "08-firma"), Map::new()),
        with(rule!("modulo", "09-data-firma"), Map::new()),
        with(rule!("modulo", "10-completezza", helper), Map::new()),
    ]
}

// --- The production path -------------------------------------------------------------------

/// One document through its rules as the `document-rules` job runs them: the document's input
/// read once, the members several rules read prepared once, then each rule's input (with its
/// data tables) and `run_on_document` with `limits`.
fn through_rules(runtime: &RuleRuntime, document: &Document, limits: &Limits) -> Vec<Execution> {
    let (input, prepared) = prepared_input(runtime, document);
    document
        .rules
        .iter()
        .map(|rule| {
            let input = input.with_data_tables(&rule.data_tables);
            runtime.run_on_document(rule.code, rule.helper, &input, prepared.as_ref(), limits)
        })
        .collect()
}

/// A document's input, and its members several of its rules read prepared once.
fn prepared_input(
    runtime: &RuleRuntime,
    document: &Document,
) -> (RuleInput, Option<PreparedInput>) {
    let input = document_input(&document.stored);
    let prepared = runtime.prepare(&input, &sources(document));
    (input, prepared)
}

/// The code and helper of each of a document's rules.
fn sources(document: &Document) -> Vec<(&str, Option<&str>)> {
    document.rules.iter().map(|r| (r.code, r.helper)).collect()
}

/// A document's rule input without data tables, as the job reads it from the extraction.
fn document_input(stored: &[u8]) -> RuleInput {
    RuleInput::document(DocumentInput::from_extraction(stored).expect("a valid extraction"))
}

// --- Measures ------------------------------------------------------------------------------

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// p50 and p99 of `n` timings of `f`.
fn latencies(n: usize, mut f: impl FnMut()) -> (Duration, Duration) {
    let mut samples: Vec<Duration> = (0..n)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    samples.sort();
    (percentile(&samples, 0.50), percentile(&samples, 0.99))
}

fn main() {
    let vars = Vars::env();
    let extraction_config =
        ExtractionConfig::from_vars(&vars).expect("a valid extraction configuration");
    // In this process: the benchmark measures the rules on what the extraction produces.
    let extractor = Engine::new(&ExtractorConfig::from_config(&extraction_config))
        .expect("PDFium (scripts/pdfium.sh) and tesseract");
    let rule_config = RuleConfig::from_vars(&vars).expect("a valid rule configuration");
    let cache = tempfile::tempdir().expect("a temporary directory");
    let config = RuntimeConfig {
        cache_dir: cache.path().to_path_buf(),
        allocator: allocator(),
        ..RuntimeConfig::from_config(&rule_config)
    };
    let runtime =
        Arc::new(RuleRuntime::new(&config).expect("the Javy plugin (scripts/javy-plugin.sh)"));
    // The worker's limits, as `document-rules` passes them (`runtime.limits()`).
    let limits = runtime.limits();

    let started = Instant::now();
    let contract_extraction = contract(&extractor);
    let documents: Vec<Document> = [
        ("contract", contract_extraction.clone(), contract_rules()),
        ("form", form(&extractor), form_rules()),
        (
            "contract (istruttoria)",
            contract_extraction,
            contract_library_rules(),
        ),
    ]
    .into_iter()
    .map(|(name, extraction, rules)| Document {
        name,
        stored: serde_json::to_vec(&extraction).expect("serialisable"),
        extraction,
        rules,
    })
    .collect();
    let extracted_in = started.elapsed();

    // Every rule succeeds on its document: the documents and the rules agree.
    for document in &documents {
        for (rule, execution) in document
            .rules
            .iter()
            .zip(through_rules(&runtime, document, &limits))
        {
            assert!(
                execution.is_ok() && execution.result.as_ref().unwrap()["success"] == true,
                "{} / {}: {execution:#?}",
                document.name,
                rule.name
            );
            if std::env::var_os("DOCUMENTS_BENCH_VERBOSE").is_some() {
                println!(
                    "{} / {}: {}",
                    document.name,
                    rule.name,
                    execution.result.as_ref().unwrap()
                );
            }
        }
    }
    let [contract, form, contract_library] = &documents[..] else {
        unreachable!()
    };
    // The rules written with "istruttoria" find what the hand-written ones find.
    for ((rule, by_hand), with_library) in contract
        .rules
        .iter()
        .zip(through_rules(&runtime, contract, &limits))
        .zip(through_rules(&runtime, contract_library, &limits))
    {
        assert_eq!(
            by_hand.result.as_ref().map(|r| &r["metas"]),
            with_library.result.as_ref().map(|r| &r["metas"]),
            "{}: the same metas with the module",
            rule.name
        );
    }

    let mut criterion = Criterion::default().configure_from_args();
    {
        let mut group = criterion.benchmark_group("contract");
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(10));
        group.bench_function("through 10 rules", |b| {
            b.iter(|| black_box(through_rules(&runtime, contract, &limits)))
        });
        group.bench_function("through 10 rules with istruttoria", |b| {
            b.iter(|| black_box(through_rules(&runtime, contract_library, &limits)))
        });
        group.finish();
        let mut group = criterion.benchmark_group("form");
        group
            .sample_size(50)
            .measurement_time(Duration::from_secs(5));
        group.bench_function("through 10 rules", |b| {
            b.iter(|| black_box(through_rules(&runtime, form, &limits)))
        });
        group.finish();
    }
    criterion.final_summary();

    // The summary criterion does not give.
    let quick = std::env::args().any(|a| a == "--test" || a == "--list");
    if quick {
        return;
    }
    println!("\n== summary (production-shaped) ==");
    println!("{}", support::platform_line());
    println!(
        "limits: {} ms, {} MiB; documents extracted by PDFium at start-up in {:.0} ms",
        limits.timeout.as_millis(),
        limits.memory_bytes >> 20,
        extracted_in.as_secs_f64() * 1e3
    );
    for document in &documents {
        let e = &document.extraction;
        let words = serde_json::to_vec(&e.raw_text_with_geometry).expect("serialisable");
        let tables = serde_json::to_vec(&e.tables).expect("serialisable");
        let input_bytes = document_input(&document.stored)
            .with_data_tables(&Map::new())
            .to_json()
            .len();
        println!(
            "{}: {} pages, rawText {} bytes, {} words ({} bytes of JSON, {:.0} per word), {} tables ({} rows, {} bytes), {} form fields; stored extraction {} bytes (sha256 {}), rule input {} bytes",
            document.name,
            e.pages.len(),
            e.raw_text.len(),
            e.raw_text_with_geometry.len(),
            words.len(),
            words.len() as f64 / e.raw_text_with_geometry.len().max(1) as f64,
            e.tables.len(),
            e.tables.iter().map(|t| t.rows.len()).sum::<usize>(),
            tables.len(),
            e.form_data.len(),
            document.stored.len(),
            &format!("{:x}", Sha256::digest(&document.stored))[..12],
            input_bytes
        );
    }

    // Documents per second through all their rules: one thread, then every core.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for document in &documents {
        for threads in [1, cores] {
            let window = Duration::from_secs(6);
            let rate = std::sync::Mutex::new(0.0);
            std::thread::scope(|scope| {
                for _ in 0..threads {
                    scope.spawn(|| {
                        let start = Instant::now();
                        let mut done = 0usize;
                        while start.elapsed() < window {
                            for execution in through_rules(&runtime, document, &limits) {
                                assert!(execution.is_ok());
                            }
                            done += 1;
                        }
                        *rate.lock().unwrap() += done as f64 / start.elapsed().as_secs_f64();
                    });
                }
            });
            let per_second = rate.into_inner().unwrap();
            println!(
                "throughput {} through its {} rules, {threads} thread(s): {per_second:.1} documents/s ({:.1} per core)",
                document.name,
                document.rules.len(),
                per_second / threads.min(cores) as f64
            );
        }
    }

    // Each rule: its input built and `run`, as in the job (after the document's input is read).
    for (document, n) in [(contract, 100), (contract_library, 100), (form, 1000)] {
        let (p50, p99) = latencies(n / 5, || {
            black_box(document_input(&document.stored));
        });
        println!(
            "{}: input read from the extraction (once per document, host): p50 {:.0} µs, p99 {:.0} µs",
            document.name,
            micros(p50),
            micros(p99)
        );
        let (base, prepared) = prepared_input(&runtime, document);
        let sources = sources(document);
        let (p50, p99) = latencies(n / 5, || {
            black_box(runtime.prepare(&base, &sources));
        });
        match &prepared {
            Some(prepared) => println!(
                "{}: prepared once per document ({}): p50 {:.0} µs, p99 {:.0} µs; {:.1} MiB of memory copied into each rule naming them",
                document.name,
                prepared.members().collect::<Vec<_>>().join(", "),
                micros(p50),
                micros(p99),
                prepared.memory_bytes() as f64 / (1 << 20) as f64
            ),
            None => println!(
                "{}: nothing prepared once per document (no member of {} KiB or more named by two rules)",
                document.name,
                PREPARE_MIN_BYTES >> 10
            ),
        }
        let mut sum_p50 = Duration::ZERO;
        for rule in &document.rules {
            let (p50, p99) = latencies(n, || {
                let input = base.with_data_tables(&rule.data_tables);
                let execution = runtime.run_on_document(
                    rule.code,
                    rule.helper,
                    &input,
                    prepared.as_ref(),
                    &limits,
                );
                assert!(execution.is_ok());
            });
            sum_p50 += p50;
            let served = prepared
                .as_ref()
                .is_some_and(|p| p.serves((rule.code, rule.helper), &base));
            println!(
                "latency {} / {}: p50 {:.0} µs, p99 {:.0} µs (n = {n}){}",
                document.name,
                rule.name,
                micros(p50),
                micros(p99),
                if served {
                    ", from the prepared input"
                } else {
                    ""
                }
            );
        }
        // What a rule pays before its first line, and what reading every member costs.
        let empty = runtime.compile(EMPTY_RULE, None).expect("compiles");
        let reads_all = runtime
            .compile(
                "export default (input) => ({ success: Object.values(input).length > 0 });",
                None,
            )
            .expect("compiles");
        let input = base.with_data_tables(&Map::new());
        let (floor, _) = latencies(n, || {
            assert!(runtime.execute(&empty, &input, &limits).is_ok());
        });
        let (all_floor, _) = latencies(n, || {
            assert!(runtime.execute(&reads_all, &input, &limits).is_ok());
        });
        let mut without = document.extraction.clone();
        without.raw_text_with_geometry.clear();
        let light = document_input(&serde_json::to_vec(&without).expect("serialisable"))
            .with_data_tables(&Map::new());
        let (light_floor, _) = latencies(n, || {
            assert!(runtime.execute(&reads_all, &light, &limits).is_ok());
        });
        let mut phases: [Vec<Duration>; 4] = Default::default();
        for _ in 0..n {
            let (execution, p) = runtime.execute_profiled(&empty, &input, &limits);
            assert!(execution.is_ok());
            for (i, d) in [p.setup, p.instantiate, p.run, p.collect]
                .into_iter()
                .enumerate()
            {
                phases[i].push(d);
            }
        }
        let [setup, instantiate, run, collect] = phases.map(|mut v| {
            v.sort();
            micros(percentile(&v, 0.5))
        });
        println!(
            "{}: phases of the empty rule (medians): setup {setup:.0} µs, instantiate {instantiate:.0} µs, run {run:.0} µs, collect {collect:.0} µs",
            document.name
        );
        println!(
            "{}: sum of the rules' p50 {:.0} µs; an empty rule on the same input p50 {:.0} µs (10 of them = {:.0}% of the sum); a rule reading every member p50 {:.0} µs ({:.0} µs without rawTextWithGeometry: {} → {} bytes)",
            document.name,
            micros(sum_p50),
            micros(floor),
            100.0 * 10.0 * floor.as_secs_f64() / sum_p50.as_secs_f64(),
            micros(all_floor),
            micros(light_floor),
            input.to_json().len(),
            light.to_json().len(),
        );
    }

    // Memory per concurrent execution: what one execution holds at its most, each rule on a
    // runtime of its own whose pool has run nothing yet, from the document's input prepared
    // once (by the main runtime: its slot is not theirs) as in production.
    for document in [form, contract] {
        let (base, prepared) = prepared_input(&runtime, document);
        let mut own = Vec::new();
        for rule in &document.rules {
            let fresh = RuleRuntime::new(&config).expect("a second runtime");
            // Loaded from the cache the main runtime filled, outside the measure.
            fresh.compile(rule.code, rule.helper).expect("compiles");
            let input = base.with_data_tables(&rule.data_tables);
            let footprint = measure(|| {
                let (execution, memory) = fresh.run_on_document_measured(
                    rule.code,
                    rule.helper,
                    &input,
                    prepared.as_ref(),
                    &limits,
                );
                assert!(execution.is_ok());
                memory
            });
            println!("memory {} / {}: {footprint}", document.name, rule.name);
            own.push(footprint.own());
        }
        own.sort();
        println!(
            "memory {}: of its rules' own, median {:.0} KiB, least {:.0}, most {:.0}",
            document.name,
            kib(own[own.len() / 2]),
            kib(own[0]),
            kib(own[own.len() - 1])
        );
    }
    // What a used slot keeps (the pages executions wrote, up to the pool's `keep_resident`,
    // reset in place rather than given back), and whether resetting it then costs more: an
    // empty rule on a slot of its own, then on the same slot after the contract's rule reading
    // the words (1.2 MiB of prepared memory copied in).
    let fresh = RuleRuntime::new(&config).expect("a second runtime");
    let empty = fresh.compile(EMPTY_RULE, None).expect("compiles");
    let light = document_input(&form.stored).with_data_tables(&Map::new());
    let empty_on_slot = |when: &str| {
        let mut collect: Vec<Duration> = (0..200)
            .map(|_| {
                let (execution, phases) = fresh.execute_profiled(&empty, &light, &limits);
                assert!(execution.is_ok());
                phases.collect
            })
            .collect();
        collect.sort();
        let (execution, memory) =
            fresh.run_on_document_measured(EMPTY_RULE, None, &light, None, &limits);
        assert!(execution.is_ok());
        println!(
            "memory: an empty rule on a slot {when}: the slot holds {:.0} KiB private as it ends; its collect phase p50 {:.1} µs",
            kib(memory.expect("the execution's pages").private),
            micros(percentile(&collect, 0.5))
        );
    };
    empty_on_slot("of its own");
    let words = contract
        .rules
        .iter()
        .find(|rule| rule.name == "04-firma-cliente")
        .expect("the contract's rule 04");
    let (base, prepared) = prepared_input(&runtime, contract);
    let input = base.with_data_tables(&words.data_tables);
    let execution =
        fresh.run_on_document(words.code, words.helper, &input, prepared.as_ref(), &limits);
    assert!(execution.is_ok());
    empty_on_slot("that ran the contract's 04-firma-cliente");
}
