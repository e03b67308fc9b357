import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberKey } from '../../components/table/useTableState';
import { toast } from '../../lib/toast';
import { mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { DossiersPage } from './DossiersPage';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const routes = [{ path: '/dossier', element: <DossiersPage /> }];

const dossier = (id: string, state: string, description: string | null = `Pratica ${id}`) => ({
  id,
  description,
  state,
  createdAt: '2026-11-02T09:05:00Z',
  updatedAt: '2026-11-02T09:05:00Z',
  dossierType: { name: 'cessione' },
});

function fakeServer(items = [dossier('0190a1b2-0000-7000-8000-000000000001', 'processed'), dossier('0190a1b2-0000-7000-8000-000000000002', 'processing', null)]) {
  return mockGraphql({
    Dossiers: () => ({ dossiers: { items, pages: 3, total: 25 } }),
    DossierTypeNames: () => ({ dossierTypes: [{ name: 'cessione' }, { name: 'mutuo' }] }),
    DeleteDossier: () => ({ deleteDossier: true }),
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('dossier list', () => {
  it('asks for the first page newest first and shows each dossier with its state', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/dossier' });
    const row = await screen.findByTestId('row-0190a1b2-0000-7000-8000-000000000001');
    expect(within(row).getByText('Pratica 0190a1b2-0000-7000-8000-000000000001')).toBeTruthy();
    expect(within(row).getByText('IMPORTATO')).toBeTruthy();
    expect(within(screen.getByTestId('row-0190a1b2-0000-7000-8000-000000000002')).getByText('IN CORSO')).toBeTruthy();
    expect(calls.Dossiers).toHaveBeenCalledWith({ input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [] } });
    expect(screen.getByTestId('table-range').textContent).toBe('1–10 di 25');
    expect(screen.getByTestId('table-page').textContent).toBe('Pagina 1 di 3');
  });

  it('says "oltre 10.000" when the server counted more rows than it counts', async () => {
    mockGraphql({
      Dossiers: () => ({ dossiers: { items: [dossier('0190a1b2-0000-7000-8000-000000000001', 'processed')], pages: 1000, total: 10000, more: true } }),
      DossierTypeNames: () => ({ dossierTypes: [] }),
    });
    await renderRoutes(routes, { url: '/dossier' });
    await screen.findByTestId('row-0190a1b2-0000-7000-8000-000000000001');
    expect(screen.getByTestId('table-range').textContent).toBe('1–10 di oltre 10.000');
    expect(screen.getByTestId('table-page').textContent).toBe('Pagina 1 di 1000');
  });

  it('filters by state and by description (after 500 ms), keeping both in the address', async () => {
    const calls = fakeServer();
    const { router } = await renderRoutes(routes, { url: '/dossier' });
    await screen.findByTestId('row-0190a1b2-0000-7000-8000-000000000001');

    fireEvent.click(screen.getByTestId('filter-state'));
    fireEvent.click(await screen.findByTestId('filter-state-cannot process'));
    await waitFor(() =>
      expect(calls.Dossiers).toHaveBeenLastCalledWith({
        input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [{ column: 'state', type: 'select', value: ['cannot process'] }] },
      }),
    );

    const before = calls.Dossiers?.mock.calls.length ?? 0;
    fireEvent.change(screen.getByTestId('filter-description'), { target: { value: 'mutuo' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls.Dossiers?.mock.calls.length).toBe(before); // still waiting for the typing to stop
    await waitFor(() =>
      expect(calls.Dossiers).toHaveBeenLastCalledWith({
        input: {
          pageSize: 10,
          pageIndex: 0,
          order: 'createdAt DESC',
          filters: [
            { column: 'state', type: 'select', value: ['cannot process'] },
            { column: 'description', type: 'text', value: ['mutuo'] },
          ],
        },
      }),
    );
    expect(router.state.location.search).toBe('?dossiers.f.state=cannot+process&dossiers.f.description=mutuo');
  });

  it('pages, sorts and changes the page size through the server', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/dossier' });
    await screen.findByTestId('row-0190a1b2-0000-7000-8000-000000000001');
    fireEvent.click(screen.getByTestId('table-next'));
    await waitFor(() => expect(calls.Dossiers).toHaveBeenLastCalledWith({ input: expect.objectContaining({ pageIndex: 1 }) }));
    fireEvent.click(screen.getByTestId('sort-createdAt'));
    await waitFor(() => expect(calls.Dossiers).toHaveBeenLastCalledWith({ input: expect.objectContaining({ pageIndex: 0, order: 'createdAt ASC' }) }));
    fireEvent.change(screen.getByTestId('table-page-size'), { target: { value: '50' } });
    await waitFor(() => expect(calls.Dossiers).toHaveBeenLastCalledWith({ input: expect.objectContaining({ pageSize: 50 }) }));
  });

  it('brings the remembered filters back on the next visit, and forgets them when asked', async () => {
    fakeServer();
    const first = await renderRoutes(routes, { url: '/dossier?dossiers.f.state=processed&dossiers.page=2' });
    await screen.findByTestId('row-0190a1b2-0000-7000-8000-000000000001');
    await waitFor(() => expect(localStorage.getItem(rememberKey('/dossier', 'dossiers'))).toContain('dossiers.f.state=processed'));
    first.unmount();

    const calls = fakeServer();
    const second = await renderRoutes(routes, { url: '/dossier' });
    await waitFor(() => expect(second.router.state.location.search).toBe('?dossiers.f.state=processed&dossiers.page=2'));
    await waitFor(() =>
      expect(calls.Dossiers).toHaveBeenLastCalledWith({
        input: { pageSize: 10, pageIndex: 1, order: 'createdAt DESC', filters: [{ column: 'state', type: 'select', value: ['processed'] }] },
      }),
    );
    fireEvent.click(screen.getByTestId('table-remember'));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(rememberKey('/dossier', 'dossiers')) ?? '{}')).toEqual({ remember: false, query: '' }));
    fireEvent.click(screen.getByTestId('table-reset'));
    await waitFor(() => expect(second.router.state.location.search).toBe(''));
  });

  it('deletes a dossier after the irreversible-action confirmation and reloads the list', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/dossier' });
    const row = await screen.findByTestId('row-0190a1b2-0000-7000-8000-000000000001');
    fireEvent.click(within(row).getByTestId('dossier-delete'));
    expect(await screen.findByText('Azione irreversibile, continuare?')).toBeTruthy();
    const loads = calls.Dossiers?.mock.calls.length ?? 0;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Elimina definitivamente' })));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Dossier eliminato'));
    expect(calls.DeleteDossier).toHaveBeenCalledWith({ id: '0190a1b2-0000-7000-8000-000000000001' });
    await waitFor(() => expect(calls.Dossiers?.mock.calls.length).toBeGreaterThan(loads));
  });

  it('says "Nessun dato trovato" when nothing matches', async () => {
    fakeServer([]);
    await renderRoutes(routes, { url: '/dossier' });
    expect(await screen.findByText('Nessun dato trovato')).toBeTruthy();
  });

  it('moves between rows with the arrow keys and opens one with Enter', async () => {
    fakeServer();
    const { router } = await renderRoutes(routes, { url: '/dossier' });
    const first = await screen.findByTestId('row-0190a1b2-0000-7000-8000-000000000001');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    const second = screen.getByTestId('row-0190a1b2-0000-7000-8000-000000000002');
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dossier/dettagli/0190a1b2-0000-7000-8000-000000000002'));
  });
});
