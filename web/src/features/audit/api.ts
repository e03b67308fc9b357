import useSWR from 'swr';
import type { TableInput } from '../../components/table';
import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';

export const auditPath = '/audit';

const AuditLogQuery = graphql(`
  query AuditLog($input: TableInput) {
    auditLog(input: $input) {
      items {
        id
        createdAt
        actorEmail
        impersonatorEmail
        action
        targetType
        targetId
        details
      }
      pages
      total
      more
    }
  }
`);

const AuditActionsQuery = graphql(`
  query AuditActions {
    auditActions
  }
`);

const fetchPage = (input: TableInput) => graphqlRequest(AuditLogQuery, { input }).then((result) => result.auditLog);

export type AuditEntry = Awaited<ReturnType<typeof fetchPage>>['items'][number];

/** One page of the audit log (the previous page stays while the next loads). */
export function useAuditLog(input: TableInput) {
  return useSWR(['AuditLog', input], () => fetchPage(input), { keepPreviousData: true });
}

/** Every action the log records (a list kept by the server, not read from the log). */
export function useAuditActions() {
  return useSWR('AuditActions', () => graphqlRequest(AuditActionsQuery).then((result) => result.auditActions), { revalidateOnFocus: false });
}
