// helper.js delle regole del modulo di richiesta: campi vuoti, numeri all'italiana, codice
// fiscale.

/** Un campo non compilato. */
export const vuoto = (valore) =>
  valore === null || valore === undefined || (typeof valore === "string" && valore.trim() === "");

/** "1.234,56" → 1234.56 */
export const numero = (testo) => Number(String(testo).replace(/\./g, "").replace(",", "."));

export const MESI = "ABCDEHLMPRST";
const DISPARI = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

const lettere = (testo) => testo.toUpperCase().replace(/[^A-Z]/g, "");
const consonanti = (testo) => lettere(testo).replace(/[AEIOU]/g, "");
const vocali = (testo) => lettere(testo).replace(/[^AEIOU]/g, "");

/** Le tre lettere del cognome nel codice fiscale. */
export const codiceCognome = (cognome) => (consonanti(cognome) + vocali(cognome) + "XXX").slice(0, 3);

/** Le tre lettere del nome nel codice fiscale (1ª, 3ª e 4ª consonante se sono almeno quattro). */
export function codiceNome(nome) {
  const c = consonanti(nome);
  if (c.length >= 4) return c[0] + c[2] + c[3];
  return (c + vocali(nome) + "XXX").slice(0, 3);
}

/** Il carattere di controllo dei primi 15 caratteri di un codice fiscale. */
export function carattereControllo(cf) {
  let somma = 0;
  for (let i = 0; i < 15; i++) {
    const c = cf.charCodeAt(i);
    const valore = c <= 57 ? c - 48 : c - 65;
    somma += i % 2 === 0 ? DISPARI[valore] : valore;
  }
  return String.fromCharCode(65 + (somma % 26));
}
