// Anagrafica del richiedente: i campi obbligatori sono compilati.
import { vuoto } from "./helper.js";

const OBBLIGATORI = ["nome", "cognome", "codice_fiscale", "data_nascita", "comune_nascita", "sesso", "indirizzo", "cap", "comune_residenza"];

export default function ({ formData }) {
  const mancanti = OBBLIGATORI.filter((campo) => vuoto(formData[campo]));
  return {
    success: mancanti.length === 0,
    metas: {
      nome: formData.nome ?? null,
      cognome: formData.cognome ?? null,
      codiceFiscale: (formData.codice_fiscale ?? "").toUpperCase() || null,
    },
    mancanti,
  };
}
