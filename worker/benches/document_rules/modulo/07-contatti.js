// Contatti: email e telefono ben formati, CAP della provincia di residenza (datatable province).
const EMAIL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;
const TELEFONO = /^(?:\+39\s?)?3\d{2}\s?\d{6,7}$/;
const CAP = /^\d{5}$/;

export default function ({ formData, dataTables }) {
  const errori = [];
  if (!EMAIL.test(formData.email ?? "")) errori.push("email");
  if (!TELEFONO.test(formData.telefono ?? "")) errori.push("telefono");
  const cap = String(formData.cap ?? "");
  const provincia = dataTables.province[formData.provincia_residenza ?? ""];
  if (!CAP.test(cap)) errori.push("cap");
  else if (provincia === undefined) errori.push("provincia");
  else if (cap < provincia.cap[0] || cap > provincia.cap[1]) errori.push("cap fuori provincia");
  return {
    success: errori.length === 0,
    metas: { email: formData.email ?? null, provinciaResidenza: provincia?.nome ?? null },
    errori,
  };
}
