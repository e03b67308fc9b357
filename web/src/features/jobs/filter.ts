import type { TableInput, TableState } from '../../components/table';
import { NO_END, NO_START, toTableInput } from '../../components/table/tableState';
import type { FailedJobFilter } from './api';

/** The failed jobs table's filtered columns (the API's `FailedJobFilter`, not `TableInput` filters). */
export const FAILED_COLUMNS = { queue: 'queue', error: 'error', failedAt: 'failedAt' } as const;

/** The first instant of a local day `YYYY/MM/DD`, `days` days later; `undefined` for an open end. */
function dayStart(value: string | undefined, days = 0): string | undefined {
  if (value === undefined || value === '' || value === NO_START || value === NO_END) return undefined;
  const match = /^(\d{4})\/(\d{2})\/(\d{2})$/.exec(value);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days).toISOString();
}

/**
 * The API's filter of the failed jobs for the table's column filters: the queues chosen, the error
 * text, and the days of the date filter in the user's time zone (the end day included). The list and
 * the bulk actions send the same one, so that "all the filtered jobs" is what the table counts.
 */
export function failedJobFilter(state: TableState): FailedJobFilter {
  const filters = state.filters;
  const queues = (filters[FAILED_COLUMNS.queue] ?? []).filter((queue) => queue !== '');
  const error = filters[FAILED_COLUMNS.error]?.[0]?.trim() ?? '';
  const [start, end] = filters[FAILED_COLUMNS.failedAt] ?? [];
  const filter: FailedJobFilter = {};
  if (queues.length > 0) filter.queues = queues;
  if (error !== '') filter.errorContains = error;
  const from = dayStart(start);
  const to = dayStart(end, 1);
  if (from !== undefined) filter.from = from;
  if (to !== undefined) filter.to = to;
  return filter;
}

/** The page, size and order of the failed jobs to ask for (their filters go as the `FailedJobFilter`). */
export const failedJobsPage = (state: TableState): TableInput => toTableInput(state, {});
