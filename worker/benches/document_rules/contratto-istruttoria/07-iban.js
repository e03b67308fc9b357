// L'IBAN di addebito: controllo mod 97 e banca dal codice ABI (datatable banche).
import { ibanValido } from "istruttoria";

const IBAN = /\bIT\d{2}[A-Z]\d{10}[0-9A-Z]{12}\b/g;

export default function ({ rawText, dataTables }) {
  const ibans = [...new Set(rawText.match(IBAN) ?? [])];
  const esiti = ibans.map((iban) => ({
    iban,
    valido: ibanValido(iban),
    abi: iban.slice(5, 10),
    cab: iban.slice(10, 15),
    conto: iban.slice(15),
  }));
  const addebito = esiti.find((e) => e.valido);
  const banca = addebito === undefined ? null : (dataTables.banche[addebito.abi] ?? null);
  return {
    success: esiti.length === 1 && addebito !== undefined && banca !== null,
    metas: { ibanAddebito: addebito?.iban ?? null, bancaAddebito: banca },
    esiti,
  };
}
