import { Button, Callout, Code, HTMLSelect, HTMLTable, Spinner, Tag, Tooltip } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable, tableInputOf, useTableState, type Column } from '../../components/table';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { dossierPath } from './paths';
import {
  BULK_LIMIT,
  discardFailedJob,
  discardFailedJobs,
  pauseQueue,
  resumeQueue,
  retryFailedJob,
  retryFailedJobs,
  useFailedJobs,
  useJobQueues,
  useJobThroughput,
  useJobWorkers,
  type FailedJobRow,
  type JobQueue,
  type JobWorker,
} from './api';
import { jobErrorMessage } from './errors';
import { FailedJobDrawer } from './FailedJobDrawer';
import { FAILED_COLUMNS, failedJobFilter } from './filter';
import { sumMinutes, ThroughputChart } from './ThroughputChart';
import './jobs.css';
import { failedBecause } from '../../lib/validation';

const DEFAULT_SORT = { column: FAILED_COLUMNS.failedAt, descending: true };
/** The chart's choice of every queue at once. */
const ALL_QUEUES = '';

type Bulk = 'retry' | 'discard';

/** "5 s ago", "3 min ago" in the user's language. */
export function useRelativeTime() {
  const { i18n } = useTranslation();
  return (at: string, now: number = Date.now()) => {
    const seconds = Math.round((new Date(at).getTime() - now) / 1000);
    const format = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
    if (Math.abs(seconds) < 60) return format.format(seconds, 'second');
    if (Math.abs(seconds) < 3600) return format.format(Math.round(seconds / 60), 'minute');
    return format.format(Math.round(seconds / 3600), 'hour');
  };
}

/**
 * /jobs: the job queues for operators (issue 14). Each queue's waiting, running, retrying, failed
 * and last-hour counts, paused or not (pause and resume at hand); the last hour's throughput; the
 * jobs that failed for good — filtered by queue, error text and day, opened with their payload and
 * every attempt, retried or discarded one by one or all the filtered ones at once; the workers that
 * are alive. Everything refreshes on its own every few seconds.
 */
