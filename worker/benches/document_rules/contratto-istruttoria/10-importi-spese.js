// Gli importi citati e le spese (istruttoria, incasso rata, sollecito).
import { importo } from "istruttoria";
import { arrotonda } from "./helper.js";

const IMPORTO = /(?:euro|€)\s*\d{1,3}(?:\.\d{3})*,\d{2}/gi;
const SPESE = /spese di (?<voce>istruttoria|incasso rata|sollecito)[^€]{0,30}(?<importo>€\s*\d{1,3}(?:\.\d{3})*,\d{2})/gi;

export default function ({ rawText }) {
  const importi = (rawText.match(IMPORTO) ?? []).map(importo);
  const spese = {};
  for (const m of rawText.matchAll(SPESE)) spese[m.groups.voce.toLowerCase()] = importo(m.groups.importo);
  const totaleSpese = arrotonda(Object.values(spese).reduce((a, b) => a + b, 0));
  return {
    success: importi.length > 10 && "istruttoria" in spese && Math.max(...importi) < 100000,
    metas: { speseIstruttoria: String(spese.istruttoria ?? ""), totaleSpese: String(totaleSpese) },
    importiCitati: importi.length,
  };
}
