import { Callout, Code, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import type { JobWorker } from './api';

/** "5 s ago", "3 min ago" in the user's language. */
function useRelativeTime() {
  const { i18n } = useTranslation();
  return (at: string, now: number = Date.now()) => {
    const seconds = Math.round((new Date(at).getTime() - now) / 1000);
    const format = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
    if (Math.abs(seconds) < 60) return format.format(seconds, 'second');
    if (Math.abs(seconds) < 3600) return format.format(Math.round(seconds / 60), 'minute');
    return format.format(Math.round(seconds / 3600), 'hour');
  };
}

interface WorkersPanelProps {
  workers: readonly JobWorker[] | undefined;
  loading: boolean;
  failed: boolean;
  queueLabel: (queue: string) => string;
}

/** The worker processes that are alive. */
export function WorkersPanel(props: WorkersPanelProps) {
  const { t } = useTranslation();
  return (
    <section className="page-panel" aria-labelledby="jobs-workers-title">
      <h2 className="page-panel__title" id="jobs-workers-title">
        {t('jobs.workers.title')}
      </h2>
      <WorkersTable {...props} />
    </section>
  );
}

/** The worker processes that are alive: who, which queues at which concurrency, last heard of. */
function WorkersTable({ workers, loading, failed, queueLabel }: WorkersPanelProps) {
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
