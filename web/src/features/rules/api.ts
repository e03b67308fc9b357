import useSWR from 'swr';
import type { TableInput } from '../../components/table';
import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';

/** A document rule's states (the API derives them from `active`): ATTIVA, IN PAUSA. */
export const RULE_STATES = ['active', 'paused'] as const;
export type RuleState = (typeof RULE_STATES)[number];

export const rulesPath = '/regole';
export const ruleDetailPath = (id: string) => `/regole/dettagli/${encodeURIComponent(id)}`;

const RulesPageQuery = graphql(`
  query DocumentRulesPage($input: TableInput) {
    documentRulesPage(input: $input) {
      items {
        id
        description
        state
        createdAt
        documentType {
          name
        }
      }
      pages
      total
      more
    }
  }
`);

const RuleDocumentTypeNamesQuery = graphql(`
  query RuleDocumentTypeNames {
    documentTypes {
      name
    }
  }
`);

const RuleQuery = graphql(`
  query DocumentRuleDetail($id: ID!) {
    documentRule(id: $id) {
      id
      description
      state
      nota
      code
      packageJSON
      createdAt
      updatedAt
      documentType {
        name
      }
      dataTables {
        name
      }
    }
  }
`);

const DeleteRuleMutation = graphql(`
  mutation DeleteDocumentRule($id: ID!) {
    deleteDocumentRule(id: $id)
  }
`);

export type RuleRow = NonNullable<Awaited<ReturnType<typeof fetchRules>>>['items'][number];

const fetchRules = (input: TableInput) => graphqlRequest(RulesPageQuery, { input }).then((result) => result.documentRulesPage);

/** One page of document rules (the previous page stays while the next loads). */
export function useRulesPage(input: TableInput) {
  return useSWR(['DocumentRulesPage', input], () => fetchRules(input), { keepPreviousData: true });
}

/** The document type names, for the list's type filter (types are in the hundreds). */
export function useDocumentTypeNames() {
  return useSWR('RuleDocumentTypeNames', () =>
    graphqlRequest(RuleDocumentTypeNamesQuery).then((result) => result.documentTypes.map((type) => type.name).sort((a, b) => a.localeCompare(b))),
  );
}

export function useRule(id: string) {
  return useSWR(['DocumentRuleDetail', id], () => graphqlRequest(RuleQuery, { id }).then((result) => result.documentRule));
}

export const deleteRule = (id: string) => graphqlRequest(DeleteRuleMutation, { id }).then((result) => result.deleteDocumentRule);
