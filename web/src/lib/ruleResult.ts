// A rule's result as the server sends it: a JSON text (an object with `success` and, for a
// document rule, `metas`; or a bare boolean). One reading for every screen that shows one —
// the document's executions and runs, the editor's Esegui.

/** A JSON text parsed, or null when it is none. */
export function parseJson(text: string | null | undefined): unknown {
  if (text == null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** `success` of a parsed result (a boolean result is its own): true, false, or null when it says nothing. */
export function successOf(result: unknown): boolean | null {
  if (typeof result === 'boolean') return result;
  if (result && typeof result === 'object' && 'success' in result) {
    const success = (result as { success: unknown }).success;
    return typeof success === 'boolean' ? success : null;
  }
  return null;
}
