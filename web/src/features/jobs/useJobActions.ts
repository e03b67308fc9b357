import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { failedBecause } from '../../lib/validation';
import { discardFailedJob, discardFailedJobs, pauseQueue, resumeQueue, retryFailedJob, retryFailedJobs, type FailedJobFilter, type JobQueue } from './api';

type Bulk = 'retry' | 'discard';

interface JobActionsOptions {
  /** What the bulk actions act on: the filtered failed jobs. */
  filter: FailedJobFilter;
  queueLabel: (queue: string) => string;
  /** Reads everything again (after a job was retried or discarded). */
  refresh: () => Promise<unknown>;
  /** Reads the queues again (after one was paused or resumed). */
  refreshQueues: () => Promise<unknown>;
}

/**
 * What an operator does on the jobs dashboard: open a failed job, retry or discard it (a discard
 * asks first), retry or discard all the filtered ones (asked first too), pause or resume a queue.
 * `busy` names what is under way: a job's id, `bulk` or `queue:<name>`.
 */
export function useJobActions({ filter, queueLabel, refresh, refreshQueues }: JobActionsOptions) {
  const { t, i18n } = useTranslation();
  const [openJob, setOpenJob] = useState<string | null>(null);
  const [toDiscard, setToDiscard] = useState<string | null>(null);
  const [bulk, setBulk] = useState<Bulk | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const settle = async (id: string, act: (id: string) => Promise<unknown>, what: string, done: string, failed: string) => {
    setBusy(id);
    try {
      await act(id);
      void toast.success(t(done));
      if (openJob === id) setOpenJob(null);
    } catch (failure) {
      console.error(`${what} failed`, failure);
      void toast.error(failedBecause(t(failed), failure));
    } finally {
      setBusy(null);
      setToDiscard(null);
      await refresh();
    }
  };
  const retry = (id: string) => settle(id, retryFailedJob, 'retryFailedJob', 'jobs.retried', 'jobs.retryFailed');
  const confirmDiscard = async () => {
    if (toDiscard !== null) await settle(toDiscard, discardFailedJob, 'discardFailedJob', 'jobs.discarded', 'jobs.discardFailed');
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
      await refreshQueues();
    }
  };

  return { openJob, setOpenJob, toDiscard, setToDiscard, bulk, setBulk, busy, retry, confirmDiscard, confirmBulk, togglePause };
}

export type JobActions = ReturnType<typeof useJobActions>;
