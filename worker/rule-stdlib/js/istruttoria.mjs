// The module "istruttoria" for node: the standard library of rules, as the Playground zip runs a
// rule locally. The rule runtime runs the Rust implementation (worker/rule-stdlib/src), compiled
// into its plugin; this copy gives the same answers — both are checked against one table of
// cases (worker/rule-stdlib/cases.json). Documentation: docs/rules.md, "The istruttoria module".

const SPACE = "\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff";
const EDGE_SPACES = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, "g");
const IS_SPACE = new RegExp(`^[${SPACE}]$`);
const trim = (text) => text.replace(EDGE_SPACES, "");
const isDigits = (text) => text.length > 0 && /^[0-9]+$/.test(text);
const MAX_CHARS = 64;

/** The text of a value a function reads: a string, or null for anything else. */
const textOf = (value) => (typeof value === "string" ? value : null);

// --- numbers ---------------------------------------------------------------------------------

function groupedDigits(whole) {
  if (/^[0-9]*$/.test(whole)) return whole;
  const separator = [...whole].find((c) => !/[0-9]/.test(c));
  const kind = (c) => (IS_SPACE.test(c) ? " " : c);
  if (![".", " ", "'", "’"].includes(kind(separator))) return null;
  let digits = "";
  let group = "";
  const groups = [];
  for (const c of whole) {
    if (!/[0-9]/.test(c) && kind(c) === kind(separator)) {
      groups.push(group);
      group = "";
    } else {
      group += c;
    }
  }
  groups.push(group);
  for (let at = 0; at < groups.length; at++) {
    const g = groups[at];
    const sized = at === 0 ? g.length >= 1 && g.length <= 3 : g.length === 3;
    if (!sized || !isDigits(g)) return null;
    digits += g;
  }
  return digits;
}

function unsigned(text) {
  if (text === "" || [...text].length > MAX_CHARS) return null;
  let whole = text;
  let fraction = null;
  const comma = text.indexOf(",");
  if (comma >= 0) {
    whole = text.slice(0, comma);
    fraction = text.slice(comma + 1);
    if (!isDigits(fraction)) return null;
  } else {
    const dot = text.indexOf(".");
    if (dot >= 0) {
      const before = text.slice(0, dot);
      const after = text.slice(dot + 1);
      if (isDigits(before) && isDigits(after) && after.length !== 3) {
        whole = before;
        fraction = after;
      }
    }
  }
  let digits = groupedDigits(whole);
  if (digits === null) return null;
  if (digits === "" && fraction === null) return null;
  if (digits === "") digits = "0";
  const value = Number(fraction === null ? digits : `${digits}.${fraction}`);
  return Number.isFinite(value) ? value : null;
}

function sign(text) {
  if (text.startsWith("(") && text.endsWith(")")) return [true, trim(text.slice(1, -1))];
  if (text.startsWith("-") || text.startsWith("−")) return [true, trim(text.slice(1))];
  if (text.startsWith("+")) return [false, trim(text.slice(1))];
  if (text.endsWith("-")) return [true, trim(text.slice(0, -1))];
  return [false, text];
}

/** "1.234,56" → 1234.56; null when the text is not an Italian number. */
export function numero(value) {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  let text = textOf(value);
  if (text === null) return null;
  text = trim(text);
  if (text.length > MAX_CHARS * 4) return null;
  const [negative, body] = sign(text);
  const parsed = unsigned(body);
  if (parsed === null) return null;
  return negative && parsed !== 0 ? -parsed : parsed;
}

function stripCurrency(text) {
  const lower = text.replace(/[A-Z]/g, (c) => c.toLowerCase());
  for (const mark of ["euros", "euro", "eur", "€"]) {
    if (lower.startsWith(mark) && !/^\p{Alphabetic}/u.test(text.slice(mark.length))) return trim(text.slice(mark.length));
    if (lower.endsWith(mark)) {
      const rest = text.slice(0, text.length - mark.length);
      if (!/\p{Alphabetic}$/u.test(rest)) return trim(rest);
    }
  }
  return text;
}

