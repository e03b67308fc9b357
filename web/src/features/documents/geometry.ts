/**
 * The words of `rawTextWithGeometry` and their place on the rendered PDF page.
 *
 * The extraction (worker/src/extraction/mod.rs, `Word`) writes every word as
 * `{ page, text, x0, y0, x1, y1 }`: `page` 1-based, the box in PDF points with the origin at the
 * page's TOP-LEFT corner (`x0 < x1`, `y0 < y1`, y growing downwards). The viewer renders a page
 * `renderedWidth` CSS pixels wide, so one point is `renderedWidth / pageWidth` pixels and the box
 * maps to the page element by that factor alone — no flip of the y axis.
 */

export interface Word {
  page: number;
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A page's size in PDF points (pdf.js's viewport at scale 1). */
export interface PageSize {
  width: number;
  height: number;
}

/** A box in CSS pixels from the rendered page's top-left corner. */
export interface PixelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The words of a `rawTextWithGeometry` JSON text; anything malformed is left out. */
export function parseWords(json: string | null | undefined): Word[] {
  if (!json) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const words: Word[] = [];
  for (const item of parsed as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { page, text, x0, y0, x1, y1 } = item as Record<string, unknown>;
    if (!isNumber(page) || typeof text !== 'string' || !isNumber(x0) || !isNumber(y0) || !isNumber(x1) || !isNumber(y1)) continue;
    words.push({ page, text, x0: Math.min(x0, x1), y0: Math.min(y0, y1), x1: Math.max(x0, x1), y1: Math.max(y0, y1) });
  }
  return words;
}

/**
 * Where a word's box lies on a page of `page` points rendered `renderedWidth` pixels wide
 * (the height follows the page's proportions).
 */
export function wordToPixels(word: Word, page: PageSize, renderedWidth: number): PixelBox {
  const scale = page.width > 0 ? renderedWidth / page.width : 0;
  return {
    left: word.x0 * scale,
    top: word.y0 * scale,
    width: (word.x1 - word.x0) * scale,
    height: (word.y1 - word.y0) * scale,
  };
}

/** Case- and accent-insensitive form of a text for searching. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

/**
 * The runs of words matching a search: one term matches every word containing it; several
 * terms match consecutive words on one page, each containing its term in order. Answers the
 * indexes of the matched words, run by run.
 */
export function searchWords(words: readonly Word[], query: string): number[][] {
  const terms = fold(query).split(/\s+/).filter((term) => term !== '');
  if (terms.length === 0) return [];
  const folded = words.map((word) => fold(word.text));
  const runs: number[][] = [];
  for (let start = 0; start + terms.length <= words.length; start++) {
    const run: number[] = [];
    for (let j = 0; j < terms.length; j++) {
      const index = start + j;
      if (words[index]?.page !== words[start]?.page || !folded[index]?.includes(terms[j] ?? '')) break;
      run.push(index);
    }
    if (run.length === terms.length) runs.push(run);
  }
  return runs;
}

/** The box around several words (of one page), for highlighting a whole run. */
export function unionBox(words: readonly Word[]): Word | null {
  const first = words[0];
  if (first === undefined) return null;
  return words.slice(1).reduce<Word>(
    (box, word) => ({
      page: box.page,
      text: `${box.text} ${word.text}`,
      x0: Math.min(box.x0, word.x0),
      y0: Math.min(box.y0, word.y0),
      x1: Math.max(box.x1, word.x1),
      y1: Math.max(box.y1, word.y1),
    }),
    { ...first },
  );
}

/** The positions where `query` occurs in `text` (case-insensitive), at most `limit` of them. */
export function findInText(text: string, query: string, limit = 10_000): number[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  const haystack = text.toLowerCase();
  const found: number[] = [];
  let from = 0;
  while (found.length < limit) {
    const at = haystack.indexOf(needle, from);
    if (at === -1) break;
    found.push(at);
    from = at + needle.length;
  }
  return found;
}

/** A box drawn over the PDF: a hovered word, a search match; `current` is the one in focus. */
export interface Highlight {
  key: string;
  box: Word;
  current?: boolean;
}

/** What the PDF viewer is asked to show: its boxes, and the page to turn to. */
export interface PdfFocus {
  highlights: readonly Highlight[];
  /** The page of the current box; the viewer turns to it and scrolls the box into view. */
  page: number | null;
}

export const NO_FOCUS: PdfFocus = { highlights: [], page: null };
