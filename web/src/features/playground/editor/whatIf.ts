// "What if" (issue 11): the form of a run, and how an item's outcome (a document's, or a dossier
// input item's) before and after reads.

/** How many documents (dossiers) a run may go through, and how many it goes through unless told. */
export const WHAT_IF_MAX = 1000;
export const WHAT_IF_DEFAULT = 100;
/** Most executions of a dossier rule's run (one per input item; the dossiers past them are left out). */
export const WHAT_IF_MAX_DOSSIER_ITEMS = 5000;

/** The states of a run, in the order they come. */
export const WHAT_IF_STATES = ['queued', 'running', 'finished', 'cancelled', 'failed'] as const;

/** The kinds of change the API names, in the order they are shown. */
export const CHANGE_KINDS = ['success', 'newErrors', 'fixedErrors', 'metasAdded', 'metasRemoved', 'metasChanged', 'noPrevious'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const isChangeKind = (kind: string): kind is ChangeKind => (CHANGE_KINDS as readonly string[]).includes(kind);

/** The kinds of `changes` in the order shown (kinds this version does not know last). */
export const sortedKinds = (changes: readonly string[]): string[] =>
  [...changes].sort((a, b) => (isChangeKind(a) ? CHANGE_KINDS.indexOf(a) : CHANGE_KINDS.length) - (isChangeKind(b) ? CHANGE_KINDS.indexOf(b) : CHANGE_KINDS.length));

/** What the form holds, as typed. */
export interface WhatIfForm {
  limit: string;
  /** `YYYY-MM-DD` or ''. */
  from: string;
  to: string;
}

export const INITIAL_FORM: WhatIfForm = { limit: String(WHAT_IF_DEFAULT), from: '', to: '' };

/** An i18n key under `ruleEditor.whatIf.errors`. */
export type FormErrorKey = 'limit' | 'range' | 'emptyCode';
export type FormErrors = Partial<Record<'limit' | 'range' | 'code', FormErrorKey>>;

/** The number of documents (dossiers) typed, when it is a whole number from 1 to 1,000. */
export function parseLimit(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && value <= WHAT_IF_MAX ? value : null;
}

/** The problems that stop a start. */
export function validateForm(form: WhatIfForm, code: string): FormErrors {
  const errors: FormErrors = {};
  if (parseLimit(form.limit) === null) errors.limit = 'limit';
  if (form.from !== '' && form.to !== '' && form.from > form.to) errors.range = 'range';
  if (code.trim() === '') errors.code = 'emptyCode';
  return errors;
}

/** The moments a date range covers, in this browser's time zone: from the start of `from` to the end of `to`. */
export function rangeOf(form: Pick<WhatIfForm, 'from' | 'to'>): { since: string | null; until: string | null } {
  const at = (date: string, time: string) => (date === '' ? null : new Date(`${date}T${time}`).toISOString());
  return { since: at(form.from, '00:00:00'), until: at(form.to, '23:59:59.999') };
}

/** An item's outcome: its rule's `success`, the metas it returns, the first line of each error. */
export interface Outcome {
  /** `null`: no result (the rule failed). */
  success: boolean | null;
  metas: Record<string, unknown>;
  errors: string[];
}

/** The outcome in a change's JSON text; `null` for none (no execution recorded) or unreadable text. */
export function parseOutcome(text: string | null | undefined): Outcome | null {
  if (text == null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const metas = record.metas;
  return {
    success: typeof record.success === 'boolean' ? record.success : null,
    metas: metas !== null && typeof metas === 'object' && !Array.isArray(metas) ? (metas as Record<string, unknown>) : {},
    errors: Array.isArray(record.errors) ? record.errors.map(String) : [],
  };
}

export type MetaChange = 'added' | 'removed' | 'changed' | 'same';

export interface MetaRow {
  name: string;
  change: MetaChange;
  /** Absent when the side has no such meta. */
  before?: unknown;
  after?: unknown;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Every meta of either side, by name, with what happened to it (changes first). */
export function metasDiff(before: Outcome | null, after: Outcome | null): MetaRow[] {
  const left = before?.metas ?? {};
  const right = after?.metas ?? {};
  const names = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  const rows = names.map((name): MetaRow => {
    const inBefore = Object.hasOwn(left, name);
    const inAfter = Object.hasOwn(right, name);
    const change: MetaChange = !inBefore ? 'added' : !inAfter ? 'removed' : sameValue(left[name], right[name]) ? 'same' : 'changed';
    return { name, change, ...(inBefore ? { before: left[name] } : {}), ...(inAfter ? { after: right[name] } : {}) };
  });
  const order: Record<MetaChange, number> = { changed: 0, added: 1, removed: 2, same: 3 };
  return rows.sort((a, b) => order[a.change] - order[b.change] || a.name.localeCompare(b.name));
}

/** The errors `after` has that `before` had not. */
export const newErrors = (before: Outcome | null, after: Outcome | null): string[] => (after?.errors ?? []).filter((error) => !(before?.errors ?? []).includes(error));

/** A meta's value as one line of JSON (as Risultato shows it). */
export const metaText = (value: unknown): string => JSON.stringify(value) ?? String(value);
