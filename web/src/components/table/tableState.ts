/**
 * The state of a server-side table (docs/domain.md#shared-table-behaviour, #constants) and its two
 * encodings: the address bar (so that reload, back and a shared link keep page, sort, page size
 * and filters) and the API's `TableInput` (page size, page index, `"field DESC|ASC"`, filters).
 */

/** Page-size choices (docs/domain.md#constants). */
export const PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Text filters wait this long after the last key (docs/domain.md#constants). */
export const FILTER_DEBOUNCE_MS = 500;
/** A date filter's open ends (docs/domain.md#input-rules-and-limits). */
export const NO_START = '0000/00/00';
export const NO_END = '9999/99/99';

export type FilterKind = 'text' | 'select' | 'date';

/** The API's `TableInput` (what every paged query takes). */
export interface TableInput {
  pageSize: number;
  pageIndex: number;
  /** `"field DESC"` or `"field ASC"`. */
  order: string;
  filters: { column: string; type: FilterKind; value: string[] }[];
}

export interface Sort {
  column: string;
  descending: boolean;
}

/**
 * Filter values by column: a text filter holds one value, a select filter the accepted values, a
 * date filter `[start, end]` as `YYYY/MM/DD` (open ends as {@link NO_START} / {@link NO_END}).
 */
export type Filters = Readonly<Record<string, readonly string[]>>;

export interface TableState {
  pageIndex: number;
  pageSize: number;
  sort: Sort;
  filters: Filters;
}

/** What a table starts from: its default order (docs/domain.md#constants), first page, 10 rows, no filter. */
export function initialState(sort: Sort): TableState {
  return { pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE, sort, filters: {} };
}

/** Filters that actually filter: empty texts, empty selections and open date ranges dropped. */
export function activeFilters(filters: Filters): Filters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, values]) => {
      const meaningful = values.filter((value) => value.trim() !== '' && value !== NO_START && value !== NO_END);
      return meaningful.length > 0;
    }),
  );
}

/** The `TableInput` the API takes for `state`; `kinds` says how each filtered column filters. */
export function toTableInput(state: TableState, kinds: Readonly<Record<string, FilterKind>>): TableInput {
  const filters = Object.entries(activeFilters(state.filters)).flatMap(([column, values]): TableInput['filters'] => {
    const type = kinds[column];
    if (type === undefined) return [];
    if (type === 'date') {
      return [{ column, type, value: [values[0] || NO_START, values[1] || NO_END] }];
    }
    return [{ column, type, value: type === 'text' ? [values[0]?.trim() ?? ''] : [...values] }];
  });
  return {
    pageSize: state.pageSize,
    pageIndex: state.pageIndex,
    order: `${state.sort.column} ${state.sort.descending ? 'DESC' : 'ASC'}`,
    filters,
  };
}

// --- the address bar: `<table>.page`, `<table>.size`, `<table>.sort`, `<table>.f.<column>` ---

const key = (table: string, name: string) => `${table}.${name}`;
const filterPrefix = (table: string) => `${table}.f.`;

/** Whether the address holds anything of this table. */
export function hasTableParams(params: URLSearchParams, table: string): boolean {
  return [...params.keys()].some((name) => name.startsWith(`${table}.`));
}

/** The table's state read from the address; anything missing or malformed falls back to `initial`. */
export function readState(params: URLSearchParams, table: string, initial: TableState): TableState {
  const page = Number(params.get(key(table, 'page')));
  const size = Number(params.get(key(table, 'size')));
  const sortText = params.get(key(table, 'sort'));
  const sortMatch = sortText === null ? null : /^(.+)\.(asc|desc)$/.exec(sortText);
  const filters: Record<string, string[]> = {};
  for (const [name, value] of params.entries()) {
    if (!name.startsWith(filterPrefix(table))) continue;
    const column = name.slice(filterPrefix(table).length);
    if (column !== '') (filters[column] ??= []).push(value);
  }
  return {
    pageIndex: Number.isInteger(page) && page > 0 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : initial.pageSize,
    sort: sortMatch?.[1] ? { column: sortMatch[1], descending: sortMatch[2] === 'desc' } : initial.sort,
    filters: Object.keys(filters).length > 0 ? filters : initial.filters,
  };
}

