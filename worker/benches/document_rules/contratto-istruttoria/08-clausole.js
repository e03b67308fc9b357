// Le clausole obbligatorie ci sono e gli articoli sono numerati di seguito.
const CLAUSOLE = [
  ["recesso", /diritto di recesso|recedere dal contratto/i],
  ["estinzioneAnticipata", /rimborsare anticipatamente|estinzione anticipata/i],
  ["foroCompetente", /foro competente|è competente il foro/i],
  ["arbitroBancario", /Arbitro Bancario Finanziario/],
  ["interessiMora", /interessi di mora/i],
  ["reclami", /\breclam[oi]\b/i],
  ["cessioneCredito", /cedere il credito|cessione del credito/i],
  ["datiPersonali", /dati personali/i],
];
// A page starts after "\f", which is not a line terminator for `^`.
const ARTICOLO = /(?:^|\f)Art\. (?<n>\d+) - (?<titolo>[^.\n]+)\./gm;

export default function ({ rawText }) {
  const mancanti = [];
  for (const [nome, re] of CLAUSOLE) if (!re.test(rawText)) mancanti.push(nome);
  const articoli = [...rawText.matchAll(ARTICOLO)].map((m) => ({
    n: Number(m.groups.n),
    titolo: m.groups.titolo,
  }));
  const numerazioneContinua = articoli.every((a, i) => a.n === i + 1);
  return {
    success: mancanti.length === 0 && numerazioneContinua && articoli.length >= 20,
    metas: { clausoleMancanti: mancanti.join(", "), articoli: String(articoli.length) },
    titoli: [...new Set(articoli.map((a) => a.titolo))].length,
  };
}
