import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ServerTable, type PageData, type TableController } from '../../components/table';
import { BULK_LIMIT, type FailedJobRow, type JobQueue } from './api';
import { FailedJobDrawer } from './FailedJobDrawer';
import { failedJobColumns } from './failedJobColumns';
import type { JobActions } from './useJobActions';

interface FailedJobsPanelProps {
  table: TableController;
  /** The page of failed jobs the server answered. */
  failed: { data: (PageData<FailedJobRow> & { more: boolean }) | undefined; error: unknown; isLoading: boolean; mutate: () => unknown };
  queues: readonly JobQueue[] | undefined;
  queueLabel: (queue: string) => string;
  canRetry: boolean;
  canDiscard: boolean;
  actions: JobActions;
}

/**
 * The jobs that failed for good — filtered by queue, error text and day, opened with their payload
 * and every attempt, retried or discarded one by one or all the filtered ones at once.
 */
export function FailedJobsPanel({ table, failed, queues, queueLabel, canRetry, canDiscard, actions }: FailedJobsPanelProps) {
  const { t, i18n } = useTranslation();
  const { openJob, setOpenJob, toDiscard, setToDiscard, bulk, setBulk, busy, retry, confirmDiscard, confirmBulk } = actions;
  const columns = failedJobColumns(t, { queues, queueLabel, canRetry, canDiscard, actions });
  const number = new Intl.NumberFormat(i18n.language).format;
  const total = failed.data?.total ?? 0;
  const more = failed.data?.more ?? false;
  // The bulk actions take at most BULK_LIMIT jobs per call: the count they state is what one call does.
  const bulkCount = Math.min(total, BULK_LIMIT);
  const bulkText = (more || total > BULK_LIMIT ? number(BULK_LIMIT) : number(bulkCount)) + (more ? '+' : '');

  return (
    <>
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
