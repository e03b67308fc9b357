// Il piano di rimborso torna: quote che sommano alla rata, debito residuo che scende fino a
// zero, capitale pari al credito, rate pari all'importo totale dovuto.
import { importo } from "istruttoria";
import { righePiano, arrotonda } from "./helper.js";

const CREDITO = /Importo totale del credito:\s*(?<importo>€\s*[\d.]+,\d{2})/;
const RATA = /rate mensili posticipate di (?<rata>€\s*[\d.]+,\d{2})/;
const DOVUTO = /Importo totale dovuto dal consumatore:\s*(?<dovuto>€\s*[\d.]+,\d{2})/;

export default function ({ rawText, tables }) {
  const piano = righePiano(tables);
  const credito = importo(rawText.match(CREDITO)?.groups.importo) ?? Number.NaN;
  const rata = importo(rawText.match(RATA)?.groups.rata) ?? Number.NaN;
  const dovuto = importo(rawText.match(DOVUTO)?.groups.dovuto) ?? Number.NaN;
  let capitale = 0;
  let interessi = 0;
  let totale = 0;
  let residuo = credito;
  const anomalie = [];
  for (const riga of piano) {
    capitale += riga.capitale;
    interessi += riga.interessi;
    totale += riga.rata;
    if (Math.abs(riga.capitale + riga.interessi - riga.rata) > 0.011) {
      anomalie.push(`rata ${riga.n}: le quote non sommano alla rata`);
    }
    if (Math.abs(residuo - riga.capitale - riga.residuo) > 0.011) {
      anomalie.push(`rata ${riga.n}: debito residuo incoerente`);
    }
    residuo = riga.residuo;
  }
  const rateDiverse = piano
    .slice(0, -1)
    .filter((riga) => Math.abs(riga.rata - rata) > 0.005).length;
  return {
    success:
      piano.length > 0 &&
      anomalie.length === 0 &&
      rateDiverse === 0 &&
      residuo === 0 &&
      Math.abs(capitale - credito) < 0.05 &&
      Math.abs(totale - dovuto) < 0.05,
    metas: { totaleInteressi: String(arrotonda(interessi)), numeroRate: String(piano.length) },
    anomalie,
  };
}
