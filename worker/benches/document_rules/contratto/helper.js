// helper.js delle regole del contratto: numeri e date all'italiana, il piano di rimborso.

/** "1.234,56" → 1234.56 */
export const numero = (testo) => Number(String(testo).replace(/\./g, "").replace(",", "."));

/** Arrotonda ai centesimi. */
export const arrotonda = (x) => Math.round(x * 100) / 100;

/** "05/03/2024" → "2024-03-05" */
export const dataIso = (testo) => {
  const [g, m, a] = testo.split("/");
  return `${a}-${m}-${g}`;
};

/**
 * Le righe del piano di rimborso, da tutte le sue pagine: l'estrazione dà una tabella per
 * pagina, la cui prima riga è il titolo ("Piano di rimborso") e la seconda le intestazioni.
 */
export function righePiano(tables) {
  const righe = [];
  for (const tabella of tables) {
    if (tabella.rows[0]?.[0] !== "Piano di rimborso") continue;
    for (const [n, scadenza, rata, capitale, interessi, residuo] of tabella.rows.slice(2)) {
      righe.push({
        n: Number(n),
        scadenza,
        rata: numero(rata),
        capitale: numero(capitale),
        interessi: numero(interessi),
        residuo: numero(residuo),
      });
    }
  }
  return righe;
}
