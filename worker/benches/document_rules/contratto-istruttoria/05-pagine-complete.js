// Ogni pagina ha del testo, nessuna parola esce dalla pagina, il titolo è in cima alla prima
// (un passaggio su tutta la geometria).
const LARGHEZZA = 595;
const ALTEZZA = 842;

export default function ({ rawText, rawTextWithGeometry: parole }) {
  const pagine = new Map();
  let fuori = 0;
  for (const p of parole) {
    const pagina = pagine.get(p.page) ?? { parole: 0, basso: 0 };
    pagina.parole++;
    pagina.basso = Math.max(pagina.basso, p.y1);
    pagine.set(p.page, pagina);
    if (p.x0 < 0 || p.x1 > LARGHEZZA || p.y0 < 0 || p.y1 > ALTEZZA) fuori++;
  }
  const numeroPagine = rawText.split("\f").length;
  const vuote = [];
  for (let n = 1; n <= numeroPagine; n++) if (!pagine.has(n)) vuote.push(n);
  const titolo = parole.find((p) => p.page === 1 && p.text === "CONTRATTO");
  return {
    success: vuote.length === 0 && fuori === 0 && titolo !== undefined && titolo.y0 < 120,
    metas: { pagine: String(numeroPagine) },
    paroleTotali: parole.length,
    paginaPiuPiena: [...pagine].reduce((a, b) => (b[1].parole > a[1].parole ? b : a))[0],
  };
}