/** "€ 1.234,56" → 1234.56 euros; null when the text is not an amount. */
export function importo(value) {
  if (typeof value === "number") return numero(value);
  let text = textOf(value);
  if (text === null) return null;
  text = trim(text);
  let negative = false;
  if (text.startsWith("-") || text.startsWith("−")) {
    negative = true;
    text = trim(text.slice(1));
  }
  const parsed = numero(stripCurrency(text));
  if (parsed === null) return null;
  return negative && parsed !== 0 ? -parsed : parsed;
}

/** "7,25 %" → 7.25; null when the text is not a percentage. */
export function percentuale(value) {
  if (typeof value === "number") return numero(value);
  let text = textOf(value);
  if (text === null) return null;
  text = trim(text);
  const lower = text.replace(/[A-Z]/g, (c) => c.toLowerCase());
  for (const mark of ["%", "per cento", "percento"]) {
    if (lower.endsWith(mark)) return numero(text.slice(0, text.length - mark.length));
  }
  return numero(text);
}

// --- dates -----------------------------------------------------------------------------------

const MONTHS = ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"];
const SHORT_MONTHS = ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"];
const WEEKDAYS = ["lunedi", "martedi", "mercoledi", "giovedi", "venerdi", "sabato", "domenica"];

function year(text) {
  if (!isDigits(text)) return null;
  const value = Number(text);
  if (text.length === 4) return value;
  if (text.length === 2) return value >= 69 ? 1900 + value : 2000 + value;
  return null;
}

function numericDate(text) {
  const separator = [...text].find((c) => !/[0-9]/.test(c));
  if (!["/", "-", "."].includes(separator)) return null;
  const parts = text.split(separator);
  if (parts.length !== 3) return null;
  const number = (part, widths) => (widths.includes(part.length) && isDigits(part) ? Number(part) : null);
  if (separator === "-" && parts[0].length === 4) {
    const [y, m, d] = [number(parts[0], [4]), number(parts[1], [2]), number(parts[2], [2])];
    return y === null || m === null || d === null ? null : [y, m, d];
  }
  const [d, m, y] = [number(parts[0], [1, 2]), number(parts[1], [1, 2]), year(parts[2])];
  return y === null || m === null || d === null ? null : [y, m, d];
}

function writtenDate(text) {
  const words = text
    .toLowerCase()
    .split(new RegExp(`[${SPACE},]`))
    .filter((w) => w !== "");
  if (words.length > 0 && WEEKDAYS.includes(words[0].replaceAll("ì", "i"))) words.shift();
  if (words.length !== 3) return null;
  const day = words[0].replace(/[°º]+$/, "");
  if (day === "" || day.length > 2 || !isDigits(day)) return null;
  const name = words[1].replace(/\.+$/, "");
  let month = MONTHS.indexOf(name);
  if (month < 0) month = SHORT_MONTHS.indexOf(name);
  if (month < 0 && name === "sett") month = 8;
  if (month < 0 || words[2].length !== 4) return null;
  const y = year(words[2]);
  return y === null ? null : [y, month + 1, Number(day)];
}

function validDate(y, m, d) {
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
  return days !== undefined && y >= 1000 && y <= 9999 && d >= 1 && d <= days;
}

