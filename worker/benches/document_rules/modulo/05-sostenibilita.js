// La rata stimata (TAN del tipo di contratto, datatable tassi) non supera un quinto del
// reddito netto mensile.
import { numero } from "./helper.js";

export default function ({ formData, dataTables }) {
  const importo = numero(formData.importo_richiesto ?? "");
  const mesi = Number(formData.durata_mesi);
  const reddito = numero(formData.reddito_netto_mensile ?? "");
  const tan = dataTables.tassi[formData.tipo_contratto] ?? dataTables.tassi.altro;
  const r = tan / 100 / 12;
  const rata = Math.round(((importo * r) / (1 - (1 + r) ** -mesi)) * 100) / 100;
  const quinto = Math.round((reddito / 5) * 100) / 100;
  return {
    success: Number.isFinite(rata) && rata <= quinto,
    metas: { rataStimata: String(rata), quintoCedibile: String(quinto), tanApplicato: String(tan) },
  };
}
