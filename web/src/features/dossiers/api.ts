import useSWR from 'swr';
import type { TableInput } from '../../components/table';
import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';
import type { MetaInput } from '../../lib/graphql/generated/graphql';

/** The dossier list refreshes by itself this often (docs/domain.md#constants), besides the live events. */
export const DOSSIER_LIST_REFRESH_MS = 5_000;
/** The dossier's documents are polled this often (docs/domain.md#constants). */
export const DOSSIER_DOCUMENTS_REFRESH_MS = 3_000;
/** Rule execution counters and tables refresh this often (docs/domain.md#constants). */
export const DOSSIER_EXECUTIONS_REFRESH_MS = 10_000;

graphql(`
  fragment DossierListFields on Dossier {
    id
    description
    state
    createdAt
    updatedAt
    dossierType {
      name
    }
  }
`);

const DossiersQuery = graphql(`
  query Dossiers($input: TableInput) {
    dossiers(input: $input) {
      items {
        ...DossierListFields
      }
      pages
      total
      more
    }
  }
`);

const DossierTypeNamesQuery = graphql(`
  query DossierTypeNames {
    dossierTypes(limit: 200) {
      name
    }
  }
`);

const DossierQuery = graphql(`
  query Dossier($id: ID!) {
    dossier(id: $id) {
      ...DossierListFields
      error
      errorMessage {
        messageCode
        params
      }
      input
      callbackUrl
      idValutazione
    }
  }
`);

const DossierCallbacksQuery = graphql(`
  query DossierCallbacks($id: ID!) {
    dossierCallbacks(id: $id) {
      id
      success
      timestamp
      url
      method
      requestBody
      responseCode
      responseBody
      errorDescription
      attempt
      requestHeaders {
        name
        value
      }
    }
  }
`);

const DossierDocumentsQuery = graphql(`
  query DossierDocuments($dossier: ID!) {
    documentsByDossier(dossier: $dossier) {
      id
      name
      description
      state
      metas
      error
      errorMessage {
        messageCode
        params
      }
      createdAt
      updatedAt
      documentType {
        name
      }
    }
  }
`);

const ExecutionCountQuery = graphql(`
  query DossierExecutionCount($dossierID: ID!) {
    getDossierRulesExecutionCount(dossierID: $dossierID) {
      processed
      total
      errors
    }
  }
`);

const DossierExecutionsQuery = graphql(`
  query DossierExecutions($input: TableInput) {
    dossierRuleExecutions(input: $input) {
      items {
        id
        ruleId
        ruleName
        state
        platform
        createdAt
        finishedAt
        error
        errorMessage {
          messageCode
          params
        }
        inputIndex
        input
        result
      }
      pages
      total
      more
    }
  }
`);

const DossierRuleLogsQuery = graphql(`
  query DossierRuleLogs($input: TableInput) {
    dossierRuleExecutionLogs(input: $input) {
      items {
        id
        ruleId
        ruleName
        executedAt
        platform
        result
        code
        metas
        input
        logs
        errors
      }
      pages
      total
      more
    }
  }
`);

const AggregateQuery = graphql(`
  query DossierAggregate($dossierID: ID!) {
    getDossierResultAggregate(dossierID: $dossierID)
  }
`);

const MetasCheckQuery = graphql(`
  query DossierMetasCheck($id: ID!) {
    metasCheck(id: $id) {
      valid
      conflicts {
        name
        values {
          value
          count
        }
      }
      missingRequired
    }
  }
`);

const DownloadDossierQuery = graphql(`
  query DownloadDossier($id: ID!) {
    downloadDossier(id: $id) {
      filename
      extension
      url
    }
  }
`);

const DeleteDossierMutation = graphql(`
  mutation DeleteDossier($id: ID!) {
    deleteDossier(id: $id)
  }
`);

const RunDossierRulesMutation = graphql(`
  mutation RunDossierRules($id: ID!) {
    runDossierRules(id: $id)
  }
`);

const RunAgainInErrorMutation = graphql(`
  mutation RunAgainDossierRulesInError($id: ID!) {
    runAgainDossierRulesThatHasErrors(id: $id)
  }
`);

const FixMetasMutation = graphql(`
  mutation FixMetas($id: ID!, $metas: [MetaInput!]!) {
    fixMetas(id: $id, metas: $metas) {
      valid
    }
  }
`);

export const DossierStateChangedSubscription = graphql(`
  subscription DossierStateChanged($id: ID) {
    dossierStateChanged(id: $id) {
      dossierId
      documentId
      state
      at
    }
  }
`);

