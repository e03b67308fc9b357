import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { DossierDetailPage } from './DossierDetailPage';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const ID = '0190a1b2-0000-7000-8000-00000000000a';
const routes = [{ path: '/dossier/dettagli/:id', element: <DossierDetailPage /> }];

const aggregate = [
  { Input: { durata_finanziamento: 24 }, AggregateResult: true, Result: [{ ruleId: 'r1', ruleName: 'Importo minimo', success: true }] },
  { Input: { durata_finanziamento: 36 }, AggregateResult: false, Result: [{ ruleId: 'r1', ruleName: 'Importo minimo', success: false, error: 'troppo basso' }] },
];

function fakeServer(overrides: Record<string, (variables: Record<string, unknown>) => unknown> = {}) {
  return mockGraphql({
    Dossier: () => ({
      dossier: {
        id: ID,
        description: 'Pratica Rossi',
        state: 'conflicts',
        createdAt: '2026-11-02T09:05:00Z',
        updatedAt: '2026-11-02T09:06:00Z',
        dossierType: { name: 'cessione' },
        error: null,
        input: '[{"durata_finanziamento":24},{"durata_finanziamento":36}]',
        callbackUrl: 'https://esempio.it/cb',
        idValutazione: 'VAL-1',
      },
    }),
    DossierCallbacks: () => ({
      dossierCallbacks: [
        {
          id: 'c2',
          success: true,
          timestamp: 1793610000,
          url: 'https://esempio.it/cb',
          method: 'POST',
          requestBody: '{}',
          responseCode: 200,
          responseBody: 'ok',
          errorDescription: null,
          attempt: 2,
          requestHeaders: [
            { name: 'webhook-id', value: 'msg_0a1b' },
            { name: 'webhook-timestamp', value: '1793610000' },
            { name: 'webhook-signature', value: 'v1,c2lnbmF0dXJl' },
          ],
        },
        { id: 'c1', success: false, timestamp: 1793600000, url: 'https://esempio.it/cb', method: 'POST', requestBody: '{}', responseCode: 503, responseBody: '', errorDescription: 'HTTP 503', attempt: 1, requestHeaders: [] },
      ],
    }),
    DossierAggregate: () => ({ getDossierResultAggregate: JSON.stringify(aggregate) }),
    DossierMetasCheck: () => ({
      metasCheck: { valid: false, conflicts: [{ name: 'importo', values: [{ value: '1000', count: 2 }, { value: '1200', count: 1 }] }], missingRequired: ['codice_fiscale'] },
    }),
    FixMetas: () => ({ fixMetas: { valid: true } }),
    ResendDossierCallback: () => ({ resendDossierCallback: true }),
    ...overrides,
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('dossier detail', () => {
  it('shows the description as title, its fields, and its callbacks as RIUSCITA / FALLITA', async () => {
    fakeServer();
    await renderRoutes(routes, { url: `/dossier/dettagli/${ID}` });
    expect(await screen.findByRole('heading', { name: 'Pratica Rossi' })).toBeTruthy();
    expect(screen.getByTestId('dossier-error').textContent).toBe('Nessuno');
    const rows = await screen.findAllByTestId('callback-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['RIUSCITA', 'FALLITA']);
    expect(within(screen.getByTestId('breadcrumbs')).getByText('Dossier')).toBeTruthy();
    // An attempt's details show the headers it was signed with.
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Dettagli della chiamata' }));
    expect((await screen.findByTestId('callback-headers')).textContent).toBe('webhook-id: msg_0a1b\nwebhook-timestamp: 1793610000\nwebhook-signature: v1,c2lnbmF0dXJl');
  });

  it('resends the callback', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: `/dossier/dettagli/${ID}` });
    fireEvent.click(await screen.findByTestId('callback-resend'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Callback in invio'));
    expect(calls.ResendDossierCallback).toHaveBeenCalledWith({ id: ID });
  });

  it('keeps the tab in the address and opens on the one it names', async () => {
    fakeServer();
    const { router } = await renderRoutes(routes, { url: `/dossier/dettagli/${ID}?tab=results` });
    const aggregateRows = await screen.findAllByTestId('aggregate-row');
    // Entries with a false result come first (docs/domain.md#aggregation).
    expect(aggregateRows.map((row) => row.dataset.result)).toEqual(['false', 'true']);
    fireEvent.click(screen.getByRole('tab', { name: 'Variabili di input' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=input'));
    expect(screen.getByText('2 elementi di input')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Generale' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('asks a value for every conflicting and missing meta before fixing them', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: `/dossier/dettagli/${ID}?tab=conflicts` });
    fireEvent.click(await screen.findByTestId('conflicts-submit'));
    expect(await screen.findAllByText('Campo necessario')).toHaveLength(2);
    expect(calls.FixMetas).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('conflict-importo'), { target: { value: '1200' } });
    fireEvent.change(screen.getByTestId('missing-codice_fiscale'), { target: { value: 'RSSMRA80A01H501U' } });
    await act(async () => fireEvent.click(screen.getByTestId('conflicts-submit')));
    await waitFor(() =>
      expect(calls.FixMetas).toHaveBeenCalledWith({
        id: ID,
        metas: [
          { name: 'importo', value: '1200' },
          { name: 'codice_fiscale', value: 'RSSMRA80A01H501U' },
        ],
      }),
    );
    expect(calls.DossierMetasCheck?.mock.calls.length).toBeGreaterThan(1); // the check is loaded again
  });

  it('says there is no conflict when the metas agree', async () => {
    fakeServer({ DossierMetasCheck: () => ({ metasCheck: { valid: true, conflicts: [], missingRequired: [] } }) });
    await renderRoutes(routes, { url: `/dossier/dettagli/${ID}?tab=conflicts` });
    expect(await screen.findByText('Nessun conflitto nei meta dei documenti')).toBeTruthy();
  });
});
