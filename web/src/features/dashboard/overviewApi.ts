import useSWR from 'swr';
import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';

/** The dashboard's figures refresh this often. */
export const OVERVIEW_REFRESH_MS = 30_000;

const OverviewQuery = graphql(`
  query OperationsOverview($since: DateTime) {
    operationsOverview(since: $since) {
      since
      dossiersByState {
        state
        count
      }
      documentsProcessedByHour {
        hour
        count
      }
      dossierRuleErrors
      documentRuleErrors
      latestRuleErrors {
        dossierId
        dossierDescription
        ruleName
        error
        errorMessage {
          messageCode
          params
        }
        at
      }
    }
  }
`);

const FailedJobCountQuery = graphql(`
  query DashboardFailedJobs {
    jobQueues {
      name
      failed
    }
  }
`);

/** The start of today, in the browser's time zone. */
export function startOfToday(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

export function useOverview(since: Date) {
  const key = since.toISOString();
  return useSWR(['OperationsOverview', key], () => graphqlRequest(OverviewQuery, { since: key }).then((result) => result.operationsOverview), {
    refreshInterval: OVERVIEW_REFRESH_MS,
  });
}

/** Jobs failed for good, over every queue (only for users who may see the jobs). */
export function useFailedJobCount(enabled: boolean) {
  return useSWR(enabled ? 'DashboardFailedJobs' : null, () =>
    graphqlRequest(FailedJobCountQuery).then((result) => result.jobQueues.reduce((sum, queue) => sum + queue.failed, 0)),
    { refreshInterval: OVERVIEW_REFRESH_MS },
  );
}