/** "05/03/2024", "5 marzo 2024" → "2024-03-05"; null when the text is not a date. */
export function data(value) {
  let text = textOf(value);
  if (text === null) return null;
  text = trim(text);
  if (new TextEncoder().encode(text).length > 64) return null;
  const found = numericDate(text) ?? writtenDate(text);
  if (found === null || !validDate(...found)) return null;
  const [y, m, d] = found;
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

// --- codes -----------------------------------------------------------------------------------

const OMOCODIA = "LMNPQRSTUV";
const MONTH_LETTERS = "ABCDEHLMPRST";
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const upperAscii = (text) => text.replace(/[a-z]/g, (c) => c.toUpperCase());

function person(code) {
  const letter = (at) => /[A-Z]/.test(code[at]);
  const digit = (at) => (/[0-9]/.test(code[at]) ? Number(code[at]) : OMOCODIA.indexOf(code[at]) >= 0 ? OMOCODIA.indexOf(code[at]) : null);
  const shape =
    [0, 1, 2, 3, 4, 5].every(letter) &&
    [6, 7, 9, 10, 12, 13, 14].every((at) => digit(at) !== null) &&
    MONTH_LETTERS.includes(code[8]) &&
    letter(11) &&
    letter(15);
  if (!shape) return false;
  const day = digit(9) * 10 + digit(10);
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  const value = (c) => (/[0-9]/.test(c) ? Number(c) : c.charCodeAt(0) - 65);
  let sum = 0;
  for (let at = 0; at < 15; at++) sum += at % 2 === 0 ? ODD[value(code[at])] : value(code[at]);
  return String.fromCharCode(65 + (sum % 26)) === code[15];
}

function company(code) {
  if (!/^[0-9]{11}$/.test(code)) return false;
  let sum = 0;
  for (let at = 0; at < 10; at++) {
    let d = Number(code[at]);
    if (at % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === Number(code[10]);
}

/** Whether the text is a valid codice fiscale (a person's 16 characters, or a company's 11 digits). */
export function codiceFiscaleValido(value) {
  const text = textOf(value);
  if (text === null) return false;
  const code = upperAscii(trim(text));
  if ([...code].length !== code.length) return false;
  if (code.length === 16) return person(code);
  if (code.length === 11) return company(code);
  return false;
}

const IBAN_LENGTHS = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22,
  IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20,
  LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18,
  NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31,
  SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29,
  VA: 22, VG: 24, XK: 20, YE: 30,
};

/** Whether the text is a valid IBAN: its country's length and its check digits (modulo 97). */
export function ibanValido(value) {
  const text = textOf(value);
  if (text === null) return false;
  const iban = upperAscii(trim(text).replaceAll(" ", ""));
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
  if (["IT", "SM"].includes(iban.slice(0, 2)) && !/^[A-Z][0-9]{10}/.test(iban.slice(4))) return false;
  let rest = 0;
  for (const c of iban.slice(4) + iban.slice(0, 4)) {
    rest = /[0-9]/.test(c) ? (rest * 10 + Number(c)) % 97 : (rest * 100 + c.charCodeAt(0) - 55) % 97;
  }
  return rest === 1;
}

// --- text ------------------------------------------------------------------------------------

const ACCENTS = {
  a: "àáâãäåāăą", c: "çćĉċč", d: "ďđ", e: "èéêëēĕėęě", g: "ĝğġģ", h: "ĥħ", i: "ìíîïĩīĭįı", j: "ĵ",
  k: "ķ", l: "ĺļľŀł", n: "ñńņň", o: "òóôõöøōŏő", r: "ŕŗř", s: "śŝşš", t: "ţťŧ", u: "ùúûüũūŭůűų",
  w: "ŵ", y: "ýÿŷ", z: "źżž",
};
const WITHOUT_ACCENT = new Map(Object.entries(ACCENTS).flatMap(([base, letters]) => [...letters].map((l) => [l, base])));

/** "  Società   PER Azioni " → "societa per azioni": lower case, no accents, single spaces. */
export function normalizza(value) {
  const text = textOf(value);
  if (text === null) return null;
  let out = "";
  let pendingSpace = false;
  for (const c of text) {
    if (IS_SPACE.test(c)) {
      pendingSpace = out !== "";
      continue;
    }
    if (pendingSpace) {
      out += " ";
      pendingSpace = false;
    }
    for (const lower of c.toLowerCase()) out += WITHOUT_ACCENT.get(lower) ?? lower;
  }
  return out;
}

/** Whether the text contains the phrase, both normalised (case, accents and spaces do not matter). */
export function contiene(text, phrase) {
  const a = normalizza(text);
  const b = normalizza(phrase);
  return a !== null && b !== null && a.includes(b);
}

// --- tables ----------------------------------------------------------------------------------

const rowsOf = (table) => (Array.isArray(table) ? table : Array.isArray(table?.rows) ? table.rows : null);
const index = (value) => (Number.isInteger(value) && value >= 0 ? value : null);

/** The number in a cell of a table (`{ rows }` or the rows themselves), or null. */
export function numeroCella(table, row, column) {
  const rows = rowsOf(table);
  const [r, c] = [index(row), index(column)];
  if (rows === null || r === null || c === null) return null;
  const cells = rows[r];
  return Array.isArray(cells) ? numero(cells[c]) : null;
}

/** The numbers of a column, one per row (null where a cell is not a number). */
export function numeriColonna(table, column) {
  const c = index(column);
  return (rowsOf(table) ?? []).map((cells) => (Array.isArray(cells) && c !== null ? numero(cells[c]) : null));
}
