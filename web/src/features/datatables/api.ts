import useSWR from 'swr';
import type { TableInput } from '../../components/table';
import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';

export const dataTablesPath = '/datatables';
export const newDataTablePath = '/datatables/nuova';
export const dataTableDetailPath = (name: string) => `/datatables/dettagli/${encodeURIComponent(name)}`;

const DataTablesPageQuery = graphql(`
  query DataTablesPage($input: TableInput) {
    dataTablesPage(input: $input) {
      items {
        name
        ordinamento
        updatedAt
      }
      pages
      total
      more
    }
  }
`);

const DataTableQuery = graphql(`
  query DataTableDetail($name: String!) {
    dataTable(name: $name) {
      name
      ordinamento
      content
      updatedAt
    }
  }
`);

const CreateDataTableMutation = graphql(`
  mutation CreateDataTable($input: CreateDataTableInput!) {
    createDataTable(input: $input) {
      name
    }
  }
`);

const UpdateDataTableMutation = graphql(`
  mutation UpdateDataTable($name: String!, $input: UpdateDataTableInput!) {
    updateDataTable(name: $name, input: $input) {
      name
      ordinamento
      content
      updatedAt
    }
  }
`);

const DeleteDataTableMutation = graphql(`
  mutation DeleteDataTable($name: String!) {
    deleteDataTable(name: $name)
  }
`);

export type DataTableRow = NonNullable<Awaited<ReturnType<typeof fetchPage>>>['items'][number];

const fetchPage = (input: TableInput) => graphqlRequest(DataTablesPageQuery, { input }).then((result) => result.dataTablesPage);

/** One page of data tables (the previous page stays while the next loads). */
export function useDataTablesPage(input: TableInput) {
  return useSWR(['DataTablesPage', input], () => fetchPage(input), { keepPreviousData: true });
}

export function useDataTable(name: string) {
  return useSWR(['DataTableDetail', name], () => graphqlRequest(DataTableQuery, { name }).then((result) => result.dataTable));
}

export const createDataTable = (input: { name: string; ordinamento: number; content: string }) =>
  graphqlRequest(CreateDataTableMutation, { input }).then((result) => result.createDataTable);

export const updateDataTable = (name: string, input: { ordinamento?: number; content?: string }) =>
  graphqlRequest(UpdateDataTableMutation, { name, input }).then((result) => result.updateDataTable);

export const deleteDataTable = (name: string) => graphqlRequest(DeleteDataTableMutation, { name }).then((result) => result.deleteDataTable);

/** Whether `text` is JSON (docs/domain.md#input-rules-and-limits: otherwise 'Json non valido'). */
export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A sort order typed in a field, as a number (docs/domain.md#input-rules-and-limits: converted to a number): a whole number,
 * or `null` when it is not one.
 */
export function toOrdinamento(value: string | number): number | null {
  const text = String(value).trim();
  if (!/^[-+]?\d+$/.test(text)) return null;
  const number = Number(text);
  return Number.isSafeInteger(number) && Math.abs(number) <= 2_147_483_647 ? number : null;
}
