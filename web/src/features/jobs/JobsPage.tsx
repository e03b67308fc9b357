import { Button } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { useTableState } from '../../components/table';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useFailedJobs, useJobQueues, useJobThroughput, useJobWorkers } from './api';
import { FailedJobsPanel } from './FailedJobsPanel';
import { FAILED_COLUMNS, failedJobFilter, failedJobsPage } from './filter';
import { QueuesPanel } from './QueuesPanel';
import { ThroughputPanel } from './ThroughputPanel';
import { useJobActions } from './useJobActions';
import { WorkersPanel } from './WorkersPanel';
import './jobs.css';

const DEFAULT_SORT = { column: FAILED_COLUMNS.failedAt, descending: true };

/**
 * /jobs: the job queues for operators (issue 14). Each queue's waiting, running, retrying, failed
 * and last-hour counts, paused or not (pause and resume at hand); the last hour's throughput; the
 * jobs that failed for good — filtered by queue, error text and day, opened with their payload and
 * every attempt, retried or discarded one by one or all the filtered ones at once; the workers that
 * are alive. Everything refreshes on its own every few seconds.
 */
export function JobsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const canRetry = can({ action: 'allow', resource: 'retryFailedJob' });
  const canDiscard = can({ action: 'allow', resource: 'discardFailedJob' });
  const canPause = can({ action: 'allow', resource: 'pauseQueue' });
  const queues = useJobQueues();
  const throughput = useJobThroughput();
  const workers = useJobWorkers();
  const table = useTableState('failed', DEFAULT_SORT);
  const filter = useMemo(() => failedJobFilter(table.state), [table.state]);
  const failed = useFailedJobs(filter, failedJobsPage(table.state));
  const queueLabel = (name: string) => t(`jobs.queue.${name}`, { defaultValue: name });

  useEffect(() => {
    if (queues.error) void toast.error(t('jobs.loadFailed'));
  }, [queues.error, t]);

  const refresh = () => Promise.all([queues.mutate(), failed.mutate(), throughput.mutate(), workers.mutate()]);
  const actions = useJobActions({ filter, queueLabel, refresh, refreshQueues: () => queues.mutate() });

  const showFailedOf = (queue: string) => {
    table.setFilter(FAILED_COLUMNS.queue, [queue]);
    document.getElementById('failed-jobs')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  return (
    <>
      <PageHeader title={t('routes.jobs')} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t('routes.jobs') }]}>
        <Button icon="refresh" text={t('jobs.refresh')} onClick={() => void refresh()} data-testid="jobs-refresh" />
      </PageHeader>
      <QueuesPanel
        queues={queues.data}
        loading={queues.isLoading}
        failed={Boolean(queues.error)}
        queueLabel={queueLabel}
        canPause={canPause}
        busy={actions.busy}
        onTogglePause={(queue) => void actions.togglePause(queue)}
        onShowFailed={showFailedOf}
      />
      <ThroughputPanel throughput={throughput.data} failed={Boolean(throughput.error)} queues={queues.data} queueLabel={queueLabel} />
      <FailedJobsPanel table={table} failed={failed} queues={queues.data} queueLabel={queueLabel} canRetry={canRetry} canDiscard={canDiscard} actions={actions} />
      <WorkersPanel workers={workers.data} loading={workers.isLoading} failed={workers.error !== undefined} queueLabel={queueLabel} />
    </>
  );
}
