import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { OperationsOverview, todaysDossiersPath } from './OperationsOverview';

beforeEach(() => vi.clearAllMocks());

const hourAgo = new Date(Date.now() - 3_600_000);
hourAgo.setMinutes(0, 0, 0);

describe('operations overview', () => {
  it('links each state count to the dossier list filtered by state and today', () => {
    expect(todaysDossiersPath('cannot process', new Date(2026, 10, 23, 15))).toBe(
      '/dossier?dossiers.f.state=cannot+process&dossiers.f.createdAt=2026%2F11%2F23&dossiers.f.createdAt=2026%2F11%2F23',
    );
  });

  it("shows today's dossiers by state, failed jobs and the latest rule errors, since the start of today", async () => {
    const calls = mockGraphql({
      OperationsOverview: () => ({
        operationsOverview: {
          since: new Date().toISOString(),
          dossiersByState: [
            { state: 'processed', count: 12 },
            { state: 'cannot process', count: 2 },
          ],
          documentsProcessedByHour: [{ hour: hourAgo.toISOString(), count: 40 }],
          dossierRuleErrors: 3,
          documentRuleErrors: 1,
          latestRuleErrors: [{ dossierId: 'd-1', dossierDescription: 'Pratica Bianchi', ruleName: 'Importo minimo', error: 'TypeError: x is undefined', at: new Date().toISOString() }],
        },
      }),
      DashboardFailedJobs: () => ({ jobQueues: [{ name: 'extract', failed: 2 }, { name: 'callback', failed: 5 }] }),
    });
    await renderRoutes([{ path: '/', element: <OperationsOverview /> }], { url: '/' });
    expect(within(await screen.findByTestId('overview-state-processed')).getByText('12')).toBeTruthy();
    expect(within(screen.getByTestId('overview-state-processing')).getByText('0')).toBeTruthy();
    expect((await screen.findByTestId('overview-failed-jobs')).textContent).toBe('7');
    expect(screen.getByText('Documenti elaborati nelle ultime 24 ore: 40')).toBeTruthy();
    const latest = screen.getByTestId('overview-latest-errors');
    expect(within(latest).getByRole('link', { name: 'Pratica Bianchi' }).getAttribute('href')).toBe('/dossier/dettagli/d-1?tab=status&executions.f.state=error');
    const since = new Date(String(calls.OperationsOverview?.mock.calls[0]?.[0].since));
    expect([since.getHours(), since.getMinutes()]).toEqual([0, 0]);
  });
});
