import { Button, ButtonGroup, Callout, Code, HTMLTable, NonIdealState, Spinner, Tag, Tooltip } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { FAILED_JOBS_PAGE_SIZE, discardFailedJob, retryFailedJob, useFailedJobs, useJobQueues } from './api';
import { jobErrorMessage } from './errors';

interface FailedJobRef {
  queue: string;
  id: string;
}

/**
 * /jobs: every queue with its waiting, running, retrying and failed jobs (refreshed every few
 * seconds); the failed jobs of the chosen queue with their error and payload, to retry once
 * the cause is fixed or to discard.
 */
export function JobsPage() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const canRetry = can({ action: 'allow', resource: 'retryFailedJob' });
  const canDiscard = can({ action: 'allow', resource: 'discardFailedJob' });
  const queues = useJobQueues();
  const [selected, setSelected] = useState<string | null>(null);
  const [pageIndex, setPageIndex] = useState(0);
  const failed = useFailedJobs(selected, pageIndex);
  const [toDiscard, setToDiscard] = useState<FailedJobRef | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (queues.error) void toast.error(t('jobs.loadFailed'));
  }, [queues.error, t]);
  useEffect(() => {
    if (failed.error) void toast.error(t('jobs.failedLoadFailed'));
  }, [failed.error, t]);

  const queueLabel = (name: string) => t(`jobs.queue.${name}`, { defaultValue: name });
  const when = (seconds: number | null | undefined) =>
    seconds == null ? '—' : new Date(seconds * 1000).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'it-IT');

  const refresh = async () => {
    await Promise.all([queues.mutate(), failed.mutate()]);
  };

  const retry = async (job: FailedJobRef) => {
    setBusy(job.id);
    try {
      await retryFailedJob(job.queue, job.id);
      void toast.success(t('jobs.retried'));
    } catch (failure) {
      console.error('retryFailedJob failed', failure);
      void toast.error(t('jobs.retryFailed'));
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  const confirmDiscard = async () => {
    if (toDiscard === null) return;
    setBusy(toDiscard.id);
    try {
      await discardFailedJob(toDiscard.queue, toDiscard.id);
      void toast.success(t('jobs.discarded'));
    } catch (failure) {
      console.error('discardFailedJob failed', failure);
      void toast.error(t('jobs.discardFailed'));
    } finally {
      setBusy(null);
      setToDiscard(null);
      await refresh();
    }
  };

  const choose = (name: string) => {
    setSelected(name);
    setPageIndex(0);
  };

  const total = failed.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / FAILED_JOBS_PAGE_SIZE));

  return (
    <>
      <PageHeader title={t('routes.jobs')}>
        <Button icon="refresh" text={t('jobs.refresh')} onClick={() => void refresh()} data-testid="jobs-refresh" />
      </PageHeader>
      <section className="page-panel">
        {queues.error && (
          <Callout intent="danger" icon="error" role="alert" className="form-error">
            {t('jobs.loadFailed')}
          </Callout>
        )}
        <div className="table-scroll">
          <HTMLTable className="data-table data-table--stack" striped interactive data-testid="job-queues">
            <thead>
              <tr>
                <th scope="col">{t('jobs.queueName')}</th>
                <th scope="col" className="data-table__number">{t('jobs.waiting')}</th>
                <th scope="col" className="data-table__number">{t('jobs.running')}</th>
                <th scope="col" className="data-table__number">{t('jobs.retrying')}</th>
                <th scope="col" className="data-table__number">{t('jobs.failed')}</th>
                <th scope="col" className="data-table__actions">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {(queues.data ?? []).map((queue) => (
                <tr
                  key={queue.name}
                  data-testid={`job-queue-${queue.name}`}
                  className={queue.name === selected ? 'data-table__row--selected' : undefined}
                  onClick={() => choose(queue.name)}
                >
                  <td data-label={t('jobs.queueName')}>
                    {queueLabel(queue.name)} <Code>{queue.name}</Code>
                  </td>
                  <td className="data-table__number" data-label={t('jobs.waiting')}>{queue.waiting}</td>
                  <td className="data-table__number" data-label={t('jobs.running')}>{queue.running}</td>
                  <td className="data-table__number" data-label={t('jobs.retrying')}>{queue.retrying}</td>
                  <td className="data-table__number" data-label={t('jobs.failed')}>
                    {queue.failed > 0 ? <Tag intent="danger" round>{queue.failed}</Tag> : 0}
                  </td>
                  <td className="data-table__actions">
                    <Button
                      variant="minimal"
                      icon="list-detail-view"
                      text={t('jobs.showFailed')}
                      aria-label={t('jobs.showFailedOf', { queue: queueLabel(queue.name) })}
                      onClick={(event) => {
                        event.stopPropagation();
                        choose(queue.name);
                      }}
                      data-testid="job-queue-show"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {queues.isLoading && <Spinner size={24} aria-label={t('common.loading')} className="table-loader" />}
        </div>
      </section>

      {selected !== null && (
        <section className="page-panel" data-testid="failed-jobs">
          <h2 className="page-panel__title">{t('jobs.failedOf', { queue: queueLabel(selected) })}</h2>
          <div className="table-scroll">
            <HTMLTable className="data-table data-table--stack" striped data-testid="failed-jobs-table">
              <thead>
                <tr>
                  <th scope="col">{t('jobs.failedAt')}</th>
                  <th scope="col" className="data-table__number">{t('jobs.attempts')}</th>
                  <th scope="col">{t('jobs.error')}</th>
                  <th scope="col">{t('jobs.payload')}</th>
                  {(canRetry || canDiscard) && <th scope="col" className="data-table__actions">{t('common.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {(failed.data?.items ?? []).map((job) => (
                  <tr key={job.id} data-testid={`failed-job-${job.id}`}>
                    <td data-label={t('jobs.failedAt')}>
                      <span className="ltr-data">{when(job.failedAt)}</span>
                    </td>
                    <td className="data-table__number" data-label={t('jobs.attempts')} data-testid="failed-job-attempts">
                      {job.attempts}
                    </td>
                    <td className="jobs__error" data-label={t('jobs.error')}>
                      <span className="jobs__message text-run" data-testid="failed-job-error">{jobErrorMessage(t, job.errorCode, job.errorParams)}</span>
                      {job.error !== '' && (
                        <details className="jobs__details" data-testid="failed-job-details">
                          <summary>{t('jobs.technicalDetails')}</summary>
                          <Code className="jobs__payload">{job.error}</Code>
                        </details>
                      )}
                    </td>
                    <td data-label={t('jobs.payload')}>
                      <Code className="jobs__payload">{job.payload}</Code>
                    </td>
                    {(canRetry || canDiscard) && (
                      <td className="data-table__actions">
                        <ButtonGroup variant="minimal">
                          {canRetry && (
                            <Tooltip content={t('jobs.retry')}>
                              <Button
                                icon="repeat"
                                intent="primary"
                                aria-label={t('jobs.retryJob', { id: job.id })}
                                loading={busy === job.id}
                                onClick={() => void retry({ queue: job.queue, id: job.id })}
                                data-testid="failed-job-retry"
                              />
                            </Tooltip>
                          )}
                          {canDiscard && (
                            <Tooltip content={t('jobs.discard')}>
                              <Button
                                icon="trash"
                                intent="danger"
                                aria-label={t('jobs.discardJob', { id: job.id })}
                                disabled={busy === job.id}
                                onClick={() => setToDiscard({ queue: job.queue, id: job.id })}
                                data-testid="failed-job-discard"
                              />
                            </Tooltip>
                          )}
                        </ButtonGroup>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            {failed.isLoading && <Spinner size={24} aria-label={t('common.loading')} className="table-loader" />}
            {!failed.isLoading && !failed.error && total === 0 && (
              <NonIdealState icon="tick-circle" title={t('jobs.noFailed')} />
            )}
          </div>
          {total > FAILED_JOBS_PAGE_SIZE && (
            <div className="pager" data-testid="failed-jobs-pager">
              <Button
                icon="chevron-left"
                aria-label={t('jobs.previousPage')}
                disabled={pageIndex === 0}
                onClick={() => setPageIndex(pageIndex - 1)}
              />
              <span>{t('jobs.page', { page: pageIndex + 1, pages, total })}</span>
              <Button
                icon="chevron-right"
                aria-label={t('jobs.nextPage')}
                disabled={pageIndex + 1 >= pages}
                onClick={() => setPageIndex(pageIndex + 1)}
              />
            </div>
          )}
        </section>
      )}

      <ConfirmDialog
        isOpen={toDiscard !== null}
        confirmText={t('jobs.discard')}
        loading={busy !== null && busy === toDiscard?.id}
        onCancel={() => setToDiscard(null)}
        onConfirm={() => void confirmDiscard()}
      >
        {t('jobs.confirmDiscard')}
      </ConfirmDialog>
    </>
  );
}
