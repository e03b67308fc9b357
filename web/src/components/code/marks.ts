/** A problem shown in the code editor at a 1-based line (and column). */
export interface CodeMark {
  line: number;
  column?: number | null;
  message: string;
  severity?: 'error' | 'warning' | 'info';
  /** Who found it (shown with the message), e.g. "Salva" or "Esegui". */
  source?: string;
}

/** What `rangeOf` needs of a CodeMirror document. */
interface Lines {
  lines: number;
  line(n: number): { from: number; to: number; length: number };
  sliceString(from: number, to: number): string;
}

/**
 * The range of a 1-based line and column in `doc`: the word (or character) at the column, or the
 * whole line without one. Lines and columns out of range are brought into it.
 */
export function rangeOf(doc: Lines, line: number, column?: number | null): { from: number; to: number } {
  const at = doc.line(Math.min(Math.max(1, Math.round(line)), doc.lines));
  if (column == null || column < 1) return { from: at.from, to: at.to };
  const from = at.from + Math.min(column - 1, at.length);
  const word = /^[\w$]+/.exec(doc.sliceString(from, at.to));
  return { from, to: Math.min(at.to, from + Math.max(1, word?.[0].length ?? 1)) };
}
