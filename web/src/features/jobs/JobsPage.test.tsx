import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { GraphQLTestError, mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { loggedInStore, sessionData } from '../../test/session';
import { failedJobFilter } from './filter';
import { JobsPage } from './JobsPage';
import { sumMinutes } from './ThroughputChart';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const routes = [
  { path: '/jobs', element: <JobsPage /> },
  { path: '/dossier/dettagli/:id', element: <p>dossier</p> },
];
beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

const queue = (name: string, overrides: Record<string, unknown> = {}) => ({
  name,
  waiting: 2,
  outbox: 0,
  retrying: 1,
  running: 3,
  failed: 0,
  doneLastHour: 40,
  failedLastHour: 0,
  paused: false,
  ...overrides,
});
const failedJob = {
  id: '0190a0b0-0000-7000-8000-000000000001',
  queue: 'extract',
  failedAt: '2026-11-20T10:15:00Z',
  attempts: 5,
  error: '`dossiers/x/documents/y.pdf` is not in object storage',
  errorCode: 'job_failed',
  errorParams: '{}',
  dossierId: '0190a0b0-0000-7000-8000-0000000000d1',
  worker: 'worker-1:42',
};
const failedCallback = {
  ...failedJob,
  id: '0190a0b0-0000-7000-8000-000000000002',
  queue: 'callback',
  attempts: 6,
  error: 'Connessione non riuscita: error sending request for url (http://10.0.0.9/cb)',
  errorCode: 'callback_failed',
  errorParams: JSON.stringify({ dossier: 'D-1', attempts: 6, cause: 'connection_failed' }),
};
const page = (items: unknown[], total = items.length) => ({ failedJobs: { items, total, pages: 1, more: false } });
const minutes = (succeeded: number) =>
  Array.from({ length: 60 }, (_, i) => ({ at: new Date(Date.UTC(2026, 10, 20, 10, i)).toISOString(), succeeded, failed: i === 59 ? 1 : 0, retried: 0 }));
const hour = { jobThroughput: [{ queue: 'extract', minutes: minutes(2) }, { queue: 'ping', minutes: minutes(1) }] };
const workers = {
  jobWorkers: [
    {
      instance: 'worker-1:42-abc',
      identity: 'worker-1:42',
      startedAt: new Date(Date.now() - 3_600_000).toISOString(),
      heartbeatAt: new Date(Date.now() - 120_000).toISOString(),
      metricsAddr: '0.0.0.0:9101',
      queues: [
        { queue: 'extract', concurrency: 4 },
        { queue: 'what-if', concurrency: 1 },
      ],
    },
  ],
};

/** The fakes of a dashboard with one failed extraction. */
const dashboard = (overrides: Record<string, (variables: Record<string, unknown>) => unknown> = {}) =>
  mockGraphql({
    JobQueues: () => ({ jobQueues: [queue('import'), queue('extract', { failed: 1 })] }),
    JobThroughput: () => hour,
    JobWorkers: () => workers,
    FailedJobs: () => page([failedJob]),
    ...overrides,
  });

const withPermissions = (...resources: string[]) =>
  loggedInStore(sessionData({ permissions: resources.map((resource) => ({ resource: resource.toLowerCase(), action: 'allow' })) }));

describe('jobs dashboard', () => {
  it('shows every queue with its counts, the last hour, the failed jobs and the workers', async () => {
    const calls = dashboard({ JobQueues: () => ({ jobQueues: [queue('import', { paused: true, outbox: 7 }), queue('extract', { failed: 1, failedLastHour: 1 })] }) });
    await renderRoutes(routes, { url: '/jobs' });
    const extract = await screen.findByTestId('job-queue-extract');
    expect(within(extract).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Estrazione dei documenti extract', '2', '3', '1', '1', '40 / 1', 'Pausa']);
    const imports = screen.getByTestId('job-queue-import');
    expect(within(imports).getByTestId('queue-paused').textContent).toBe('In pausa');
    expect(within(imports).getByText('+7')).toBeTruthy();
    expect(within(imports).getByRole('button', { name: 'Riprendi la coda Import dei dossier' })).toBeTruthy();

    // The chart adds the queues up: 60 minutes × (2 + 1) done, 2 failed.
    const chart = screen.getByTestId('jobs-chart');
    expect(within(chart).getByTestId('chart-total-succeeded').textContent).toBe('Completati: 180');
    expect(within(chart).getByTestId('chart-total-failed').textContent).toBe('Falliti: 2');
    expect(within(chart).getByRole('img').getAttribute('aria-label')).toBe('Job nell’ultima ora: 180 completati, 0 ritentati, 2 falliti');
    fireEvent.change(screen.getByTestId('chart-queue'), { target: { value: 'extract' } });
    expect(within(chart).getByTestId('chart-total-succeeded').textContent).toBe('Completati: 120');

    const row = await screen.findByTestId(`row-${failedJob.id}`);
    // An error the job did not explain: said in Italian, the raw text under it.
    expect(within(row).getByTestId('failed-job-error').textContent).toBe('Il job si è interrotto con un errore: i dettagli tecnici ne dicono la causa.');
    expect(within(row).getByText(failedJob.error)).toBeTruthy();
    expect(within(row).getByRole('link').getAttribute('href')).toBe(`/dossier/dettagli/${failedJob.dossierId}`);
    // The whole id: time-ordered ids share their first characters (issue 30).
    expect(within(row).getByRole('link').textContent).toBe(failedJob.dossierId);
    expect(calls.FailedJobs).toHaveBeenCalledWith({ filter: {}, page: { pageSize: 10, pageIndex: 0, order: 'failedAt DESC' } });

    const worker = screen.getByTestId('job-worker');
    expect(within(worker).getByText('worker-1:42')).toBeTruthy();
    expect(within(worker).getByText('extract × 4')).toBeTruthy();
    expect(within(worker).getByTestId('worker-heartbeat').textContent).toBe('2 minuti fa');
  });

  it('filters the failed jobs by queue from the queue counts and by error text', async () => {
    const calls = dashboard();
    await renderRoutes(routes, { url: '/jobs' });
    fireEvent.click(await screen.findByRole('button', { name: '1 job fallito di Estrazione dei documenti: mostralo' }));
    await waitFor(() => expect(calls.FailedJobs).toHaveBeenLastCalledWith({ filter: { queues: ['extract'] }, page: { pageSize: 10, pageIndex: 0, order: 'failedAt DESC' } }));
    fireEvent.change(screen.getByTestId('filter-error'), { target: { value: 'storage' } });
    await waitFor(() => expect(calls.FailedJobs).toHaveBeenLastCalledWith({ filter: { queues: ['extract'], errorContains: 'storage' }, page: expect.anything() }), { timeout: 2000 });
  });

  it('opens a failed job with its payload, every attempt and its dossier, and retries it from there', async () => {
    const calls = dashboard({
      FailedJob: () => ({
        failedJob: {
          job: failedJob,
          payload: '{\n  "document_id": "y"\n}',
          dossierExists: true,
          history: [
            { attempt: 1, worker: 'worker-1:42', error: 'not in storage', errorCode: 'job_failed', errorParams: '{}', failedAt: '2026-11-20T10:14:00Z' },
            { attempt: 2, worker: 'worker-2:7', error: 'not in storage', errorCode: 'job_failed', errorParams: '{}', failedAt: '2026-11-20T10:15:00Z' },
          ],
        },
      }),
      RetryFailedJob: () => ({ retryFailedJob: true }),
    });
    await renderRoutes(routes, { url: '/jobs' });
    const row = await screen.findByTestId(`row-${failedJob.id}`);
    fireEvent.click(within(row).getByRole('button', { name: `Apri il job ${failedJob.id}` }));
    const detail = await screen.findByTestId('failed-job-detail');
    await waitFor(() => expect(within(detail).getByTestId('detail-history')).toBeTruthy());
    expect(calls.FailedJob).toHaveBeenCalledWith({ id: failedJob.id });
    const history = within(within(detail).getByTestId('detail-history')).getAllByRole('row').slice(1);
    expect(history.map((attempt) => within(attempt).getAllByRole('cell')[2]?.textContent)).toEqual(['worker-1:42', 'worker-2:7']);
    expect(within(detail).getByTestId('detail-dossier-link').getAttribute('href')).toBe(`/dossier/dettagli/${failedJob.dossierId}`);
    await waitFor(() => expect(within(detail).getByTestId('detail-payload').textContent).toContain('document_id'));

    fireEvent.click(screen.getByTestId('detail-retry'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Job rimesso in coda'));
    expect(calls.RetryFailedJob).toHaveBeenCalledWith({ id: failedJob.id });
    await waitFor(() => expect(calls.JobQueues?.mock.calls.length).toBeGreaterThan(1));
  });

  it('discards a failed job after confirmation, and says when that failed', async () => {
    const calls = dashboard({
      DiscardFailedJob: () => {
        throw new GraphQLTestError('Job non trovato tra quelli falliti', 'NOT_FOUND', { messageCode: 'JOB_NOT_FOUND', params: {} });
      },
    });
    await renderRoutes(routes, { url: '/jobs' });
    const row = await screen.findByTestId(`row-${failedJob.id}`);
    fireEvent.click(within(row).getByRole('button', { name: `Scarta il job ${failedJob.id}` }));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toBe('Scartare il job? Non verrà più eseguito.');
    fireEvent.click(screen.getByRole('button', { name: 'Scarta' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile scartare il job: Job non trovato tra quelli falliti'));
    expect(calls.DiscardFailedJob).toHaveBeenCalledWith({ id: failedJob.id });
  });

  it('retries and discards every filtered job at once, stating how many first', async () => {
    const calls = dashboard({
      FailedJobs: () => page([failedJob, failedCallback], 2),
      RetryFailedJobs: () => ({ retryFailedJobs: { done: 2, more: false } }),
      DiscardFailedJobs: () => ({ discardFailedJobs: { done: 2, more: false } }),
    });
    await renderRoutes(routes, { url: '/jobs?failed.f.queue=extract&failed.f.queue=callback' });
    fireEvent.click(await screen.findByRole('button', { name: 'Riprova tutti i filtrati (2)' }));
    expect((await screen.findByTestId('bulk-question')).textContent).toBe('Rimettere in coda i 2 job falliti filtrati? Ognuno verrà eseguito di nuovo, una volta.');
    fireEvent.click(screen.getByRole('button', { name: 'Riprova tutti' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('2 job rimessi in coda'));
    expect(calls.RetryFailedJobs).toHaveBeenCalledWith({ filter: { queues: ['extract', 'callback'] } });

    fireEvent.click(screen.getByRole('button', { name: 'Scarta tutti i filtrati (2)' }));
    expect((await screen.findByTestId('bulk-question')).textContent).toBe('Scartare i 2 job falliti filtrati? Non verranno più eseguiti.');
    fireEvent.click(screen.getByRole('button', { name: 'Scarta tutti' }));
    await waitFor(() => expect(calls.DiscardFailedJobs).toHaveBeenCalledWith({ filter: { queues: ['extract', 'callback'] } }));
  });

  it('pauses and resumes a queue', async () => {
    let paused = false;
    const calls = dashboard({
      JobQueues: () => ({ jobQueues: [queue('extract', { paused })] }),
      PauseQueue: () => {
        paused = true;
        return { pauseQueue: true };
      },
      ResumeQueue: () => {
        paused = false;
        return { resumeQueue: true };
      },
    });
    await renderRoutes(routes, { url: '/jobs' });
    fireEvent.click(await screen.findByRole('button', { name: 'Metti in pausa la coda Estrazione dei documenti' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Coda Estrazione dei documenti in pausa: i worker non prendono nuovi job'));
    expect(calls.PauseQueue).toHaveBeenCalledWith({ queue: 'extract' });
    expect(await screen.findByTestId('queue-paused')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Riprendi la coda Estrazione dei documenti' }));
    await waitFor(() => expect(calls.ResumeQueue).toHaveBeenCalledWith({ queue: 'extract' }));
    await waitFor(() => expect(screen.queryByTestId('queue-paused')).toBeNull());
  });

  it('offers only the actions the user may take', async () => {
    dashboard();
    const { unmount } = await renderRoutes(routes, { url: '/jobs', store: await withPermissions('jobs', 'retryFailedJob') });
    let row = await screen.findByTestId(`row-${failedJob.id}`);
    expect(within(row).getByTestId('failed-job-retry')).toBeTruthy();
    expect(within(row).queryByTestId('failed-job-discard')).toBeNull();
    expect(screen.getByTestId('bulk-retry')).toBeTruthy();
    expect(screen.queryByTestId('bulk-discard')).toBeNull();
    expect(screen.queryByTestId('queue-pause')).toBeNull();
    unmount();

    await renderRoutes(routes, { url: '/jobs', store: await withPermissions('jobs', 'pauseQueue') });
    row = await screen.findByTestId(`row-${failedJob.id}`);
    expect(within(row).queryByTestId('failed-job-retry')).toBeNull();
    expect(screen.queryByTestId('bulk-retry')).toBeNull();
    expect(screen.getAllByTestId('queue-pause').length).toBe(2);
  });

  it('says when there is no failed job, and when the queues cannot be loaded', async () => {
    dashboard({ FailedJobs: () => page([]) });
    const { unmount } = await renderRoutes(routes, { url: '/jobs' });
    expect(await screen.findByTestId('table-empty')).toBeTruthy();
    expect(screen.queryByTestId('bulk-retry')).toBeNull();
    unmount();

    dashboard({
      JobQueues: () => {
        throw new Error('down');
      },
    });
    await renderRoutes(routes, { url: '/jobs' });
    expect(await screen.findByText('Impossibile caricare le code di lavoro', { selector: '.bp6-callout *, .bp6-callout' })).toBeTruthy();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile caricare le code di lavoro'));
  });

  it('says an explained failure whole, in the language of the interface', async () => {
    dashboard({ FailedJobs: () => page([failedCallback]) });
    const { unmount } = await renderRoutes(routes, { url: '/jobs' });
    let row = await screen.findByTestId(`row-${failedCallback.id}`);
    expect(within(row).getByTestId('failed-job-error').textContent).toBe(
      'Il callback del dossier D-1 non è riuscito: impossibile connettersi al sistema chiamato. Tentativi: 6.',
    );
    expect(within(row).getByTestId('failed-job-attempts').textContent).toBe('6');
    unmount();

    await renderRoutes(routes, { url: '/jobs', language: 'en' });
    row = await screen.findByTestId(`row-${failedCallback.id}`);
    expect(within(row).getByTestId('failed-job-error').textContent).toBe('The callback of dossier D-1 failed: the connection to the called system failed. Attempts: 6.');
    expect(screen.getByRole('heading', { name: 'Failed jobs' })).toBeTruthy();
  });

  it('says an HTTP status, and an unknown cause or code in general terms', async () => {
    const { jobErrorMessage } = await import('./errors');
    const { createI18n } = await import('../../lib/i18n');
    const t = createI18n().t;
    expect(jobErrorMessage(t, 'callback_failed', JSON.stringify({ dossier: 'D', attempts: 1, cause: 'http_status', status: 503 }))).toBe(
      'Il callback del dossier D non è riuscito: il sistema chiamato ha risposto con lo stato HTTP 503. Tentativi: 1.',
    );
    expect(jobErrorMessage(t, 'callback_failed', JSON.stringify({ dossier: 'D', attempts: 2, cause: 'boh' }))).toBe('Il callback del dossier D non è riuscito: errore imprevisto. Tentativi: 2.');
    expect(jobErrorMessage(t, 'worker_crashed', JSON.stringify({ deaths: 2 }))).toBe(
      'Il job ha fatto cadere il worker che lo eseguiva (2 volte): non viene più ripreso.',
    );
    expect(jobErrorMessage(t, 'something_new', 'not json')).toBe('Il job si è interrotto con un errore: i dettagli tecnici ne dicono la causa.');
  });
});

describe('the failed jobs filter', () => {
  it('turns the table filters into the API filter, days in the local time zone with the end day included', () => {
    const state = { pageIndex: 0, pageSize: 10, sort: { column: 'failedAt', descending: true } };
    expect(failedJobFilter({ ...state, filters: {} })).toEqual({});
    expect(failedJobFilter({ ...state, filters: { queue: ['extract', ''], error: ['  disco  '], failedAt: ['2026/11/01', '2026/11/03'] } })).toEqual({
      queues: ['extract'],
      errorContains: 'disco',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 4).toISOString(),
    });
    expect(failedJobFilter({ ...state, filters: { failedAt: ['0000/00/00', '2026/12/31'] } })).toEqual({ to: new Date(2027, 0, 1).toISOString() });
  });

  it('adds up the minutes of several queues', () => {
    const a = [{ at: 'm1', succeeded: 1, failed: 0, retried: 2 }];
    const b = [{ at: 'm1', succeeded: 3, failed: 1, retried: 0 }];
    expect(sumMinutes([a, b])).toEqual([{ at: 'm1', succeeded: 4, failed: 1, retried: 2 }]);
    expect(sumMinutes([])).toEqual([]);
  });
});
