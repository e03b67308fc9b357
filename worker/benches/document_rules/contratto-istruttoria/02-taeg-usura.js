// TAN e TAEG, e il TAEG sotto la soglia d'usura del trimestre (datatable soglieUsura).
import { importo, percentuale } from "istruttoria";

const TAEG = /TAEG[^%]{0,40}?(?<taeg>\d{1,2},\d{1,3})\s*%/;
const TAN = /TAN[^%]{0,40}?(?<tan>\d{1,2},\d{1,3})\s*%/;
const CREDITO = /Importo totale del credito:\s*(?<importo>€\s*[\d.]+,\d{2})/;

export default function ({ rawText, dataTables }) {
  const taeg = rawText.match(TAEG)?.groups.taeg;
  const tan = rawText.match(TAN)?.groups.tan;
  const credito = importo(rawText.match(CREDITO)?.groups.importo) ?? Number.NaN;
  const { trimestre, categorie } = dataTables.soglieUsura;
  const categoria = categorie.find(
    (c) => c.categoria === "prestiti personali" && credito > c.da && credito <= c.a,
  );
  const soglia = categoria?.tassoSoglia;
  const valoreTaeg = percentuale(taeg) ?? Number.NaN;
  const valoreTan = percentuale(tan) ?? Number.NaN;
  return {
    success: soglia !== undefined && valoreTaeg < soglia && valoreTan <= valoreTaeg,
    metas: {
      taeg: taeg ?? null,
      tan: tan ?? null,
      sogliaUsura: soglia === undefined ? null : String(soglia),
      trimestreSoglia: trimestre,
    },
    margine: soglia === undefined ? null : Math.round((soglia - valoreTaeg) * 1000) / 1000,
  };
}