export function JobsPage() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const canRetry = can({ action: 'allow', resource: 'retryFailedJob' });
  const canDiscard = can({ action: 'allow', resource: 'discardFailedJob' });
  const canPause = can({ action: 'allow', resource: 'pauseQueue' });
  const queues = useJobQueues();
  const throughput = useJobThroughput();
  const workers = useJobWorkers();
  const table = useTableState('failed', DEFAULT_SORT);
  const filter = useMemo(() => failedJobFilter(table.state), [table.state]);
  const [chartQueue, setChartQueue] = useState(ALL_QUEUES);
  const [openJob, setOpenJob] = useState<string | null>(null);
  const [toDiscard, setToDiscard] = useState<string | null>(null);
  const [bulk, setBulk] = useState<Bulk | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const queueLabel = (name: string) => t(`jobs.queue.${name}`, { defaultValue: name });

  useEffect(() => {
    if (queues.error) void toast.error(t('jobs.loadFailed'));
  }, [queues.error, t]);

  const columns: Column<FailedJobRow>[] = [
      {
        id: FAILED_COLUMNS.failedAt,
        header: t('jobs.columns.failedAt'),
        sortable: true,
        filter: { kind: 'date' },
        cell: (row) => <span className="ltr-data jobs__when">{formatDateTime(row.failedAt)}</span>,
      },
      {
        id: FAILED_COLUMNS.queue,
        header: t('jobs.columns.queue'),
        filter: { kind: 'select', options: (queues.data ?? []).map((queue) => ({ value: queue.name, label: queueLabel(queue.name) })) },
        cell: (row) => queueLabel(row.queue),
      },
      {
        id: FAILED_COLUMNS.error,
        header: t('jobs.columns.error'),
        filter: { kind: 'text', placeholder: t('jobs.errorFilter') },
        className: 'jobs__error',
        cell: (row) => (
          // One block: a stacked row (a phone) lays a cell's children side by side.
          <div className="jobs__error-cell">
            <span className="jobs__message" dir="auto" data-testid="failed-job-error">
              {jobErrorMessage(t, row.errorCode, row.errorParams)}
            </span>
            {row.error !== '' && (
              <span className="jobs__technical" dir="auto">
                {row.error}
              </span>
            )}
          </div>
        ),
      },
      { id: 'attempts', header: t('jobs.columns.attempts'), align: 'end', cell: (row) => <span data-testid="failed-job-attempts">{row.attempts}</span> },
      {
        id: 'dossier',
        header: t('jobs.columns.dossier'),
        cell: (row) =>
          row.dossierId == null ? (
            '-'
          ) : (
            // Whole: time-ordered ids share their first characters, so a cut id names no one dossier.
            <Link to={dossierPath(row.dossierId)} className="jobs__dossier">
              <code className="id-cell" dir="ltr">{row.dossierId}</code>
            </Link>
          ),
      },
      {
        id: 'actions',
        header: t('common.actions'),
        align: 'end',
        cell: (row) => (
          <span className="jobs__actions">
            <Tooltip content={t('jobs.open')}>
              <Button variant="minimal" icon="eye-open" aria-label={t('jobs.openJob', { id: row.id })} onClick={() => setOpenJob(row.id)} data-testid="failed-job-open" />
            </Tooltip>
            {canRetry && (
              <Tooltip content={t('jobs.retry')}>
                <Button
                  variant="minimal"
                  icon="repeat"
                  intent="primary"
                  aria-label={t('jobs.retryJob', { id: row.id })}
                  loading={busy === row.id}
                  onClick={() => void retry(row.id)}
                  data-testid="failed-job-retry"
                />
              </Tooltip>
            )}
            {canDiscard && (
              <Tooltip content={t('jobs.discard')}>
                <Button
                  variant="minimal"
                  icon="trash"
                  intent="danger"
                  aria-label={t('jobs.discardJob', { id: row.id })}
                  disabled={busy === row.id}
                  onClick={() => setToDiscard(row.id)}
                  data-testid="failed-job-discard"
                />
              </Tooltip>
            )}
          </span>
        ),
      },
  ];

  const page = tableInputOf(table, columns);
  const failed = useFailedJobs(filter, page);
  const total = failed.data?.total ?? 0;
  const more = failed.data?.more ?? false;

  const refresh = async () => {
    await Promise.all([queues.mutate(), failed.mutate(), throughput.mutate(), workers.mutate()]);
  };

  async function retry(id: string) {
    setBusy(id);
    try {
      await retryFailedJob(id);
      void toast.success(t('jobs.retried'));
      if (openJob === id) setOpenJob(null);
    } catch (failure) {
      console.error('retryFailedJob failed', failure);
      void toast.error(failedBecause(t('jobs.retryFailed'), failure));
    } finally {
      setBusy(null);
      await refresh();
    }
  }

  const confirmDiscard = async () => {
    if (toDiscard === null) return;
    setBusy(toDiscard);
    try {
      await discardFailedJob(toDiscard);
      void toast.success(t('jobs.discarded'));
      if (openJob === toDiscard) setOpenJob(null);
    } catch (failure) {
      console.error('discardFailedJob failed', failure);
      void toast.error(failedBecause(t('jobs.discardFailed'), failure));
    } finally {
      setBusy(null);
      setToDiscard(null);
      await refresh();
    }
  };

  const confirmBulk = async () => {
    if (bulk === null) return;
    setBusy('bulk');
    try {
      const outcome = bulk === 'retry' ? await retryFailedJobs(filter) : await discardFailedJobs(filter);
      const count = new Intl.NumberFormat(i18n.language).format(outcome.done);
      void toast.success(t(outcome.more ? `jobs.bulk.${bulk}DoneMore` : `jobs.bulk.${bulk}Done`, { count: outcome.done, value: count }));
    } catch (failure) {
      console.error(`${bulk}FailedJobs failed`, failure);
      void toast.error(failedBecause(t(`jobs.bulk.${bulk}Failed`), failure));
    } finally {
      setBusy(null);
      setBulk(null);
      await refresh();
    }
  };

  const togglePause = async (queue: JobQueue) => {
    setBusy(`queue:${queue.name}`);
    try {
      if (queue.paused) {
        await resumeQueue(queue.name);
        void toast.success(t('jobs.resumed', { queue: queueLabel(queue.name) }));
      } else {
        await pauseQueue(queue.name);
        void toast.success(t('jobs.paused', { queue: queueLabel(queue.name) }));
      }
    } catch (failure) {
      console.error('pause/resume failed', failure);
      void toast.error(failedBecause(t('jobs.pauseFailed'), failure));
    } finally {
      setBusy(null);
      await queues.mutate();
    }
  };

  const showFailedOf = (queue: string) => {
    table.setFilter(FAILED_COLUMNS.queue, [queue]);
    document.getElementById('failed-jobs')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  const number = new Intl.NumberFormat(i18n.language).format;
  // The bulk actions take at most BULK_LIMIT jobs per call: the count they state is what one call does.
  const bulkCount = Math.min(total, BULK_LIMIT);
  const bulkText = (more || total > BULK_LIMIT ? number(BULK_LIMIT) : number(bulkCount)) + (more ? '+' : '');
  const chartMinutes = useMemo(() => {
    const hour = throughput.data ?? [];
    const chosen = chartQueue === ALL_QUEUES ? hour : hour.filter((queue) => queue.queue === chartQueue);
    return sumMinutes(chosen.map((queue) => queue.minutes));
  }, [throughput.data, chartQueue]);

  return (
    <>
      <PageHeader title={t('routes.jobs')} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t('routes.jobs') }]}>
        <Button icon="refresh" text={t('jobs.refresh')} onClick={() => void refresh()} data-testid="jobs-refresh" />
      </PageHeader>

      <section className="page-panel" aria-labelledby="jobs-queues-title">
        <h2 className="page-panel__title" id="jobs-queues-title">
          {t('jobs.queuesTitle')}
        </h2>
        {queues.error && (
          <Callout intent="danger" icon="error" role="alert" className="form-error">
            {t('jobs.loadFailed')}
          </Callout>
        )}
        <div className="table-scroll">
          <HTMLTable className="data-table data-table--stack" striped data-testid="job-queues">
            <thead>
              <tr>
                <th scope="col">{t('jobs.queueName')}</th>
                <th scope="col" className="data-table__number">{t('jobs.waiting')}</th>
                <th scope="col" className="data-table__number">{t('jobs.running')}</th>
                <th scope="col" className="data-table__number">{t('jobs.retrying')}</th>
                <th scope="col" className="data-table__number">{t('jobs.failed')}</th>
                <th scope="col" className="data-table__number">{t('jobs.doneLastHour')}</th>
                {canPause && <th scope="col" className="data-table__actions">{t('common.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {(queues.data ?? []).map((queue) => (
                <tr key={queue.name} data-testid={`job-queue-${queue.name}`} className={queue.paused ? 'jobs__queue--paused' : undefined}>
                  <td data-label={t('jobs.queueName')}>
                    <span className="jobs__queue-name">
                      {queueLabel(queue.name)} <Code>{queue.name}</Code>
                      {queue.paused && (
                        <Tag intent="warning" icon="pause" round data-testid="queue-paused">
                          {t('jobs.pausedTag')}
                        </Tag>
                      )}
                    </span>
                  </td>
                  <td className="data-table__number" data-label={t('jobs.waiting')}>
                    {number(queue.waiting)}
                    {queue.outbox > 0 && (
                      <Tooltip content={t('jobs.outboxHint')}>
                        <Tag minimal round className="jobs__outbox" tabIndex={0}>
                          +{number(queue.outbox)}
                        </Tag>
                      </Tooltip>
                    )}
                  </td>
                  <td className="data-table__number" data-label={t('jobs.running')}>{number(queue.running)}</td>
                  <td className="data-table__number" data-label={t('jobs.retrying')}>{number(queue.retrying)}</td>
                  <td className="data-table__number" data-label={t('jobs.failed')}>
                    {queue.failed > 0 ? (
                      <Button
                        variant="minimal"
                        size="small"
                        intent="danger"
                        text={number(queue.failed)}
                        aria-label={t('jobs.showFailedOf', { queue: queueLabel(queue.name), count: queue.failed, value: number(queue.failed) })}
                        onClick={() => showFailedOf(queue.name)}
                        data-testid="queue-failed"
                      />
                    ) : (
                      0
                    )}
                  </td>
                  <td className="data-table__number jobs__hour" data-label={t('jobs.doneLastHour')}>
                    {/* "done / failed" in its order on a right-to-left page too. */}
                    <span className="ltr-data">
                      {number(queue.doneLastHour)}
                      {queue.failedLastHour > 0 && (
                        <span className="jobs__failed-hour" title={t('jobs.failedLastHour')}>
                          {' '}
                          / <span className="jobs__failed-count">{number(queue.failedLastHour)}</span>
                        </span>
                      )}
                    </span>
                  </td>
                  {canPause && (
                    <td className="data-table__actions">
                      <Button
                        variant="outlined"
                        size="small"
                        icon={queue.paused ? 'play' : 'pause'}
                        intent={queue.paused ? 'success' : 'none'}
                        text={queue.paused ? t('jobs.resume') : t('jobs.pause')}
                        aria-label={t(queue.paused ? 'jobs.resumeQueue' : 'jobs.pauseQueue', { queue: queueLabel(queue.name) })}
                        loading={busy === `queue:${queue.name}`}
                        onClick={() => void togglePause(queue)}
                        data-testid={queue.paused ? 'queue-resume' : 'queue-pause'}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {queues.isLoading && <Spinner size={24} aria-label={t('common.loading')} className="table-loader" />}
        </div>
      </section>

      <section className="page-panel" aria-labelledby="jobs-chart-title">
        <div className="jobs__panel-head">
          <h2 className="page-panel__title" id="jobs-chart-title">
            {t('jobs.chart.title')}
          </h2>
          <HTMLSelect
            aria-label={t('jobs.chart.queue')}
            value={chartQueue}
            onChange={(event) => setChartQueue(event.currentTarget.value)}
            options={[{ value: ALL_QUEUES, label: t('jobs.chart.allQueues') }, ...(queues.data ?? []).map((queue) => ({ value: queue.name, label: queueLabel(queue.name) }))]}
            data-testid="chart-queue"
          />
        </div>
        {throughput.error ? (
          <Callout intent="danger" icon="error" role="alert">
            {t('jobs.chart.loadFailed')}
          </Callout>
        ) : (
          <ThroughputChart minutes={chartMinutes} testId="jobs-chart" />
        )}
      </section>

      <section className="page-panel" id="failed-jobs" aria-labelledby="jobs-failed-title" data-testid="failed-jobs">
        <h2 className="page-panel__title" id="jobs-failed-title">
          {t('jobs.failedTitle')}
        </h2>
        <ServerTable
          table={table}
          columns={columns}
          data={failed.data}
          loading={failed.isLoading}
          error={failed.error ? t('jobs.failedLoadFailed') : null}
          rowKey={(row) => row.id}
          onRowOpen={(row) => setOpenJob(row.id)}
          onRefresh={() => void failed.mutate()}
          label={t('jobs.failedTitle')}
          testId="failed-jobs-table"
          toolbar={
            total > 0 && (canRetry || canDiscard) ? (
              <span className="jobs__bulk">
                {canRetry && (
                  <Button icon="repeat" intent="primary" text={t('jobs.bulk.retryAll', { count: bulkCount, value: bulkText })} onClick={() => setBulk('retry')} data-testid="bulk-retry" />
                )}
                {canDiscard && (
                  <Button icon="trash" intent="danger" variant="outlined" text={t('jobs.bulk.discardAll', { count: bulkCount, value: bulkText })} onClick={() => setBulk('discard')} data-testid="bulk-discard" />
                )}
              </span>
            ) : undefined
          }
        />
      </section>

      <section className="page-panel" aria-labelledby="jobs-workers-title">
        <h2 className="page-panel__title" id="jobs-workers-title">
          {t('jobs.workers.title')}
        </h2>
        <WorkersTable workers={workers.data} loading={workers.isLoading} failed={workers.error !== undefined} queueLabel={queueLabel} />
      </section>

      <FailedJobDrawer
        id={openJob}
        onClose={() => setOpenJob(null)}
        queueLabel={queueLabel}
        canRetry={canRetry}
        canDiscard={canDiscard}
        busy={busy !== null && busy === openJob}
        onRetry={(id) => void retry(id)}
        onDiscard={(id) => setToDiscard(id)}
      />

      <ConfirmDialog
        isOpen={toDiscard !== null}
        confirmText={t('jobs.discard')}
        loading={busy !== null && busy === toDiscard}
        onCancel={() => setToDiscard(null)}
        onConfirm={() => void confirmDiscard()}
      >
        {t('jobs.confirmDiscard')}
      </ConfirmDialog>

      <ConfirmDialog
        isOpen={bulk !== null}
        intent={bulk === 'retry' ? 'primary' : 'danger'}
        icon={bulk === 'retry' ? 'repeat' : 'trash'}
        confirmText={bulk === 'retry' ? t('jobs.bulk.retryConfirm') : t('jobs.bulk.discardConfirm')}
        loading={busy === 'bulk'}
        onCancel={() => setBulk(null)}
        onConfirm={() => void confirmBulk()}
      >
        <p data-testid="bulk-question">{t(bulk === 'discard' ? 'jobs.bulk.discardQuestion' : 'jobs.bulk.retryQuestion', { count: bulkCount, value: number(bulkCount) })}</p>
        {(more || total > BULK_LIMIT) && <p>{t('jobs.bulk.limit', { value: number(BULK_LIMIT) })}</p>}
      </ConfirmDialog>
    </>
  );
}

/** The worker processes that are alive: who, which queues at which concurrency, last heard of. */
function WorkersTable({ workers, loading, failed, queueLabel }: { workers: readonly JobWorker[] | undefined; loading: boolean; failed: boolean; queueLabel: (queue: string) => string }) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  if (failed) {
    return (
      <Callout intent="danger" icon="error" role="alert">
        {t('jobs.workers.loadFailed')}
      </Callout>
    );
  }
  return (
    <div className="table-scroll">
      <HTMLTable className="data-table data-table--stack" striped data-testid="job-workers">
        <thead>
          <tr>
            <th scope="col">{t('jobs.workers.identity')}</th>
            <th scope="col">{t('jobs.workers.queues')}</th>
            <th scope="col">{t('jobs.workers.started')}</th>
            <th scope="col">{t('jobs.workers.heartbeat')}</th>
          </tr>
        </thead>
        <tbody>
          {(workers ?? []).map((worker) => (
            <tr key={worker.instance} data-testid="job-worker">
              <td data-label={t('jobs.workers.identity')}>
                <Code>{worker.identity}</Code>
                {worker.metricsAddr && <span className="jobs__metrics muted"> {t('jobs.workers.metrics', { address: worker.metricsAddr })}</span>}
              </td>
              <td data-label={t('jobs.workers.queues')}>
                <span className="jobs__worker-queues">
                  {worker.queues.map((queue) => (
                    <Tag key={queue.queue} minimal round title={queueLabel(queue.queue)}>
                      {queue.queue} × {queue.concurrency}
                    </Tag>
                  ))}
                </span>
              </td>
              <td data-label={t('jobs.workers.started')}>
                <span className="ltr-data">{formatDateTime(worker.startedAt)}</span>
              </td>
              <td data-label={t('jobs.workers.heartbeat')} data-testid="worker-heartbeat">
                <time dateTime={worker.heartbeatAt} title={formatDateTime(worker.heartbeatAt)} className="text-run">
                  {relative(worker.heartbeatAt)}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {loading && <Spinner size={24} aria-label={t('common.loading')} className="table-loader" />}
      {!loading && (workers ?? []).length === 0 && <p className="server-table__empty">{t('jobs.workers.none')}</p>}
    </div>
  );
}
