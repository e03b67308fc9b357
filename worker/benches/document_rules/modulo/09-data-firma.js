// Luogo e data della firma: le parole sulla stessa riga di "Luogo e data:" (geometria), una data
// valida e non futura.
const DATA = /^(?<g>\d{2})\/(?<m>\d{2})\/(?<a>\d{4})$/;

export default function ({ rawTextWithGeometry: parole }) {
  const i = parole.findIndex((p, i) => p.text === "Luogo" && parole[i + 2]?.text === "data:");
  if (i < 0) return { success: false, metas: { dataFirma: null } };
  const etichetta = parole[i + 2];
  const riga = parole.filter(
    (p) => p.page === etichetta.page && Math.abs(p.y0 - etichetta.y0) < 2 && p.x0 > etichetta.x1,
  );
  const data = riga.map((p) => p.text.match(DATA)).find((m) => m !== null);
  const luogo = riga.filter((p) => !DATA.test(p.text)).map((p) => p.text.replace(/,$/, "")).join(" ");
  if (!data) return { success: false, metas: { dataFirma: null, luogoFirma: luogo } };
  const { g, m, a } = data.groups;
  const iso = `${a}-${m}-${g}`;
  const giorno = new Date(`${iso}T00:00:00Z`);
  return {
    success: !Number.isNaN(giorno.getTime()) && giorno.getTime() <= Date.now(),
    metas: { dataFirma: iso, luogoFirma: luogo },
  };
}
