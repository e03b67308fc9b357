// Importo e durata richiesti entro i limiti del prodotto (datatable limiti).
import { numero } from "./helper.js";

export default function ({ formData, dataTables }) {
  const { importoMinimo, importoMassimo, durate } = dataTables.limiti;
  const importo = numero(formData.importo_richiesto ?? "");
  const durata = Number(formData.durata_mesi);
  const errori = [];
  if (!(importo >= importoMinimo && importo <= importoMassimo)) errori.push(`importo fuori dai limiti (${importoMinimo}–${importoMassimo})`);
  if (!durate.includes(durata)) errori.push(`durata non prevista: ${durata} mesi`);
  return { success: errori.length === 0, metas: { importoRichiesto: String(importo), durataMesi: String(durata) }, errori };
}
