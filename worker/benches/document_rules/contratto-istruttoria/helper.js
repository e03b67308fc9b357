// helper.js delle regole del contratto, scritte con il modulo "istruttoria": il piano di rimborso.
import { numero } from "istruttoria";

/** Arrotonda ai centesimi. */
export const arrotonda = (x) => Math.round(x * 100) / 100;

/**
 * Le righe del piano di rimborso, da tutte le sue pagine: l'estrazione dà una tabella per
 * pagina, la cui prima riga è il titolo ("Piano di rimborso") e la seconda le intestazioni.
 */
export function righePiano(tables) {
  const righe = [];
  for (const tabella of tables) {
    if (tabella.rows[0]?.[0] !== "Piano di rimborso") continue;
    for (let r = 2; r < tabella.rows.length; r++) {
      const [n, scadenza, rata, capitale, interessi, residuo] = tabella.rows[r];
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
