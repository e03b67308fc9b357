import type { RuleKind } from './contract';

/** What a run or a download is for: a document, or a dossier (and the input item to show). */
export interface RunTarget {
  id: string;
  /** The document's file name, or the dossier's description (its id when it has none). */
  label: string;
  /** Documents: the dossier it belongs to (for the link to the document's page). */
  dossierId?: string;
  /** Dossiers: the input item whose result is shown first (0-based); null: all. */
  item?: number | null;
}

const key = (kind: RuleKind, ruleId: string) => `istruttoria.ruleEditor.target.${kind}.${ruleId}`;

/** The document or dossier last chosen for this rule (kept in local storage), or null. */
export function loadTarget(kind: RuleKind, ruleId: string): RunTarget | null {
  try {
    const value = JSON.parse(localStorage.getItem(key(kind, ruleId)) ?? 'null') as Partial<RunTarget> | null;
    if (!value || typeof value.id !== 'string' || typeof value.label !== 'string') return null;
    return {
      id: value.id,
      label: value.label,
      ...(typeof value.dossierId === 'string' ? { dossierId: value.dossierId } : {}),
      ...(kind === 'dossier' ? { item: typeof value.item === 'number' ? value.item : null } : {}),
    };
  } catch {
    return null;
  }
}

export function saveTarget(kind: RuleKind, ruleId: string, target: RunTarget): void {
  try {
    localStorage.setItem(key(kind, ruleId), JSON.stringify(target));
  } catch {
    // A full or refused storage only costs the next run a choice.
  }
}
