import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { GraphQLTestError, mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { isJson, toOrdinamento } from './api';
import { DataTableEditPage } from './DataTableEditPage';
import { DataTablesPage } from './DataTablesPage';
import { NewDataTablePage } from './NewDataTablePage';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));
// CodeMirror needs a real layout: a text area stands in for the JSON editor.
vi.mock('../../components/code/CodeEditor', () => ({
  default: ({ value, onChange, onBlur, label, testId }: { value: string; onChange: (value: string) => void; onBlur?: () => void; label: string; testId?: string }) => (
    <textarea aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} data-testid={testId} />
  ),
}));

const routes = [
  { path: '/datatables', element: <DataTablesPage /> },
  { path: '/datatables/nuova', element: <NewDataTablePage /> },
  { path: '/datatables/dettagli/:name', element: <DataTableEditPage /> },
  { path: '/datatables/:name', element: <DataTableEditPage /> },
];
const row = (name: string, ordinamento: number) => ({ name, ordinamento, updatedAt: '2026-11-02T09:05:00Z' });
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('data table list', () => {
  it('asks for the first page by ordinamento, ascending', async () => {
    const calls = mockGraphql({ DataTablesPage: () => ({ dataTablesPage: { items: [row('province', 1), row('tassi', 2)], pages: 1, total: 2 } }) });
    await renderRoutes(routes, { url: '/datatables' });
    expect(within(await screen.findByTestId('row-tassi')).getByTestId('datatable-order').textContent).toBe('2');
    expect(calls.DataTablesPage).toHaveBeenCalledWith({ input: { pageSize: 10, pageIndex: 0, order: 'ordinamento ASC', filters: [] } });
    expect(screen.getByRole('button', { name: 'Nuova tabella' })).toBeTruthy();
  });

  it("edits the sort order in its cell: 'Datatable aggiornata', or 'Aggiornamento dataTable non riuscito'", async () => {
    let fail = false;
    const calls = mockGraphql({
      DataTablesPage: () => ({ dataTablesPage: { items: [row('tassi', 2)], pages: 1, total: 1 } }),
      UpdateDataTable: ({ name, input }) => {
        if (fail) throw new Error('no');
        return { updateDataTable: { name, ordinamento: (input as { ordinamento: number }).ordinamento, content: '[]', updatedAt: '2026-11-02T09:05:00Z' } };
      },
    });
    await renderRoutes(routes, { url: '/datatables' });
    fireEvent.click(await screen.findByRole('button', { name: 'Modifica ordinamento di tassi' }));
    const input = screen.getByLabelText('Ordinamento di tassi');
    fireEvent.change(input, { target: { value: '1.5' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Inserire un numero intero'));
    expect(calls.UpdateDataTable).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Datatable aggiornata'));
    expect(calls.UpdateDataTable).toHaveBeenCalledWith({ name: 'tassi', input: { ordinamento: 7 } });
    expect(screen.queryByLabelText('Ordinamento di tassi')).toBeNull();

    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Modifica ordinamento di tassi' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva ordinamento' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Aggiornamento dataTable non riuscito'));
  });

  it("deletes after the confirmation: 'Datatable eliminata'; a refusal says why", async () => {
    let refuse = false;
    const calls = mockGraphql({
      DataTablesPage: () => ({ dataTablesPage: { items: [row('tassi', 2)], pages: 1, total: 1 } }),
      DeleteDataTable: () => {
        if (refuse) throw new GraphQLTestError('è usata da delle regole', 'CONFLICT');
        return { deleteDataTable: true };
      },
    });
    await renderRoutes(routes, { url: '/datatables' });
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina tassi' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina definitivamente' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Datatable eliminata'));
    expect(calls.DeleteDataTable).toHaveBeenCalledWith({ name: 'tassi' });
    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Elimina tassi' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina definitivamente' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile eliminare la datatable: è usata da delle regole'));
  });

  it('opens the detail', async () => {
    mockGraphql({
      DataTablesPage: () => ({ dataTablesPage: { items: [row('tassi', 2)], pages: 1, total: 1 } }),
      DataTableDetail: () => ({ dataTable: { ...row('tassi', 2), content: '{"a":1}' } }),
    });
    await renderRoutes(routes, { url: '/datatables' });
    fireEvent.click(await screen.findByRole('button', { name: 'Dettagli di tassi' }));
    expect(await screen.findByRole('heading', { name: 'tassi' })).toBeTruthy();
  });
});

describe('new data table', () => {
  it("refuses content that is not JSON ('Json non valido') and a missing name", async () => {
    const calls = mockGraphql({ CreateDataTable: () => ({ createDataTable: { name: 'x' } }) });
    await renderRoutes(routes, { url: '/datatables/nuova' });
    fill('Contenuto JSON della tabella', '{ "a": ');
    fireEvent.click(screen.getByRole('button', { name: 'Inserisci' }));
    expect(await screen.findByText('Json non valido')).toBeTruthy();
    expect(screen.getByText('Campo obbligatorio')).toBeTruthy();
    fill('Ordinamento', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Inserisci' }));
    expect(await screen.findByText('Inserire un numero intero')).toBeTruthy();
    expect(calls.CreateDataTable).not.toHaveBeenCalled();
  });

  it("inserts with the sort order as a number: 'Tabella inserita con successo', then the list", async () => {
    const calls = mockGraphql({
      CreateDataTable: ({ input }) => ({ createDataTable: { name: (input as { name: string }).name } }),
      DataTablesPage: () => ({ dataTablesPage: { items: [], pages: 0, total: 0 } }),
    });
    await renderRoutes(routes, { url: '/datatables/nuova' });
    fill('Nome', ' tassi ');
    fill('Ordinamento', '3');
    fill('Contenuto JSON della tabella', '{"24": 3.5}');
    fireEvent.click(screen.getByRole('button', { name: 'Inserisci' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Tabella inserita con successo'));
    expect(calls.CreateDataTable).toHaveBeenCalledWith({ input: { name: 'tassi', ordinamento: 3, content: '{"24": 3.5}' } });
    expect(await screen.findByTestId('datatables-table')).toBeTruthy();
  });

  it("says 'Impossibile salvare la tabella' with the server's reason", async () => {
    mockGraphql({
      CreateDataTable: () => {
        throw new GraphQLTestError('Esiste già una datatable di nome «tassi»', 'BAD_USER_INPUT');
      },
    });
    await renderRoutes(routes, { url: '/datatables/nuova' });
    fill('Nome', 'tassi');
    fill('Contenuto JSON della tabella', '[]');
    fireEvent.click(screen.getByRole('button', { name: 'Inserisci' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile salvare la tabella'));
    expect(screen.getByTestId('datatable-error').textContent).toBe('Esiste già una datatable di nome «tassi»');
  });
});

describe('data table detail', () => {
  it("shows the current content and updates it: 'Tabella aggiornata con successo'", async () => {
    const calls = mockGraphql({
      DataTableDetail: ({ name }) => ({ dataTable: { ...row(String(name), 4), content: '{"a":1}' } }),
      UpdateDataTable: ({ name, input }) => ({ updateDataTable: { ...row(String(name), 4), ...(input as object) } }),
    });
    await renderRoutes(routes, { url: '/datatables/tassi' });
    const editor = await screen.findByLabelText('Contenuto JSON della tabella');
    expect((editor as HTMLTextAreaElement).value).toBe('{\n  "a": 1\n}');
    expect((screen.getByLabelText('Ordinamento') as HTMLInputElement).value).toBe('4');
    fill('Contenuto JSON della tabella', '{"a": 2}');
    fireEvent.click(screen.getByRole('button', { name: 'Aggiorna' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Tabella aggiornata con successo'));
    expect(calls.UpdateDataTable).toHaveBeenCalledWith({ name: 'tassi', input: { ordinamento: 4, content: '{"a": 2}' } });
  });

  it("says 'Errore nell'aggiornamento della tabella' when the update fails; Indietro goes to the list", async () => {
    mockGraphql({
      DataTableDetail: () => ({ dataTable: { ...row('tassi', 4), content: '[]' } }),
      UpdateDataTable: () => {
        throw new Error('no');
      },
      DataTablesPage: () => ({ dataTablesPage: { items: [], pages: 0, total: 0 } }),
    });
    await renderRoutes(routes, { url: '/datatables/dettagli/tassi' });
    await screen.findByLabelText('Contenuto JSON della tabella');
    fireEvent.click(screen.getByRole('button', { name: 'Aggiorna' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Errore nell'aggiornamento della tabella"));
    fireEvent.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(await screen.findByTestId('datatables-table')).toBeTruthy();
  });

  it("says 'Impossibile ottenere le datatables' when the table can't be read", async () => {
    mockGraphql({
      DataTableDetail: () => {
        throw new GraphQLTestError('Datatable «x» non trovata', 'NOT_FOUND');
      },
    });
    await renderRoutes(routes, { url: '/datatables/dettagli/x' });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile ottenere le datatables'));
  });
});

describe('values', () => {
  it('knows JSON and whole numbers', () => {
    expect(isJson('{"a": [1, 2]}')).toBe(true);
    expect(isJson('')).toBe(false);
    expect(isJson('{a: 1}')).toBe(false);
    expect(toOrdinamento(' 12 ')).toBe(12);
    expect(toOrdinamento('-3')).toBe(-3);
    expect(toOrdinamento('1.5')).toBeNull();
    expect(toOrdinamento('')).toBeNull();
    expect(toOrdinamento('99999999999')).toBeNull();
  });
});
