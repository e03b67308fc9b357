import { GraphQLRequestError, NO_WORKER } from '../../../lib/graphql/client';
import type { Diagnostic, LintSource } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import { rangeOf } from '../../../components/code/marks';

// Syntax errors as you type: the rule (and its helper) compiled by the server's real runtime
// (`checkRuleCode`), called once typing has stopped for CHECK_DELAY_MS, the latest request
// winning; its answer shown in the editor of the file it names, at its line and column.

/** How long after the last key the code is sent to be checked. */
export const CHECK_DELAY_MS = 800;

/** The two files of a rule the server names in its errors. */
export type RuleFile = 'rule.js' | 'helper.js';

/** What `checkRuleCode` answers. */
export interface CodeCheck {
  ok: boolean;
  file?: string | null;
  line?: number | null;
  column?: number | null;
  message?: string | null;
}

/** The file a server error names: helper.js, else the rule (`rule.js`, `index.js`, or none). */
export const fileOf = (file: string | null | undefined): RuleFile => (file === 'helper.js' ? 'helper.js' : 'rule.js');

export type CheckOutcome =
  | { status: 'done'; result: CodeCheck }
  /** A later request came before this one was answered: its answer no longer matters. */
  | { status: 'superseded' }
  | { status: 'failed'; error: unknown };

/** What the status line under the editors shows. */
export type CheckStatus = { state: 'idle' } | { state: 'checking' } | { state: 'done'; result: CodeCheck } | { state: 'unavailable'; noWorker: boolean };

export interface CodeChecker {
  /** Checks `code` with `helper` once no other request has come for the delay; answers what the server said. */
  request(code: string, helper: string): Promise<CheckOutcome>;
  status(): CheckStatus;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

const CACHE_SIZE = 20;

/**
 * A debounced, latest-wins checker over `check`: a request waits `delayMs`; a new request before
 * then replaces it (the older one answers `superseded`), and an answer that arrives after a newer
 * request was made is dropped the same way. Answers are cached by (code, helper).
 */
export function createCodeChecker(check: (code: string, helper: string) => Promise<CodeCheck>, delayMs = CHECK_DELAY_MS): CodeChecker {
  let latest = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: ((outcome: CheckOutcome) => void) | undefined;
  let current: CheckStatus = { state: 'idle' };
  const listeners = new Set<() => void>();
  const cache = new Map<string, CodeCheck>();

  const setStatus = (next: CheckStatus) => {
    current = next;
    for (const listener of listeners) listener();
  };
  const supersede = () => {
    clearTimeout(timer);
    waiting?.({ status: 'superseded' });
    waiting = undefined;
  };

  return {
    request(code, helper) {
      supersede();
      const id = ++latest;
      const key = `${code}\u0000${helper}`;
      const cached = cache.get(key);
      if (cached) {
        setStatus({ state: 'done', result: cached });
        return Promise.resolve({ status: 'done', result: cached });
      }
      setStatus({ state: 'checking' });
      return new Promise<CheckOutcome>((resolve) => {
        waiting = resolve;
        timer = setTimeout(() => {
          waiting = undefined;
          check(code, helper).then(
            (result) => {
              cache.set(key, result);
              if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
              if (id !== latest) return resolve({ status: 'superseded' });
              setStatus({ state: 'done', result });
              resolve({ status: 'done', result });
            },
            (error: unknown) => {
              if (id !== latest) return resolve({ status: 'superseded' });
              setStatus({ state: 'unavailable', noWorker: error instanceof GraphQLRequestError && error.code === NO_WORKER });
              resolve({ status: 'failed', error });
            },
          );
        }, delayMs);
      });
    },
    status: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      supersede();
      latest++;
      listeners.clear();
    },
  };
}

/** The diagnostic of a server error in `doc`: at its line and column (the word there), else the whole line. */
export function diagnosticOf(doc: Text, line: number, column: number | null | undefined, message: string, source?: string): Diagnostic {
  return { ...rangeOf(doc, line, column), severity: 'error', message, source };
}

/**
 * The lint source of one file's editor: the file's text checked with the other file's current
 * text; a diagnostic when the server's error is in this file.
 */
export function checkLintSource(checker: CodeChecker, file: RuleFile, other: () => string, source?: string): LintSource {
  return async (view) => {
    const text = view.state.doc.toString();
    const outcome = file === 'rule.js' ? await checker.request(text, other()) : await checker.request(other(), text);
    if (outcome.status !== 'done') return [];
    const { result } = outcome;
    if (result.ok || result.line == null || fileOf(result.file) !== file) return [];
    return [diagnosticOf(view.state.doc, result.line, result.column, result.message ?? '', source)];
  };
}
