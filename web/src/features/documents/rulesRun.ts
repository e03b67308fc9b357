import { parseJson, successOf } from '../../lib/ruleResult';
import { newestExecutions, type ExecutionLogRow } from './api';

// Running a document's rules is asked of the workers (`runDocumentRules` answers once the run
// is queued): what the screen says about it must wait for the run's own executions, so that a
// rule that threw is never reported as a success.

/** How a rule execution ended. */
export type Outcome = 'succeeded' | 'failed' | 'error' | 'unknown';

/** An execution's outcome: its errors (the rule threw, timed out, …) unless it says it succeeded, else its `success`. */
export function outcomeOf(row: Pick<ExecutionLogRow, 'result' | 'errors'>): Outcome {
  const success = successOf(parseJson(row.result));
  if (success === true) return 'succeeded';
  if (row.errors.length > 0) return 'error';
  if (success === false) return 'failed';
  return 'unknown';
}

/** How many executions of a run ended each way. */
export type RunSummary = Record<Outcome, number>;

export function summaryOf(rows: readonly Pick<ExecutionLogRow, 'result' | 'errors'>[]): RunSummary {
  const summary: RunSummary = { succeeded: 0, failed: 0, error: 0, unknown: 0 };
  for (const row of rows) summary[outcomeOf(row)] += 1;
  return summary;
}

/** What became of a run: its executions' summary, or none after `timeoutMs` (no worker took it). */
export type Followed = { done: true; summary: RunSummary } | { done: false };

export interface FollowOptions {
  intervalMs?: number;
  timeoutMs?: number;
}

/** How long the screen follows a run before it says that none of it has run yet. */
export const FOLLOW_TIMEOUT_MS = 60_000;

/**
 * Asks for a run (`request`) of `expected` rules on the document and waits for their
 * executions: the ones newer than the newest before the request (execution ids are
 * time-ordered, UUID v7).
 */
export async function followRulesRun(documentId: string, expected: number, request: () => Promise<unknown>, { intervalMs = 1000, timeoutMs = FOLLOW_TIMEOUT_MS }: FollowOptions = {}): Promise<Followed> {
  const before = (await newestExecutions(documentId))[0]?.id ?? '';
  await request();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const fresh = (await newestExecutions(documentId)).filter((row) => row.id > before);
    if (fresh.length >= Math.min(expected, 50)) return { done: true, summary: summaryOf(fresh.slice(0, expected)) };
    if (Date.now() >= deadline) return { done: false };
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
