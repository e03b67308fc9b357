import useSWR from 'swr';
import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';

const JobQueuesQuery = graphql(`
  query JobQueues {
    jobQueues {
      name
      waiting
      retrying
      running
      failed
    }
  }
`);

const FailedJobsQuery = graphql(`
  query FailedJobs($queueName: String!, $pageSize: Int!, $pageIndex: Int!) {
    failedJobs(queueName: $queueName, pageSize: $pageSize, pageIndex: $pageIndex) {
      total
      items {
        id
        queue
        failedAt
        attempts
        error
        errorCode
        errorParams
        payload
      }
    }
  }
`);

const RetryFailedJobMutation = graphql(`
  mutation RetryFailedJob($queueName: String!, $id: ID!) {
    retryFailedJob(queueName: $queueName, id: $id)
  }
`);

const DiscardFailedJobMutation = graphql(`
  mutation DiscardFailedJob($queueName: String!, $id: ID!) {
    discardFailedJob(queueName: $queueName, id: $id)
  }
`);

/** The queues' counts move on their own: the dashboard refreshes them. */
export const JOB_QUEUES_REFRESH_MS = 5000;
export const FAILED_JOBS_PAGE_SIZE = 20;

export const useJobQueues = () =>
  useSWR('JobQueues', () => graphqlRequest(JobQueuesQuery).then((result) => result.jobQueues), {
    refreshInterval: JOB_QUEUES_REFRESH_MS,
  });

export const useFailedJobs = (queueName: string | null, pageIndex: number) =>
  useSWR(queueName === null ? null : ['FailedJobs', queueName, pageIndex], () =>
    graphqlRequest(FailedJobsQuery, { queueName: queueName ?? '', pageSize: FAILED_JOBS_PAGE_SIZE, pageIndex }).then(
      (result) => result.failedJobs,
    ),
  );

export const retryFailedJob = (queueName: string, id: string) =>
  graphqlRequest(RetryFailedJobMutation, { queueName, id }).then((result) => result.retryFailedJob);
export const discardFailedJob = (queueName: string, id: string) =>
  graphqlRequest(DiscardFailedJobMutation, { queueName, id }).then((result) => result.discardFailedJob);
