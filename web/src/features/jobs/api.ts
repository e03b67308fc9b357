import useSWR from 'swr';
import type { TableInput } from '../../components/table';
import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';
import type { FailedJobFilter } from '../../lib/graphql/generated/graphql';

export type { FailedJobFilter };

const JobQueuesQuery = graphql(`
  query JobQueues {
    jobQueues {
      name
      waiting
      outbox
      retrying
      running
      failed
      doneLastHour
      failedLastHour
      paused
    }
  }
`);

const JobThroughputQuery = graphql(`
  query JobThroughput {
    jobThroughput {
      queue
      minutes {
        at
        succeeded
        failed
        retried
      }
    }
  }
`);

const JobWorkersQuery = graphql(`
  query JobWorkers {
    jobWorkers {
      instance
      identity
      startedAt
      heartbeatAt
      metricsAddr
      queues {
        queue
        concurrency
      }
    }
  }
`);

const FailedJobsQuery = graphql(`
  query FailedJobs($filter: FailedJobFilter, $page: TableInput) {
    failedJobs(filter: $filter, page: $page) {
      items {
        id
        queue
        failedAt
        attempts
        error
        errorCode
        errorParams
        dossierId
        worker
      }
      pages
      total
      more
    }
  }
`);

const FailedJobQuery = graphql(`
  query FailedJob($id: ID!) {
    failedJob(id: $id) {
      job {
        id
        queue
        failedAt
        attempts
        error
        errorCode
        errorParams
        dossierId
        worker
      }
      payload
      dossierExists
      history {
        attempt
        worker
        error
        errorCode
        errorParams
        failedAt
      }
    }
  }
`);

const RetryFailedJobMutation = graphql(`
  mutation RetryFailedJob($id: ID!) {
    retryFailedJob(id: $id)
  }
`);

const DiscardFailedJobMutation = graphql(`
  mutation DiscardFailedJob($id: ID!) {
    discardFailedJob(id: $id)
  }
`);

const RetryFailedJobsMutation = graphql(`
  mutation RetryFailedJobs($filter: FailedJobFilter!) {
    retryFailedJobs(filter: $filter) {
      done
      more
    }
  }
`);

const DiscardFailedJobsMutation = graphql(`
  mutation DiscardFailedJobs($filter: FailedJobFilter!) {
    discardFailedJobs(filter: $filter) {
      done
      more
    }
  }
`);

const PauseQueueMutation = graphql(`
  mutation PauseQueue($queue: String!) {
    pauseQueue(queue: $queue)
  }
`);

const ResumeQueueMutation = graphql(`
  mutation ResumeQueue($queue: String!) {
    resumeQueue(queue: $queue)
  }
`);

/** The counts, the workers and the failed jobs move on their own: the dashboard refreshes them. */
export const JOB_QUEUES_REFRESH_MS = 5000;
/** The chart's minutes fill in as the workers add their counts (every 5 s). */
export const JOB_THROUGHPUT_REFRESH_MS = 15_000;
/** Most jobs one bulk retry or discard acts on (shared::jobs::failures::BULK_LIMIT). */
export const BULK_LIMIT = 10_000;

const fetchQueues = () => graphqlRequest(JobQueuesQuery).then((result) => result.jobQueues);
const fetchThroughput = () => graphqlRequest(JobThroughputQuery).then((result) => result.jobThroughput);
const fetchWorkers = () => graphqlRequest(JobWorkersQuery).then((result) => result.jobWorkers);
const fetchFailed = (filter: FailedJobFilter, page: TableInput) =>
  graphqlRequest(FailedJobsQuery, { filter, page: { pageSize: page.pageSize, pageIndex: page.pageIndex, order: page.order } }).then(
    (result) => result.failedJobs,
  );
const fetchFailedJob = (id: string) => graphqlRequest(FailedJobQuery, { id }).then((result) => result.failedJob);

export type JobQueue = Awaited<ReturnType<typeof fetchQueues>>[number];
export type QueueThroughput = Awaited<ReturnType<typeof fetchThroughput>>[number];
export type ThroughputMinute = QueueThroughput['minutes'][number];
export type JobWorker = Awaited<ReturnType<typeof fetchWorkers>>[number];
export type FailedJobRow = Awaited<ReturnType<typeof fetchFailed>>['items'][number];
export type FailedJobDetail = NonNullable<Awaited<ReturnType<typeof fetchFailedJob>>>;

export const useJobQueues = () => useSWR('JobQueues', fetchQueues, { refreshInterval: JOB_QUEUES_REFRESH_MS });
export const useJobThroughput = () => useSWR('JobThroughput', fetchThroughput, { refreshInterval: JOB_THROUGHPUT_REFRESH_MS });
export const useJobWorkers = () => useSWR('JobWorkers', fetchWorkers, { refreshInterval: JOB_QUEUES_REFRESH_MS });

/** One page of the failed jobs `filter` selects (the previous page stays while the next loads). */
export const useFailedJobs = (filter: FailedJobFilter, page: TableInput) =>
  useSWR(['FailedJobs', filter, page.pageSize, page.pageIndex, page.order], () => fetchFailed(filter, page), {
    keepPreviousData: true,
    refreshInterval: JOB_QUEUES_REFRESH_MS,
  });

/** A failed job's detail; `null` when it is no longer a failed job. */
export const useFailedJob = (id: string | null) => useSWR(id === null ? null : ['FailedJob', id], () => fetchFailedJob(id ?? ''));

export const retryFailedJob = (id: string) => graphqlRequest(RetryFailedJobMutation, { id }).then((result) => result.retryFailedJob);
export const discardFailedJob = (id: string) => graphqlRequest(DiscardFailedJobMutation, { id }).then((result) => result.discardFailedJob);
export const retryFailedJobs = (filter: FailedJobFilter) =>
  graphqlRequest(RetryFailedJobsMutation, { filter }).then((result) => result.retryFailedJobs);
export const discardFailedJobs = (filter: FailedJobFilter) =>
  graphqlRequest(DiscardFailedJobsMutation, { filter }).then((result) => result.discardFailedJobs);
export const pauseQueue = (queue: string) => graphqlRequest(PauseQueueMutation, { queue }).then((result) => result.pauseQueue);
export const resumeQueue = (queue: string) => graphqlRequest(ResumeQueueMutation, { queue }).then((result) => result.resumeQueue);
