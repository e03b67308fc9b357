import { Button, ButtonGroup, Callout, HTMLSelect, HTMLTable, Spinner, Switch, Tooltip } from '@blueprintjs/core';
import { Fragment, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnFilterControl, type ColumnFilter } from './filters';
import { PAGE_SIZES, toTableInput, type FilterKind, type TableInput } from './tableState';
import type { TableController } from './useTableState';

export interface Column<Row> {
  /** The API's name of the column: what sorts and filters send. */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  filter?: ColumnFilter;
  /** `end` for numbers and actions. */
  align?: 'end';
  className?: string;
}

/** One page of a server-side list, as every paged query of the API answers it. */
export interface PageData<Row> {
  items: readonly Row[];
  pages: number;
  /** Counted up to 10,000 by the API; with `more`, more rows than that match. */
  total: number;
  more?: boolean;
}

/** The `TableInput` of a table's state, with each column's filter kind. */
export function tableInputOf<Row>(controller: TableController, columns: readonly Column<Row>[]): TableInput {
  const kinds: Record<string, FilterKind> = {};
  for (const column of columns) if (column.filter) kinds[column.id] = column.filter.kind;
  return toTableInput(controller.state, kinds);
}

interface ServerTableProps<Row> {
  table: TableController;
  columns: readonly Column<Row>[];
  /** The current page (the previous one stays shown while the next loads). */
  data: PageData<Row> | undefined;
  loading?: boolean;
  /** The load failed: shown above the table. */
  error?: string | null;
  rowKey: (row: Row) => string;
  /** Enter on a focused row (and a click on it) opens it. */
  onRowOpen?: (row: Row) => void;
  /** A refresh button in the toolbar. */
  onRefresh?: () => void;
  /** More toolbar content, at its start. */
  toolbar?: ReactNode;
  /** The accessible name of the table. */
  label: string;
  testId?: string;
  /** Expandable rows: what shows under a row, across every column (nothing: `null`/`undefined`). */
  expansion?: (row: Row) => ReactNode;
}

/**
 * The one table of the app (docs/domain.md#shared-table-behaviour): server paging (10–50
 * rows), sorting by a column header, filters per column (text debounced, multi-select, date range
 * with presets), all kept in the address and, with "remember filters", per address in the browser;
 * "Nessun dato trovato" when empty. Rows are reached with the arrow keys and opened with Enter.
 */
