// Il codice fiscale del Cliente: carattere di controllo, e data e comune di nascita coerenti
// con quelli scritti nel contratto (datatable comuni: codice catastale → comune).
import { codiceFiscaleValido, data } from "istruttoria";

const CODICE_FISCALE = /\b[A-Z]{6}\d{2}[A-EHLMPR-T]\d{2}[A-Z]\d{3}[A-Z]\b/g;
const NASCITA = /nat[oa] a (?<luogo>[A-Z][a-z]+(?: [A-Z][a-z]+)*) il (?<data>\d{2}\/\d{2}\/\d{4})/;
const MESI = "ABCDEHLMPRST";

export default function ({ rawText, dataTables }) {
  const trovati = [...new Set(rawText.match(CODICE_FISCALE) ?? [])];
  const validi = trovati.filter(codiceFiscaleValido);
  const cf = validi[0];
  if (cf === undefined) return { success: false, metas: { codiceFiscaleValido: "no" }, trovati };
  const giorno = Number(cf.slice(9, 11));
  const sesso = giorno > 40 ? "F" : "M";
  const nato = `19${cf.slice(6, 8)}-${String(MESI.indexOf(cf[8]) + 1).padStart(2, "0")}-${String(giorno % 40).padStart(2, "0")}`;
  const comune = dataTables.comuni[cf.slice(11, 15)] ?? null;
  const nascita = rawText.match(NASCITA)?.groups;
  return {
    success: validi.length === 1 && comune !== null && comune === nascita?.luogo && nato === data(nascita?.data),
    metas: { codiceFiscaleValido: "sì", comuneNascita: comune, sesso },
  };
}
