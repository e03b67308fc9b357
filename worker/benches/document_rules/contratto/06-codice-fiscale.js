// Il codice fiscale del Cliente: carattere di controllo, e data e comune di nascita coerenti
// con quelli scritti nel contratto (datatable comuni: codice catastale → comune).
const CODICE_FISCALE = /\b[A-Z]{6}\d{2}[A-EHLMPR-T]\d{2}[A-Z]\d{3}[A-Z]\b/g;
const NASCITA = /nat[oa] a (?<luogo>[A-Z][a-z]+(?: [A-Z][a-z]+)*) il (?<data>\d{2}\/\d{2}\/\d{4})/;
const DISPARI = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const MESI = "ABCDEHLMPRST";

function carattereControllo(cf) {
  let somma = 0;
  for (let i = 0; i < 15; i++) {
    const c = cf.charCodeAt(i);
    const valore = c <= 57 ? c - 48 : c - 65;
    somma += i % 2 === 0 ? DISPARI[valore] : valore;
  }
  return String.fromCharCode(65 + (somma % 26));
}

export default function ({ rawText, dataTables }) {
  const trovati = [...new Set(rawText.match(CODICE_FISCALE) ?? [])];
  const validi = trovati.filter((cf) => carattereControllo(cf) === cf[15]);
  const cf = validi[0];
  if (cf === undefined) return { success: false, metas: { codiceFiscaleValido: "no" }, trovati };
  const giorno = Number(cf.slice(9, 11));
  const sesso = giorno > 40 ? "F" : "M";
  const data = `${String(giorno % 40).padStart(2, "0")}/${String(MESI.indexOf(cf[8]) + 1).padStart(2, "0")}/19${cf.slice(6, 8)}`;
  const comune = dataTables.comuni[cf.slice(11, 15)] ?? null;
  const nascita = rawText.match(NASCITA)?.groups;
  return {
    success: validi.length === 1 && comune !== null && comune === nascita?.luogo && data === nascita?.data,
    metas: { codiceFiscaleValido: "sì", comuneNascita: comune, sesso },
  };
}
