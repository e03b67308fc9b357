import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { GraphQLTestError, mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { loggedInStore, sessionData } from '../../test/session';
import { JobsPage } from './JobsPage';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const routes = [{ path: '/jobs', element: <JobsPage /> }];
beforeEach(() => vi.clearAllMocks());

const queue = (name: string, failed = 0) => ({ name, waiting: 2, retrying: 1, running: 3, failed });
const failedJob = {
  id: '01JOB',
  queue: 'extract',
  failedAt: 1795337695,
  attempts: 5,
  error: '`dossiers/x/documents/y.pdf` is not in object storage',
  errorCode: 'job_failed',
  errorParams: '{}',
  payload: '{"document_id":"y"}',
};
const failedCallback = {
  id: '02JOB',
  queue: 'callback',
  failedAt: 1795337695,
  attempts: 6,
  error: 'Connessione non riuscita: error sending request for url (http://10.0.0.9/cb)',
  errorCode: 'callback_failed',
  errorParams: JSON.stringify({ dossier: 'D-1', attempts: 6, cause: 'connection_failed' }),
  payload: '{"dossier_id":"D-1","resend":false}',
};

describe('jobs dashboard', () => {
  it('shows every queue and, on choosing one, its failed jobs with error and payload', async () => {
    const calls = mockGraphql({
      JobQueues: () => ({ jobQueues: [queue('import'), queue('extract', 1)] }),
      FailedJobs: () => ({ failedJobs: { total: 1, items: [failedJob] } }),
    });
    await renderRoutes(routes, { url: '/jobs' });
    const extract = await screen.findByTestId('job-queue-extract');
    expect(within(extract).getByText('Estrazione dei documenti')).toBeTruthy();
    expect(within(extract).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Estrazione dei documenti extract',
      '2',
      '3',
      '1',
      '1',
      'Dettagli',
    ]);
    fireEvent.click(within(extract).getByRole('button', { name: 'Dettagli: i job falliti di Estrazione dei documenti' }));
    const row = await screen.findByTestId('failed-job-01JOB');
    // An error the job did not explain: said in Italian, the raw text under "Dettagli tecnici".
    expect(within(row).getByTestId('failed-job-error').textContent).toBe(
      'Il job si è interrotto con un errore: i dettagli tecnici ne dicono la causa.',
    );
    expect(within(row).getByText('Dettagli tecnici')).toBeTruthy();
    expect(within(row).getByText(failedJob.error)).toBeTruthy();
    expect(within(row).getByText(failedJob.payload)).toBeTruthy();
    expect(calls.FailedJobs).toHaveBeenCalledWith({ queueName: 'extract', pageSize: 20, pageIndex: 0 });
  });

  it('retries a failed job and refreshes the counts', async () => {
    const calls = mockGraphql({
      JobQueues: () => ({ jobQueues: [queue('extract', 1)] }),
      FailedJobs: () => ({ failedJobs: { total: 1, items: [failedJob] } }),
      RetryFailedJob: () => ({ retryFailedJob: true }),
    });
    await renderRoutes(routes, { url: '/jobs' });
    fireEvent.click(await screen.findByTestId('job-queue-extract'));
    const row = await screen.findByTestId('failed-job-01JOB');
    fireEvent.click(within(row).getByRole('button', { name: 'Riprova il job 01JOB' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Job rimesso in coda'));
    expect(calls.RetryFailedJob).toHaveBeenCalledWith({ queueName: 'extract', id: '01JOB' });
    await waitFor(() => expect(calls.JobQueues?.mock.calls.length).toBeGreaterThan(1));
  });

  it('discards a failed job after confirmation, and says when that failed', async () => {
    const calls = mockGraphql({
      JobQueues: () => ({ jobQueues: [queue('extract', 1)] }),
      FailedJobs: () => ({ failedJobs: { total: 1, items: [failedJob] } }),
      DiscardFailedJob: () => {
        throw new GraphQLTestError('Job non trovato tra quelli falliti', 'NOT_FOUND');
      },
    });
    await renderRoutes(routes, { url: '/jobs' });
    fireEvent.click(await screen.findByTestId('job-queue-extract'));
    const row = await screen.findByTestId('failed-job-01JOB');
    fireEvent.click(within(row).getByRole('button', { name: 'Scarta il job 01JOB' }));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toBe('Scartare il job? Non verrà più eseguito.');
    fireEvent.click(screen.getByRole('button', { name: 'Scarta' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile scartare il job'));
    expect(calls.DiscardFailedJob).toHaveBeenCalledWith({ queueName: 'extract', id: '01JOB' });
  });

  it('says when a queue has no failed job, and when the queues cannot be loaded', async () => {
    mockGraphql({
      JobQueues: () => ({ jobQueues: [queue('notify')] }),
      FailedJobs: () => ({ failedJobs: { total: 0, items: [] } }),
    });
    const { unmount } = await renderRoutes(routes, { url: '/jobs' });
    fireEvent.click(await screen.findByTestId('job-queue-notify'));
    expect(await screen.findByText('Nessun job fallito')).toBeTruthy();
    unmount();

    mockGraphql({ JobQueues: () => { throw new Error('down'); } });
    await renderRoutes(routes, { url: '/jobs' });
    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile caricare le code di lavoro'));
  });

  it('says an explained failure whole, in the language of the interface, with its attempts', async () => {
    mockGraphql({
      JobQueues: () => ({ jobQueues: [queue('callback', 1)] }),
      FailedJobs: () => ({ failedJobs: { total: 1, items: [failedCallback] } }),
    });
    const { unmount } = await renderRoutes(routes, { url: '/jobs' });
    fireEvent.click(await screen.findByTestId('job-queue-callback'));
    let row = await screen.findByTestId('failed-job-02JOB');
    expect(within(row).getByTestId('failed-job-error').textContent).toBe(
      'Il callback del dossier D-1 non è riuscito: impossibile connettersi al sistema chiamato. Tentativi: 6.',
    );
    expect(within(row).getByTestId('failed-job-attempts').textContent).toBe('6');
    expect(within(row).getByTestId('failed-job-details').textContent).toContain('error sending request');
    unmount();

    await renderRoutes(routes, { url: '/jobs', language: 'en' });
    fireEvent.click(await screen.findByTestId('job-queue-callback'));
    row = await screen.findByTestId('failed-job-02JOB');
    expect(within(row).getByTestId('failed-job-error').textContent).toBe(
      'The callback of dossier D-1 failed: the connection to the called system failed. Attempts: 6.',
    );
    expect(within(row).getByText('Technical details')).toBeTruthy();
  });

  it('says an HTTP status, and an unknown cause or code in general terms', async () => {
    const { jobErrorMessage } = await import('./errors');
    const { createI18n } = await import('../../lib/i18n');
    const t = createI18n().t;
    expect(jobErrorMessage(t, 'callback_failed', JSON.stringify({ dossier: 'D', attempts: 1, cause: 'http_status', status: 503 }))).toBe(
      'Il callback del dossier D non è riuscito: il sistema chiamato ha risposto con lo stato HTTP 503. Tentativi: 1.',
    );
    expect(jobErrorMessage(t, 'callback_failed', JSON.stringify({ dossier: 'D', attempts: 2, cause: 'boh' }))).toBe(
      'Il callback del dossier D non è riuscito: errore imprevisto. Tentativi: 2.',
    );
    expect(jobErrorMessage(t, 'something_new', 'not json')).toBe('Il job si è interrotto con un errore: i dettagli tecnici ne dicono la causa.');
  });

  it('hides retry and discard without their permissions', async () => {
    mockGraphql({
      JobQueues: () => ({ jobQueues: [queue('extract', 1)] }),
      FailedJobs: () => ({ failedJobs: { total: 1, items: [failedJob] } }),
    });
    const store = await loggedInStore(sessionData({ permissions: [{ resource: 'jobs', action: 'allow' }, { resource: 'retryfailedjob', action: 'allow' }] }));
    await renderRoutes(routes, { url: '/jobs', store });
    fireEvent.click(await screen.findByTestId('job-queue-extract'));
    const row = await screen.findByTestId('failed-job-01JOB');
    expect(within(row).getByTestId('failed-job-retry')).toBeTruthy();
    expect(within(row).queryByTestId('failed-job-discard')).toBeNull();
  });
});
