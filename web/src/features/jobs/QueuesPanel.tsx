import { Button, Callout, Code, HTMLTable, Spinner, Tag, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { JobQueue } from './api';

interface QueuesPanelProps {
  queues: readonly JobQueue[] | undefined;
  loading: boolean;
  failed: boolean;
  queueLabel: (queue: string) => string;
  /** Pause and resume are offered. */
  canPause: boolean;
  /** What is under way (`queue:<name>` while a queue is paused or resumed). */
  busy: string | null;
  onTogglePause: (queue: JobQueue) => void;
  /** Shows the failed jobs of a queue. */
  onShowFailed: (queue: string) => void;
}

/** Each queue's waiting, running, retrying, failed and last-hour counts, paused or not (pause and resume at hand). */
export function QueuesPanel({ queues, loading, failed, queueLabel, canPause, busy, onTogglePause, onShowFailed }: QueuesPanelProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language).format;
  return (
    <section className="page-panel" aria-labelledby="jobs-queues-title">
      <h2 className="page-panel__title" id="jobs-queues-title">
        {t('jobs.queuesTitle')}
      </h2>
      {failed && (
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
            {(queues ?? []).map((queue) => (
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
                      onClick={() => onShowFailed(queue.name)}
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
                      onClick={() => onTogglePause(queue)}
                      data-testid={queue.paused ? 'queue-resume' : 'queue-pause'}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {loading && <Spinner size={24} aria-label={t('common.loading')} className="table-loader" />}
      </div>
    </section>
  );
}
