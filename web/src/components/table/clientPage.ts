import type { Column, PageData } from './ServerTable';
import { activeFilters, type TableState } from './tableState';

/** How a bounded in-memory list sorts and filters by a column: the value to compare and match. */
export type ColumnValues<Row> = Readonly<Record<string, (row: Row) => string | number | null | undefined>>;

/**
 * One page of a list that is bounded by nature and already in memory (a dossier's documents, a
 * document's rules), sorted, filtered and paged with the same state as the server-side lists, so
 * that every list of the app looks and behaves the same. Text filters match a substring (any case),
 * select filters the listed values; date filters are for server-side lists only.
 */
export function clientPage<Row>(rows: readonly Row[], state: TableState, columns: readonly Column<Row>[], values: ColumnValues<Row>): PageData<Row> {
  const filters = Object.entries(activeFilters(state.filters));
  const kindOf = (column: string) => columns.find((one) => one.id === column)?.filter?.kind;
  const matching = rows.filter((row) =>
    filters.every(([column, accepted]) => {
      const value = values[column]?.(row);
      if (value === undefined || value === null) return false;
      const text = String(value).toLowerCase();
      return kindOf(column) === 'select'
        ? accepted.some((one) => one.toLowerCase() === text)
        : text.includes((accepted[0] ?? '').trim().toLowerCase());
    }),
  );
  const sortValue = values[state.sort.column];
  const sorted = sortValue
    ? [...matching].sort((a, b) => {
        const x = sortValue(a) ?? '';
        const y = sortValue(b) ?? '';
        const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
        return state.sort.descending ? -order : order;
      })
    : matching;
  const start = state.pageIndex * state.pageSize;
  return {
    items: sorted.slice(start, start + state.pageSize),
    pages: Math.ceil(sorted.length / state.pageSize),
    total: sorted.length,
  };
}
