// Il riquadro della firma del Cliente: "Firma del Cliente" seguita dalla riga da firmare,
// nell'ultima pagina (dalla geometria delle parole).
export default function ({ rawTextWithGeometry: parole }) {
  const ultimaPagina = parole.reduce((massimo, p) => Math.max(massimo, p.page), 0);
  for (let i = 0; i + 3 < parole.length; i++) {
    const [firma, del_, cliente, riga] = [parole[i], parole[i + 1], parole[i + 2], parole[i + 3]];
    if (firma.text !== "Firma" || del_.text !== "del" || cliente.text !== "Cliente") continue;
    if (!/^_{5,}$/.test(riga.text)) continue;
    const riquadro = {
      page: firma.page,
      x0: firma.x0,
      y0: Math.min(firma.y0, riga.y0),
      x1: riga.x1,
      y1: Math.max(firma.y1, riga.y1),
    };
    return {
      success: firma.page === ultimaPagina && riga.x1 - riga.x0 > 100,
      metas: { paginaFirmaCliente: String(firma.page) },
      riquadro,
    };
  }
  return { success: false, metas: { paginaFirmaCliente: null } };
}
