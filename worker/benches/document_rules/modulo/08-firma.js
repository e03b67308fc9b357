// Il riquadro della firma del richiedente (dalla geometria delle parole): "Firma del
// richiedente" seguita dalla riga da firmare, nell'ultima pagina.
export default function ({ rawTextWithGeometry: parole }) {
  const ultimaPagina = parole.reduce((massimo, p) => Math.max(massimo, p.page), 0);
  const i = parole.findIndex(
    (p, i) => p.text === "Firma" && parole[i + 1]?.text === "del" && parole[i + 2]?.text === "richiedente",
  );
  const riga = parole[i + 3];
  if (i < 0 || riga === undefined || !/^_{5,}$/.test(riga.text)) {
    return { success: false, metas: { firmaPresente: "no" } };
  }
  const firma = parole[i];
  return {
    success: firma.page === ultimaPagina && riga.x1 - riga.x0 > 100,
    metas: { firmaPresente: "sì" },
    riquadro: { page: firma.page, x0: firma.x0, y0: Math.min(firma.y0, riga.y0), x1: riga.x1, y1: Math.max(firma.y1, riga.y1) },
  };
}
