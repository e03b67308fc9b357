import useSWRMutation from 'swr/mutation';
import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';

const PingWorkerMutation = graphql(`
  mutation PingWorker {
    pingWorker {
      jobId
      worker
      roundTripMs
    }
  }
`);

/** Sends a `ping` job through the queue on demand: shows a worker is consuming jobs. */
export function usePingWorker() {
  return useSWRMutation('PingWorker', () =>
    graphqlRequest(PingWorkerMutation).then((result) => result.pingWorker),
  );
}
