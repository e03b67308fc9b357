import type { DocumentRunResult, DossierRunResult } from './api';
import type { RunTarget } from './targets';

/** The last Esegui of the editor: on what, how long it took, what the server answered. */
export type RunOutcome =
  | { kind: 'document'; target: RunTarget; durationMs: number; result: DocumentRunResult }
  | { kind: 'dossier'; target: RunTarget; durationMs: number; items: DossierRunResult };

/** The metas a document rule's result would write (its `metas` object), as name/value pairs. */
export function metasOf(result: unknown): [string, unknown][] {
  if (result && typeof result === 'object' && 'metas' in result) {
    const metas = (result as { metas: unknown }).metas;
    if (metas && typeof metas === 'object' && !Array.isArray(metas)) return Object.entries(metas);
  }
  return [];
}

/** A console line `[level] message` split into its level and message. */
export function splitLog(line: string): { level: string; message: string } {
  const match = /^\[(\w+)\]\s?([\s\S]*)$/.exec(line);
  return match ? { level: (match[1] ?? 'log').toLowerCase(), message: match[2] ?? '' } : { level: 'log', message: line };
}
