export { ServerTable, tableInputOf, type Column, type PageData } from './ServerTable';
export type { ColumnFilter, SelectOption } from './filters';
export { useTableState, type TableController } from './useTableState';
export { PAGE_SIZES, DEFAULT_PAGE_SIZE, FILTER_DEBOUNCE_MS, formatFilterDate, type Sort, type TableInput, type TableState } from './tableState';
export { clientPage, type ColumnValues } from './clientPage';