export function ServerTable<Row>({ table, columns, data, loading, error, rowKey, onRowOpen, onRefresh, toolbar, label, testId, expansion }: ServerTableProps<Row>) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language).format;
  const { state } = table;
  const items = data?.items ?? [];
  const pages = Math.max(data?.pages ?? 0, 1);
  const total = data?.total ?? 0;
  const first = total === 0 ? 0 : state.pageIndex * state.pageSize + 1;
  const last = Math.min(total, (state.pageIndex + 1) * state.pageSize);
  const hasFilters = columns.some((column) => column.filter);
  const body = useRef<HTMLTableSectionElement>(null);
  const [focused, setFocused] = useState(0);

  const focusRow = (index: number) => {
    const rows = body.current?.querySelectorAll<HTMLTableRowElement>('tr[data-row]');
    if (!rows || rows.length === 0) return;
    const target = Math.min(Math.max(index, 0), rows.length - 1);
    setFocused(target);
    rows[target]?.focus();
  };

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: Row) => {
    if (event.target !== event.currentTarget) return; // keys inside a cell's button stay its own
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      focusRow(move);
    } else if (event.key === 'Enter' && onRowOpen) {
      event.preventDefault();
      onRowOpen(row);
    } else if (event.key === 'PageDown' && state.pageIndex + 1 < pages) {
      event.preventDefault();
      table.setPageIndex(state.pageIndex + 1);
    } else if (event.key === 'PageUp' && state.pageIndex > 0) {
      event.preventDefault();
      table.setPageIndex(state.pageIndex - 1);
    }
  };

  return (
    <div className="server-table" data-testid={testId}>
      <div className="server-table__toolbar">
        {toolbar}
        <span className="server-table__spacer" />
        {hasFilters && (
          <>
            <Switch
              className="server-table__remember"
              checked={table.remember}
              onChange={(event) => table.setRemember(event.currentTarget.checked)}
              label={t('table.remember')}
              data-testid="table-remember"
            />
            <Button icon="filter-remove" variant="minimal" disabled={!table.filtered} onClick={table.resetFilters} text={t('table.resetFilters')} data-testid="table-reset" />
          </>
        )}
        {onRefresh && (
          <Tooltip content={t('table.refresh')}>
            <Button icon="refresh" variant="minimal" aria-label={t('table.refresh')} onClick={onRefresh} data-testid="table-refresh" />
          </Tooltip>
        )}
      </div>
      {error && (
        <Callout intent="danger" icon="error" role="alert" className="form-error">
          {error}
        </Callout>
      )}
      <div className="table-scroll">
        <HTMLTable className="data-table server-table__table server-table__table--stacks" striped interactive={onRowOpen !== undefined} aria-label={label} aria-busy={loading ? true : undefined}>
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = state.sort.column === column.id;
                const direction = sorted ? (state.sort.descending ? 'descending' : 'ascending') : undefined;
                return (
                  <th key={column.id} scope="col" aria-sort={column.sortable ? (direction ?? 'none') : undefined} className={cellClass(column)}>
                    {column.sortable ? (
                      <button type="button" className="server-table__sort" onClick={() => table.toggleSort(column.id)} data-testid={`sort-${column.id}`}>
                        {column.header}
                        <span aria-hidden className={`bp6-icon bp6-icon-${sorted ? (state.sort.descending ? 'chevron-down' : 'chevron-up') : 'double-caret-vertical'}`} />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
            {hasFilters && (
              <tr className="server-table__filters">
                {columns.map((column) => (
                  <td key={column.id} className={cellClass(column)} data-label={column.filter ? column.header : undefined}>
                    {column.filter && (
                      <ColumnFilterControl
                        filter={column.filter}
                        label={t('table.filterBy', { column: column.header })}
                        values={state.filters[column.id] ?? []}
                        onChange={(values) => table.setFilter(column.id, values)}
                        testId={`filter-${column.id}`}
                      />
                    )}
                  </td>
                ))}
              </tr>
            )}
          </thead>
          <tbody ref={body}>
            {items.map((row, index) => {
              const expanded = expansion?.(row);
              return (
                <Fragment key={rowKey(row)}>
                  <tr
                    data-row
                    tabIndex={index === Math.min(focused, items.length - 1) ? 0 : -1}
                    onFocus={() => setFocused(index)}
                    onKeyDown={(event) => onRowKey(event, index, row)}
                    onClick={onRowOpen ? (event) => !isInteractive(event.target) && onRowOpen(row) : undefined}
                    data-testid={`row-${rowKey(row)}`}
                  >
                    {columns.map((column) => (
                      <td key={column.id} className={cellClass(column)} data-label={column.header}>
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                  {expanded != null && expanded !== false && (
                    <tr className="server-table__expansion" data-testid={`expansion-${rowKey(row)}`}>
                      <td colSpan={columns.length}>{expanded}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </HTMLTable>
        {loading && items.length === 0 && <Spinner size={24} aria-label={t('common.loading')} className="table-loader" />}
        {!loading && items.length === 0 && (
          <p className="server-table__empty" data-testid="table-empty">
            {t('table.empty')}
          </p>
        )}
      </div>
      <nav className="server-table__pager" aria-label={t('table.pagination')}>
        <label className="server-table__size">
          {t('table.rowsPerPage')}
          <HTMLSelect value={state.pageSize} onChange={(event) => table.setPageSize(Number(event.currentTarget.value))} options={[...PAGE_SIZES]} data-testid="table-page-size" />
        </label>
        <span className="server-table__range" dir="auto" data-testid="table-range">
          {t(data?.more ? 'table.rangeMore' : 'table.range', { first: number(first), last: number(last), total: number(total) })}
        </span>
        {loading && items.length > 0 && <Spinner size={16} aria-label={t('common.loading')} />}
        <ButtonGroup variant="minimal">
          <Button icon="double-chevron-left" aria-label={t('table.firstPage')} disabled={state.pageIndex === 0} onClick={() => table.setPageIndex(0)} />
          <Button icon="chevron-left" aria-label={t('table.previousPage')} disabled={state.pageIndex === 0} onClick={() => table.setPageIndex(state.pageIndex - 1)} data-testid="table-previous" />
          <span className="server-table__page" dir="auto" data-testid="table-page">
            {t('table.page', { page: number(state.pageIndex + 1), pages: number(pages) })}
          </span>
          <Button icon="chevron-right" aria-label={t('table.nextPage')} disabled={state.pageIndex + 1 >= pages} onClick={() => table.setPageIndex(state.pageIndex + 1)} data-testid="table-next" />
          <Button icon="double-chevron-right" aria-label={t('table.lastPage')} disabled={state.pageIndex + 1 >= pages} onClick={() => table.setPageIndex(pages - 1)} />
        </ButtonGroup>
      </nav>
    </div>
  );
}

const cellClass = (column: { align?: 'end'; className?: string }) =>
  [column.align === 'end' ? 'server-table__cell--end' : '', column.className ?? ''].join(' ').trim() || undefined;

/** A click on a button or link inside a row is that control's, not the row's. */
const isInteractive = (target: EventTarget) => target instanceof Element && target.closest('button, a, input, select, textarea, label') !== null;