export type DossierListRow = NonNullable<Awaited<ReturnType<typeof fetchDossiers>>>['items'][number];

const fetchDossiers = (input: TableInput) => graphqlRequest(DossiersQuery, { input }).then((result) => result.dossiers);

/** One page of dossiers, refreshed every 5 s (the previous page stays while the next loads). */
export function useDossierPage(input: TableInput) {
  return useSWR(['Dossiers', input], () => fetchDossiers(input), { keepPreviousData: true, refreshInterval: DOSSIER_LIST_REFRESH_MS });
}

/** Dossier type names, for the list's type filter. */
export function useDossierTypeNames() {
  return useSWR('DossierTypeNames', () => graphqlRequest(DossierTypeNamesQuery).then((result) => result.dossierTypes.map((type) => type.name)));
}

/** The detail follows the live events; this refresh is the fallback when they cannot arrive. */
export const DOSSIER_REFRESH_MS = 5_000;

export function useDossier(id: string) {
  return useSWR(['Dossier', id], () => graphqlRequest(DossierQuery, { id }).then((result) => result.dossier), {
    refreshInterval: DOSSIER_REFRESH_MS,
  });
}

/** Callback attempts show up as the worker makes them (retries, a resend). */
export const DOSSIER_CALLBACKS_REFRESH_MS = 5_000;

export function useDossierCallbacks(id: string) {
  return useSWR(['DossierCallbacks', id], () => graphqlRequest(DossierCallbacksQuery, { id }).then((result) => result.dossierCallbacks), {
    refreshInterval: DOSSIER_CALLBACKS_REFRESH_MS,
  });
}

export function useDossierDocuments(id: string) {
  return useSWR(['DossierDocuments', id], () => graphqlRequest(DossierDocumentsQuery, { dossier: id }).then((result) => result.documentsByDossier), {
    refreshInterval: DOSSIER_DOCUMENTS_REFRESH_MS,
  });
}

export function useExecutionCount(id: string) {
  return useSWR(['DossierExecutionCount', id], () => graphqlRequest(ExecutionCountQuery, { dossierID: id }).then((result) => result.getDossierRulesExecutionCount), {
    refreshInterval: DOSSIER_EXECUTIONS_REFRESH_MS,
  });
}

export function useDossierExecutions(input: TableInput) {
  return useSWR(['DossierExecutions', input], () => graphqlRequest(DossierExecutionsQuery, { input }).then((result) => result.dossierRuleExecutions), {
    keepPreviousData: true,
    refreshInterval: DOSSIER_EXECUTIONS_REFRESH_MS,
  });
}

export function useDossierRuleLogs(input: TableInput) {
  return useSWR(['DossierRuleLogs', input], () => graphqlRequest(DossierRuleLogsQuery, { input }).then((result) => result.dossierRuleExecutionLogs), {
    keepPreviousData: true,
  });
}

export function useAggregate(id: string) {
  return useSWR(['DossierAggregate', id], () => graphqlRequest(AggregateQuery, { dossierID: id }).then((result) => result.getDossierResultAggregate));
}

/** The metas check of the dossier in `state` (checked again whenever the state changes). */
export function useMetasCheck(id: string, state: string) {
  return useSWR(['DossierMetasCheck', id, state], () => graphqlRequest(MetasCheckQuery, { id }).then((result) => result.metasCheck));
}

export const downloadDossier = (id: string) => graphqlRequest(DownloadDossierQuery, { id }).then((result) => result.downloadDossier);
export const deleteDossier = (id: string) => graphqlRequest(DeleteDossierMutation, { id }).then((result) => result.deleteDossier);
export const runDossierRules = (id: string) => graphqlRequest(RunDossierRulesMutation, { id }).then((result) => result.runDossierRules);
export const runAgainInError = (id: string) => graphqlRequest(RunAgainInErrorMutation, { id }).then((result) => result.runAgainDossierRulesThatHasErrors);
export const fixMetas = (id: string, metas: MetaInput[]) => graphqlRequest(FixMetasMutation, { id, metas }).then((result) => result.fixMetas);

const ResendCallbackMutation = graphql(`
  mutation ResendDossierCallback($id: ID!) {
    resendDossierCallback(id: $id)
  }
`);

export const resendCallback = (id: string) => graphqlRequest(ResendCallbackMutation, { id }).then((result) => result.resendDossierCallback);

export type DossierDetail = NonNullable<ReturnType<typeof useDossier>['data']>;
