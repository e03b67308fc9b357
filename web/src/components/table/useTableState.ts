import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { hasTableParams, initialState, readState, tableQuery, writeState, type Sort, type TableState } from './tableState';

/** What a table keeps in local storage per address and table when "remember filters" is on. */
interface Remembered {
  remember: boolean;
  query: string;
}

export const rememberKey = (pathname: string, table: string) => `istruttoria.table.${pathname}#${table}`;

function loadRemembered(storageKey: string): Remembered {
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as Partial<Remembered> | null;
    return { remember: parsed?.remember ?? true, query: typeof parsed?.query === 'string' ? parsed.query : '' };
  } catch {
    return { remember: true, query: '' };
  }
}

export interface TableController {
  /** Names this table's parameters in the address (`<id>.page`, …). */
  id: string;
  state: TableState;
  /** Whether some filter differs from the table's start. */
  filtered: boolean;
  setPageIndex(pageIndex: number): void;
  setPageSize(pageSize: number): void;
  /** Sorts by `column`, descending first; the same column again flips the direction. */
  toggleSort(column: string): void;
  /** Sets one column's filter (empty: none) and goes back to the first page. */
  setFilter(column: string, values: readonly string[]): void;
  resetFilters(): void;
  /** Whether page, sort, size and filters come back on the next visit of this address. */
  remember: boolean;
  setRemember(remember: boolean): void;
}

/** The navigation state of the tables' own moves in the address. */
const TABLE_CHANGE = { tableChange: true } as const;
const isTableChange = (state: unknown) => typeof state === 'object' && state !== null && (state as { tableChange?: unknown }).tableChange === true;

/**
 * The state of the server-side table `id` on this screen, kept in the address bar. With
 * "remember filters" on (the default), it is also kept in local storage for this address and
 * restored when the address comes back without it (docs/domain.md#shared-table-behaviour: remembered per table, keyed by URL).
 */
export function useTableState(id: string, defaultSort: Sort): TableController {
  const [params, setParams] = useSearchParams();
  const { pathname, state: locationState } = useLocation();
  const storageKey = rememberKey(pathname, id);
  // The last move was a table's own (a filter emptied, "Azzera filtri"), not an arrival.
  const ownChange = isTableChange(locationState);
  const { column: sortColumn, descending: sortDescending } = defaultSort;
  const initial = useMemo(() => initialState({ column: sortColumn, descending: sortDescending }), [sortColumn, sortDescending]);
  const state = useMemo(() => readState(params, id, initial), [params, id, initial]);
  const [remember, setRememberState] = useState(() => loadRemembered(storageKey).remember);

  // Coming back to the address without this table's parameters: bring the remembered ones back.
  useEffect(() => {
    if (ownChange) return;
    const saved = loadRemembered(storageKey);
    if (!saved.remember || saved.query === '') return;
    setParams(
      (current) => {
        if (hasTableParams(current, id)) return current;
        const next = new URLSearchParams(current);
        for (const [name, value] of new URLSearchParams(saved.query)) next.append(name, value);
        return next;
      },
      { replace: true, state: TABLE_CHANGE },
    );
  }, [storageKey, id, setParams, ownChange]);

  const query = tableQuery(params, id);
  useEffect(() => {
    localStorage.setItem(storageKey, JSON.stringify({ remember, query: remember ? query : '' } satisfies Remembered));
  }, [storageKey, remember, query]);

  const update = useCallback(
    (change: (current: TableState) => TableState) =>
      setParams((current) => writeState(current, id, change(readState(current, id, initial)), initial), { replace: true, state: TABLE_CHANGE }),
    [setParams, id, initial],
  );

  return {
    id,
    state,
    filtered: Object.keys(state.filters).length > 0,
    setPageIndex: (pageIndex) => update((current) => ({ ...current, pageIndex: Math.max(0, pageIndex) })),
    setPageSize: (pageSize) => update((current) => ({ ...current, pageSize, pageIndex: 0 })),
    toggleSort: (column) =>
      update((current) => ({
        ...current,
        pageIndex: 0,
        sort: { column, descending: current.sort.column === column ? !current.sort.descending : true },
      })),
    setFilter: (column, values) =>
      update((current) => ({ ...current, pageIndex: 0, filters: { ...current.filters, [column]: [...values] } })),
    resetFilters: () => update((current) => ({ ...current, pageIndex: 0, filters: {} })),
    remember,
    setRemember: setRememberState,
  };
}
