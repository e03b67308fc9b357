// Gli importi citati e le spese (istruttoria, incasso rata, sollecito).
import { numero, arrotonda } from "./helper.js";

const IMPORTO = /(?:euro|€)\s*(?<importo>\d{1,3}(?:\.\d{3})*,\d{2})/gi;
const SPESE = /spese di (?<voce>istruttoria|incasso rata|sollecito)[^€]{0,30}€\s*(?<importo>\d{1,3}(?:\.\d{3})*,\d{2})/gi;

export default function ({ rawText }) {
  const importi = [...rawText.matchAll(IMPORTO)].map((m) => numero(m.groups.importo));
  const spese = {};
  for (const m of rawText.matchAll(SPESE)) spese[m.groups.voce.toLowerCase()] = numero(m.groups.importo);
  const totaleSpese = arrotonda(Object.values(spese).reduce((a, b) => a + b, 0));
  return {
    success: importi.length > 10 && "istruttoria" in spese && Math.max(...importi) < 100000,
    metas: { speseIstruttoria: String(spese.istruttoria ?? ""), totaleSpese: String(totaleSpese) },
    importiCitati: importi.length,
  };
}
