// Completezza del modulo: quanti campi sono compilati, quali no.
import { vuoto } from "./helper.js";

export default function ({ formData }) {
  const campi = Object.entries(formData);
  const vuoti = campi.filter(([, valore]) => vuoto(valore)).map(([nome]) => nome);
  const percentuale = campi.length === 0 ? 0 : Math.round(((campi.length - vuoti.length) / campi.length) * 100);
  return {
    success: campi.length >= 15 && percentuale >= 90,
    metas: { completezza: `${percentuale}%` },
    vuoti,
  };
}
