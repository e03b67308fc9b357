import type { TFunction } from 'i18next';
import { describeJsonError, findJsonSyntaxError, type JsonSyntaxError } from '../../../lib/jsonSyntax';
import type { RuleKind } from './contract';

// The editor's state (docs/domain.md#playgrounds, #input-rules-and-limits): the values loaded
// from the server (`base`) and the edited ones (`draft`); edits stay local until Salva, which
// sends only what changed; Reset brings `base` back.

/** Every value the editor edits, for either kind (the other kind's fields stay empty). */
export interface RuleValues {
  description: string;
  code: string;
  helper: string;
  packageJSON: string;
  nota: string;
  /** Document rules. */
  documentType: string;
  dataTables: readonly string[];
  /** Dossier rules. */
  istitutoAppartenenza: string;
  gruppo: readonly string[];
  /** JSON text of a list of strings, as edited. */
  mustContain: string;
  notContain: string;
}

export type Field = keyof RuleValues;

/**
 * The rule's own values when empty: everything but helper.js, which is loaded on its own (the
 * rule's answer must never carry a helper, or an empty one would overwrite the one loaded first).
 */
export const EMPTY_RULE_VALUES: Omit<RuleValues, 'helper'> = {
  description: '',
  code: '',
  packageJSON: '',
  nota: '',
  documentType: '',
  dataTables: [],
  istitutoAppartenenza: '',
  gruppo: [],
  mustContain: '[]',
  notContain: '[]',
};

export const EMPTY_VALUES: RuleValues = { ...EMPTY_RULE_VALUES, helper: '' };

/** The fields each kind edits, in the order the save reports them. */
export const FIELDS: Record<RuleKind, readonly Field[]> = {
  document: ['code', 'helper', 'packageJSON', 'description', 'documentType', 'dataTables', 'nota'],
  dossier: ['code', 'helper', 'packageJSON', 'mustContain', 'notContain', 'description', 'istitutoAppartenenza', 'gruppo', 'nota'],
};

/** The editor's tabs (kept in `?tab=`), in the order shown. */
export const TABS = ['codice', 'helper', 'package', 'deve-contenere', 'non-deve-contenere', 'risultato', 'log', 'what-if', 'modifica', 'storia'] as const;
export type EditorTab = (typeof TABS)[number];

/** Each kind's tabs: 'Deve contenere' and 'Non deve contenere' are a dossier rule's only; What if is both kinds'. */
export const tabsOf = (kind: RuleKind): readonly EditorTab[] => (kind === 'document' ? TABS.filter((tab) => tab !== 'deve-contenere' && tab !== 'non-deve-contenere') : TABS);

/** The tab where a field is edited. */
export const TAB_OF_FIELD: Record<Field, EditorTab> = {
  code: 'codice',
  helper: 'helper',
  packageJSON: 'package',
  mustContain: 'deve-contenere',
  notContain: 'non-deve-contenere',
  description: 'modifica',
  nota: 'modifica',
  documentType: 'modifica',
  dataTables: 'modifica',
  istitutoAppartenenza: 'modifica',
  gruppo: 'modifica',
};

/** A list as the JSON editor shows it. */
export const listText = (list: readonly string[]): string => JSON.stringify(list, null, 2);

export type ListError = 'json' | 'notList';

/**
 * The list of strings a 'Deve contenere' / 'Non deve contenere' text holds, or why it holds none
 * (a syntax error as lib/jsonSyntax finds it, to be said in the user's language).
 */
export function parseList(text: string): { ok: true; value: string[] } | { ok: false; error: ListError; syntax?: JsonSyntaxError } {
  const source = text.trim() === '' ? '[]' : text;
  const syntax = findJsonSyntaxError(source);
  if (syntax !== null) return { ok: false, error: 'json', syntax };
  const value: unknown = JSON.parse(source);
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return { ok: false, error: 'notList' };
  return { ok: true, value };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, index) => item === b[index]);
const sameSet = (a: readonly string[], b: readonly string[]) => sameList([...a].sort(), [...b].sort());

/** Whether `field` differs between `a` and `b` (lists of data tables as sets; JSON lists by content once both parse). */
export function differs(field: Field, a: RuleValues, b: RuleValues): boolean {
  switch (field) {
    case 'dataTables':
      return !sameSet(a.dataTables, b.dataTables);
    case 'gruppo':
      return !sameList(a.gruppo, b.gruppo);
    case 'mustContain':
    case 'notContain': {
      const left = parseList(a[field]);
      const right = parseList(b[field]);
      return left.ok && right.ok ? !sameList(left.value, right.value) : a[field] !== b[field];
    }
    default:
      return a[field] !== b[field];
  }
}

/** The fields of `kind` edited in `draft`. */
export const dirtyFields = (kind: RuleKind, base: RuleValues, draft: RuleValues): Field[] => FIELDS[kind].filter((field) => differs(field, base, draft));

