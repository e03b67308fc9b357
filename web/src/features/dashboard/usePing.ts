import useSWR from 'swr';
import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';

const PingQuery = graphql(`
  query Ping {
    ping
  }
`);

/** The server's answer to `ping`: shows the API is reachable. */
export function usePing() {
  return useSWR('Ping', () => graphqlRequest(PingQuery).then((result) => result.ping));
}