/**
 * `params` with this table's entries replaced by `state` (what equals `initial` is left out, so
 * an untouched table leaves the address clean); other tables' and other parameters stay.
 */
export function writeState(params: URLSearchParams, table: string, state: TableState, initial: TableState): URLSearchParams {
  const next = new URLSearchParams();
  for (const [name, value] of params.entries()) {
    if (!name.startsWith(`${table}.`)) next.append(name, value);
  }
  if (state.pageIndex !== 0) next.set(key(table, 'page'), String(state.pageIndex + 1));
  if (state.pageSize !== initial.pageSize) next.set(key(table, 'size'), String(state.pageSize));
  if (state.sort.column !== initial.sort.column || state.sort.descending !== initial.sort.descending) {
    next.set(key(table, 'sort'), `${state.sort.column}.${state.sort.descending ? 'desc' : 'asc'}`);
  }
  for (const [column, values] of Object.entries(activeFilters(state.filters))) {
    for (const value of values) next.append(`${filterPrefix(table)}${column}`, value);
  }
  return next;
}

/** This table's part of the address as a query string (what "remember filters" keeps). */
export function tableQuery(params: URLSearchParams, table: string): string {
  const own = new URLSearchParams();
  for (const [name, value] of params.entries()) if (name.startsWith(`${table}.`)) own.append(name, value);
  return own.toString();
}

// --- date ranges (presets: docs/domain.md#constants) ---

export const DATE_PRESETS = ['today', 'yesterday', 'tomorrow', 'week', 'month', 'lastMonth', 'nextMonth'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** `YYYY/MM/DD` of a local date (the API's date filter format). */
export function formatFilterDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;
}

/** The preset whose range `values` is now, if any: a chosen preset keeps its name. */
export function presetOf(values: readonly string[], now: Date = new Date()): DatePreset | null {
  if (values.length !== 2) return null;
  return DATE_PRESETS.find((preset) => presetRange(preset, now).every((end, i) => end === values[i])) ?? null;
}

/** The `[start, end]` (both included) of a preset, relative to `now`; the week starts on Monday. */
export function presetRange(preset: DatePreset, now: Date = new Date()): [string, string] {
  const day = (offset: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  const monthBounds = (offset: number): [Date, Date] => [
    new Date(now.getFullYear(), now.getMonth() + offset, 1),
    new Date(now.getFullYear(), now.getMonth() + offset + 1, 0),
  ];
  let range: [Date, Date];
  switch (preset) {
    case 'today':
      range = [day(0), day(0)];
      break;
    case 'yesterday':
      range = [day(-1), day(-1)];
      break;
    case 'tomorrow':
      range = [day(1), day(1)];
      break;
    case 'week': {
      const sinceMonday = (now.getDay() + 6) % 7;
      range = [day(-sinceMonday), day(6 - sinceMonday)];
      break;
    }
    case 'month':
      range = monthBounds(0);
      break;
    case 'lastMonth':
      range = monthBounds(-1);
      break;
    case 'nextMonth':
      range = monthBounds(1);
      break;
  }
  return [formatFilterDate(range[0]), formatFilterDate(range[1])];
}

/** `YYYY/MM/DD` ⇄ the ISO `YYYY-MM-DD` of a date field (components/DateInput; open ends are empty). */
export const filterDateToInput = (value: string | undefined) =>
  value === undefined || value === NO_START || value === NO_END ? '' : value.replaceAll('/', '-');
export const inputDateToFilter = (value: string, openEnd: string) => (value === '' ? openEnd : value.replaceAll('-', '/'));
