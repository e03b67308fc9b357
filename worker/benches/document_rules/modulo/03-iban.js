// L'IBAN di accredito: forma italiana, controllo mod 97, banca dal codice ABI (datatable banche).
const FORMA = /^IT\d{2}[A-Z]\d{10}[0-9A-Z]{12}$/;

function ibanValido(iban) {
  const riordinato = iban.slice(4) + iban.slice(0, 4);
  let resto = 0;
  for (const c of riordinato) {
    const valore = c >= "A" ? c.charCodeAt(0) - 55 : c.charCodeAt(0) - 48;
    resto = valore > 9 ? (resto * 100 + valore) % 97 : (resto * 10 + valore) % 97;
  }
  return resto === 1;
}

export default function ({ formData, dataTables }) {
  const iban = String(formData.iban ?? "").replace(/\s+/g, "").toUpperCase();
  const valido = FORMA.test(iban) && ibanValido(iban);
  const banca = valido ? (dataTables.banche[iban.slice(5, 10)] ?? null) : null;
  return { success: valido && banca !== null, metas: { ibanAccredito: valido ? iban : null, bancaAccredito: banca } };
}
