import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { GraphQLTestError, mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
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
  payload: '{"document_id":"y"}',
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
    fireEvent.click(within(extract).getByRole('button', { name: 'Mostra i job falliti di Estrazione dei documenti' }));
    const row = await screen.findByTestId('failed-job-01JOB');
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
});
