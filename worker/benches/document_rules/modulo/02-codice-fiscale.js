// Il codice fiscale corrisponde a nome, cognome, sesso, data e comune di nascita dichiarati
// (datatable comuni: codice catastale → comune).
import { codiceCognome, codiceNome, carattereControllo, MESI } from "./helper.js";

const FORMA = /^[A-Z]{6}\d{2}[A-EHLMPR-T]\d{2}[A-Z]\d{3}[A-Z]$/;

export default function ({ formData, dataTables }) {
  const cf = String(formData.codice_fiscale ?? "").toUpperCase();
  const errori = [];
  if (!FORMA.test(cf)) errori.push("forma");
  if (carattereControllo(cf) !== cf[15]) errori.push("carattere di controllo");
  if (cf.slice(0, 3) !== codiceCognome(formData.cognome ?? "")) errori.push("cognome");
  if (cf.slice(3, 6) !== codiceNome(formData.nome ?? "")) errori.push("nome");
  const [g, m, a] = String(formData.data_nascita ?? "").split("/");
  const giorno = Number(g) + (formData.sesso === "F" ? 40 : 0);
  if (cf.slice(6, 8) !== String(a).slice(2)) errori.push("anno di nascita");
  if (cf[8] !== MESI[Number(m) - 1]) errori.push("mese di nascita");
  if (Number(cf.slice(9, 11)) !== giorno) errori.push("giorno di nascita o sesso");
  const comune = dataTables.comuni[cf.slice(11, 15)];
  if (comune?.toUpperCase() !== String(formData.comune_nascita ?? "").toUpperCase()) errori.push("comune di nascita");
  return { success: errori.length === 0, metas: { codiceFiscaleCoerente: errori.length === 0 ? "sì" : "no" }, errori };
}
