/**
 * The import's input (docs/domain.md#dossiers, #input-rules-and-limits, #constants): JSON text of a list of scenarios; its syntax
 * errors are found and said by lib/jsonSyntax.
 */
import { findJsonSyntaxError, type JsonSyntaxError } from '../../lib/jsonSyntax';

export { findJsonSyntaxError, lineColumn, type JsonErrorCode, type JsonSyntaxError } from '../../lib/jsonSyntax';

/** The durations of the default input's 9 items (docs/domain.md#constants). */
export const DEFAULT_DURATIONS = [24, 36, 48, 60, 72, 84, 96, 108, 120] as const;

/** The default input: 9 items, each with an empty start date, its duration and an empty type. */
export const DEFAULT_INPUT = JSON.stringify(
  DEFAULT_DURATIONS.map((durata) => ({ data_decorrenza_finanziamento: '', durata_finanziamento: durata, tipo_pratica: '' })),
  null,
  2,
);

/** What the wizard knows of the input text: a syntax error, a value that is not a list, or its item count. */
export type InputCheck =
  | { ok: true; items: number }
  | { ok: false; error: JsonSyntaxError }
  | { ok: false; notList: true };

export function checkInput(text: string): InputCheck {
  const error = findJsonSyntaxError(text);
  if (error !== null) return { ok: false, error };
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? { ok: true, items: value.length } : { ok: false, notList: true };
}
