import useSWR from 'swr';
import { graphqlRequest } from './graphql/client';
import { graphql } from './graphql/generated';

const SystemHealthQuery = graphql(`
  query SystemHealth {
    systemHealth {
      workers
      backlog {
        queue
        waitingSince
      }
    }
  }
`);

/** How often the app asks whether the workers can do the system's work. */
export const HEALTH_REFRESH_MS = 15_000;

/** Whether the workers can do the system's work now, asked every {@link HEALTH_REFRESH_MS}. */
export function useSystemHealth() {
  return useSWR('SystemHealth', () => graphqlRequest(SystemHealthQuery).then((result) => result.systemHealth), { refreshInterval: HEALTH_REFRESH_MS });
}
