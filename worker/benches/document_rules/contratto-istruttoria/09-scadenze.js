// Le scadenze: la prima rata dopo la stipula e alla data scritta nel contratto, le altre una
// al mese.
import { data } from "istruttoria";
import { righePiano } from "./helper.js";

const DATA = /\b\d{2}\/\d{2}\/\d{4}\b/g;
const STIPULA = /Data di stipula:\s*(?<data>\d{2}\/\d{2}\/\d{4})/;
const PRIMA_RATA = /a partire dal (?<data>\d{2}\/\d{2}\/\d{4})/;

export default function ({ rawText, tables }) {
  const citate = rawText.match(DATA) ?? [];
  const stipula = data(rawText.match(STIPULA)?.groups.data);
  const primaRata = data(rawText.match(PRIMA_RATA)?.groups.data);
  const scadenze = righePiano(tables).map((riga) => data(riga.scadenza));
  let mensili = scadenze.length > 0;
  for (let i = 1; i < scadenze.length; i++) {
    const [a0, m0] = scadenze[i - 1].split("-").map(Number);
    const [a1, m1] = scadenze[i].split("-").map(Number);
    if (a1 * 12 + m1 - (a0 * 12 + m0) !== 1) mensili = false;
  }
  return {
    success: scadenze[0] === primaRata && primaRata > stipula && mensili,
    metas: { dataStipula: stipula, primaScadenza: scadenze[0] ?? null, ultimaScadenza: scadenze.at(-1) ?? null },
    dateCitate: citate.length,
  };
}