/** Why a field cannot be saved: an i18n key under `ruleEditor.errors` and, for JSON, the syntax error. */
export interface FieldError {
  key: 'required' | 'listJson' | 'notList' | 'packageJson';
  syntax?: JsonSyntaxError;
}

/** A field's error in the user's language (a JSON syntax error said by lib/jsonSyntax, never the browser's text). */
export const fieldErrorText = (t: TFunction, error: FieldError): string =>
  t(`ruleEditor.errors.${error.key}`, { detail: error.syntax ? describeJsonError(t, error.syntax) : '' });

/** The problems that stop a save (docs/domain.md#input-rules-and-limits: Nome and 'Istituto di appartenenza' required; the lists parse as JSON lists of strings). */
export function validate(kind: RuleKind, draft: RuleValues): Partial<Record<Field, FieldError>> {
  const errors: Partial<Record<Field, FieldError>> = {};
  if (draft.description.trim() === '') errors.description = { key: 'required' };
  if (kind === 'dossier') {
    if (draft.istitutoAppartenenza.trim() === '') errors.istitutoAppartenenza = { key: 'required' };
    for (const field of ['mustContain', 'notContain'] as const) {
      const parsed = parseList(draft[field]);
      if (!parsed.ok) errors[field] = parsed.error === 'json' ? { key: 'listJson', syntax: parsed.syntax } : { key: 'notList' };
    }
  } else if (draft.documentType.trim() === '') errors.documentType = { key: 'required' };
  const packageSyntax = findJsonSyntaxError(draft.packageJSON);
  if (packageSyntax !== null) {
    errors.packageJSON = { key: 'packageJson', syntax: packageSyntax };
  } else {
    const parsed: unknown = JSON.parse(draft.packageJSON);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) errors.packageJSON = { key: 'packageJson' };
  }
  return errors;
}

export interface DocumentRuleChanges {
  description?: string;
  code?: string;
  packageJSON?: string;
  dataTables?: string[];
  documentType?: string;
  nota?: string;
}

export interface DossierRuleChanges {
  description?: string;
  istitutoAppartenenza?: string;
  code?: string;
  packageJSON?: string;
  mustContain?: string[];
  notContain?: string[];
  nota?: string;
  gruppo?: string[];
}

/** The rule's update with only the changed fields (helper.js saves on its own); null when nothing of the rule changed. */
export function ruleChanges(kind: 'document', base: RuleValues, draft: RuleValues): DocumentRuleChanges | null;
export function ruleChanges(kind: 'dossier', base: RuleValues, draft: RuleValues): DossierRuleChanges | null;
export function ruleChanges(kind: RuleKind, base: RuleValues, draft: RuleValues): DocumentRuleChanges | DossierRuleChanges | null;
export function ruleChanges(kind: RuleKind, base: RuleValues, draft: RuleValues): DocumentRuleChanges | DossierRuleChanges | null {
  const changed = dirtyFields(kind, base, draft).filter((field) => field !== 'helper');
  if (changed.length === 0) return null;
  const input: Record<string, unknown> = {};
  for (const field of changed) {
    if (field === 'mustContain' || field === 'notContain') {
      const parsed = parseList(draft[field]);
      if (parsed.ok) input[field] = parsed.value;
    } else if (field === 'dataTables' || field === 'gruppo') input[field] = [...draft[field]];
    else if (field === 'description' || field === 'istitutoAppartenenza' || field === 'documentType') input[field] = draft[field].trim();
    else input[field] = draft[field];
  }
  return input;
}

export interface EditorState {
  /** What the server holds (as last loaded or saved). */
  base: RuleValues;
  draft: RuleValues;
  /** Whether `base` came from the server yet. */
  loaded: boolean;
}

export type EditorAction =
  /** Values read from the server: fields not edited follow them, edited ones stay. */
  | { type: 'load'; values: Partial<RuleValues> }
  | { type: 'edit'; field: Field; value: RuleValues[Field] }
  | { type: 'reset' }
  /** These fields were saved with these values: they are the new base. */
  | { type: 'saved'; values: Partial<RuleValues> }
  /** Values read from the server replace the edits too (after a restore). */
  | { type: 'replace'; values: Partial<RuleValues> };

export const initialEditorState: EditorState = { base: EMPTY_VALUES, draft: EMPTY_VALUES, loaded: false };

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load': {
      const base = { ...state.base, ...action.values };
      const draft = { ...state.draft };
      for (const field of Object.keys(action.values) as Field[]) {
        if (!state.loaded || !differs(field, state.base, state.draft)) (draft as Record<Field, unknown>)[field] = base[field];
      }
      return { base, draft, loaded: true };
    }
    case 'edit':
      return { ...state, draft: { ...state.draft, [action.field]: action.value } };
    case 'reset':
      return { ...state, draft: state.base };
    case 'saved':
      return { ...state, base: { ...state.base, ...action.values } };
    case 'replace': {
      const base = { ...state.base, ...action.values };
      return { base, draft: base, loaded: true };
    }
  }
}
