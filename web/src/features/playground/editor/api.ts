import useSWR from 'swr';
import type { TableInput } from '../../../components/table';
import { graphqlRequest } from '../../../lib/graphql/client';
import { graphql } from '../../../lib/graphql/generated';
import type { UpdateDocumentRuleInput, UpdateDossierRuleInput } from '../../../lib/graphql/generated/graphql';
import type { RuleKind } from './contract';
import { EMPTY_RULE_VALUES, listText, type RuleValues } from './model';

// The rule editor's calls (docs/domain.md#operations, "rules" and "playgrounds"): the rule and
// its helper, their saves, the run dialogs' lists, the temporary runs and the playground
// downloads.

const DocumentRuleQuery = graphql(`
  query RuleEditorDocumentRule($id: ID!) {
    documentRule(id: $id) {
      id
      description
      code
      packageJSON
      nota
      active
      documentType {
        name
      }
      dataTables {
        name
      }
      updatedAt
    }
  }
`);

const DossierRuleQuery = graphql(`
  query RuleEditorDossierRule($id: ID!) {
    dossierRule(id: $id) {
      id
      description
      istitutoAppartenenza
      code
      packageJSON
      mustContain
      notContain
      nota
      gruppo
      active
      valid
      dossierType {
        name
      }
      updatedAt
    }
  }
`);

const HelperQuery = graphql(`
  query RuleEditorHelper($id: ID!) {
    getHelperCode(id: $id) {
      id
      code
    }
  }
`);

const UpdateDocumentRuleMutation = graphql(`
  mutation RuleEditorUpdateDocumentRule($id: ID!, $input: UpdateDocumentRuleInput!) {
    updateDocumentRule(id: $id, input: $input) {
      id
    }
  }
`);

const UpdateDossierRuleMutation = graphql(`
  mutation RuleEditorUpdateDossierRule($id: ID!, $input: UpdateDossierRuleInput!) {
    updateDossierRule(id: $id, input: $input) {
      id
    }
  }
`);

const UpdateHelperMutation = graphql(`
  mutation RuleEditorUpdateHelper($id: ID!, $code: String!) {
    updateHelperCode(id: $id, code: $code) {
      id
    }
  }
`);

const DocumentTypesQuery = graphql(`
  query RuleEditorDocumentTypes {
    documentTypes {
      name
    }
  }
`);

const DataTablesQuery = graphql(`
  query RuleEditorDataTables {
    dataTables {
      name
    }
  }
`);

const DocumentsQuery = graphql(`
  query RuleEditorDocuments($search: String, $documentType: String, $limit: Int, $offset: Int) {
    documentsInfo(search: $search, documentType: $documentType, extracted: true, limit: $limit, offset: $offset) {
      id
      name
      description
      dossier {
        id
        description
      }
    }
  }
`);

const DocumentCheckQuery = graphql(`
  query RuleEditorDocumentCheck($id: ID!) {
    document(id: $id) {
      id
      name
      state
      documentType {
        name
      }
    }
  }
`);

const DossiersQuery = graphql(`
  query RuleEditorDossiers($input: TableInput) {
    getPaginatedDossier(input: $input) {
      items {
        id
        description
        state
        createdAt
        input
        dossierType {
          name
        }
      }
      pages
      total
    }
  }
`);

const RunDocumentRuleMutation = graphql(`
  mutation RuleEditorRunDocumentRule($id: ID!, $ruleID: ID, $ruleName: String, $code: String!, $packagecode: String, $dataTables: [String!], $helper: String) {
    runTemporaryRule(id: $id, ruleID: $ruleID, ruleName: $ruleName, code: $code, packagecode: $packagecode, dataTables: $dataTables, helper: $helper) {
      Result
      executionId
      logs
      errorDescription
    }
  }
`);

const RunDossierRuleMutation = graphql(`
  mutation RuleEditorRunDossierRule($id: ID!, $ruleID: ID, $ruleName: String, $code: String!, $packagecode: String, $helper: String) {
    runTemporaryDossierRule(id: $id, ruleID: $ruleID, ruleName: $ruleName, code: $code, packagecode: $packagecode, helper: $helper) {
      input
      result
      errors
      logs
    }
  }
`);

const DownloadDocumentRuleQuery = graphql(`
  query RuleEditorDownloadDocumentRule($id: ID!, $ruleId: ID!) {
    downloadDocumentRule(id: $id, ruleId: $ruleId) {
      name
      base64Content
    }
  }
`);

const DownloadDossierRuleQuery = graphql(`
  query RuleEditorDownloadDossierRule($id: ID!, $ruleId: ID!) {
    downloadDossierRule(id: $id, ruleId: $ruleId) {
      name
      base64Content
    }
  }
`);

export type DocumentInfo = Awaited<ReturnType<typeof fetchDocuments>>[number];
export type DossierItem = Awaited<ReturnType<typeof fetchDossiers>>['items'][number];
export type DocumentRunResult = Awaited<ReturnType<typeof runDocumentRule>>;
export type DossierRunResult = Awaited<ReturnType<typeof runDossierRule>>;

const fetchDocumentRule = (id: string) => graphqlRequest(DocumentRuleQuery, { id }).then((result) => result.documentRule);
const fetchDossierRule = (id: string) => graphqlRequest(DossierRuleQuery, { id }).then((result) => result.dossierRule);
export const fetchHelper = (id: string) => graphqlRequest(HelperQuery, { id }).then((result) => result.getHelperCode.code);

/** The editor's data is read once per visit (and after a save), not again on focus: edits are local. */
const ONCE = { revalidateOnFocus: false, revalidateOnReconnect: false } as const;

/** A rule as the editor reads it: its values and what it shows without editing. */
export interface LoadedRule {
  values: Omit<RuleValues, 'helper'>;
  active: boolean;
  /** Dossier rules: VALIDA or NON VALIDA. */
  valid: boolean | null;
  /** Dossier rules: the dossier type it is restricted to (null: every type, and always for a document rule). */
  dossierType: string | null;
  updatedAt: string;
}

export async function fetchRule(kind: RuleKind, id: string): Promise<LoadedRule> {
  if (kind === 'document') {
    const rule = await fetchDocumentRule(id);
    return {
      values: {
        ...EMPTY_RULE_VALUES,
        description: rule.description,
        code: rule.code,
        packageJSON: rule.packageJSON,
        nota: rule.nota,
        documentType: rule.documentType.name,
        dataTables: rule.dataTables.map((table) => table.name),
      },
      active: rule.active,
      valid: null,
      dossierType: null,
      updatedAt: rule.updatedAt,
    };
  }
  const rule = await fetchDossierRule(id);
  return {
    values: {
      ...EMPTY_RULE_VALUES,
      description: rule.description,
      code: rule.code,
      packageJSON: rule.packageJSON,
      nota: rule.nota,
      istitutoAppartenenza: rule.istitutoAppartenenza,
      gruppo: rule.gruppo,
      mustContain: listText(rule.mustContain),
      notContain: listText(rule.notContain),
    },
    active: rule.active,
    valid: rule.valid,
    dossierType: rule.dossierType?.name ?? null,
    updatedAt: rule.updatedAt,
  };
}

export function useRuleData(kind: RuleKind, id: string) {
  return useSWR(['RuleEditorRule', kind, id], () => fetchRule(kind, id), ONCE);
}

export function useHelper(id: string, enabled: boolean) {
  return useSWR(enabled ? ['RuleEditorHelper', id] : null, () => fetchHelper(id), ONCE);
}

export function useDocumentTypeNames(enabled: boolean) {
  return useSWR(enabled ? 'RuleEditorDocumentTypes' : null, () =>
    graphqlRequest(DocumentTypesQuery).then((result) => result.documentTypes.map((type) => type.name).sort((a, b) => a.localeCompare(b))),
  );
}

export function useDataTableNames(enabled: boolean) {
  return useSWR(enabled ? 'RuleEditorDataTables' : null, () => graphqlRequest(DataTablesQuery).then((result) => result.dataTables.map((table) => table.name)));
}

export const updateDocumentRule = (id: string, input: UpdateDocumentRuleInput) => graphqlRequest(UpdateDocumentRuleMutation, { id, input });

export const updateDossierRule = (id: string, input: UpdateDossierRuleInput) => graphqlRequest(UpdateDossierRuleMutation, { id, input });

export const updateHelper = (id: string, code: string) => graphqlRequest(UpdateHelperMutation, { id, code });

const DOCUMENTS_PAGE = 20;

const fetchDocuments = (search: string, documentType: string | null, offset: number) =>
  graphqlRequest(DocumentsQuery, { search: search.trim() === '' ? null : search.trim(), documentType, limit: DOCUMENTS_PAGE, offset }).then((result) => result.documentsInfo);

/**
 * The documents the run dialog offers — extracted ones, of the rule's type when it has one —
 * newest first, `DOCUMENTS_PAGE` at a time.
 */
export function useDocuments(search: string, documentType: string | null, pages: number, enabled: boolean) {
  return useSWR(enabled ? ['RuleEditorDocuments', search, documentType, pages] : null, async () => {
    const all: DocumentInfo[] = [];
    for (let page = 0; page < pages; page++) {
      const items = await fetchDocuments(search, documentType, page * DOCUMENTS_PAGE);
      all.push(...items);
      if (items.length < DOCUMENTS_PAGE) return { items: all, more: false };
    }
    return { items: all, more: true };
  }, { keepPreviousData: true });
}

/** A chosen document's state and type (the run needs it extracted; the rule is for one type). */
export function useDocumentCheck(id: string | null) {
  return useSWR(id ? ['RuleEditorDocumentCheck', id] : null, () => graphqlRequest(DocumentCheckQuery, { id: id ?? '' }).then((result) => result.document));
}

const fetchDossiers = (input: TableInput) => graphqlRequest(DossiersQuery, { input }).then((result) => result.getPaginatedDossier);

export function useDossiers(input: TableInput, enabled: boolean) {
  return useSWR(enabled ? ['RuleEditorDossiers', input] : null, () => fetchDossiers(input), { keepPreviousData: true });
}

/** Runs the unsaved code; `helper`: the edited helper.js (undefined: the saved one). */
export const runDocumentRule = (variables: { id: string; ruleID: string; ruleName: string; code: string; packagecode: string; dataTables: string[]; helper?: string }) =>
  graphqlRequest(RunDocumentRuleMutation, variables).then((result) => result.runTemporaryRule);

export const runDossierRule = (variables: { id: string; ruleID: string; ruleName: string; code: string; packagecode: string; helper?: string }) =>
  graphqlRequest(RunDossierRuleMutation, variables).then((result) => result.runTemporaryDossierRule);

export const downloadRule = (kind: RuleKind, id: string, ruleId: string) =>
  kind === 'document'
    ? graphqlRequest(DownloadDocumentRuleQuery, { id, ruleId }).then((result) => result.downloadDocumentRule)
    : graphqlRequest(DownloadDossierRuleQuery, { id, ruleId }).then((result) => result.downloadDossierRule);

const CheckRuleCodeQuery = graphql(`
  query RuleEditorCheckCode($kind: RuleKind!, $code: String!, $helper: String) {
    checkRuleCode(kind: $kind, code: $code, helper: $helper) {
      ok
      file
      line
      column
      message
    }
  }
`);

/** The rule's code and helper compiled by the server's runtime: ok, or the first problem. */
export const checkRuleCode = (kind: RuleKind, code: string, helper: string) =>
  graphqlRequest(CheckRuleCodeQuery, { kind: kind === 'document' ? 'DOCUMENT' : 'DOSSIER', code, helper }).then((result) => result.checkRuleCode);

const RuleVersionsQuery = graphql(`
  query RuleEditorVersions($ruleId: ID!, $input: TableInput) {
    ruleVersions(ruleId: $ruleId, input: $input) {
      items {
        version
        author
        createdAt
        description
        code
        helper
        packageJSON
        metadata
      }
      pages
      total
    }
  }
`);

const RestoreRuleVersionMutation = graphql(`
  mutation RuleEditorRestoreVersion($ruleId: ID!, $version: Int!) {
    restoreRuleVersion(ruleId: $ruleId, version: $version) {
      version
    }
  }
`);

export type RuleVersionRow = Awaited<ReturnType<typeof fetchVersions>>['items'][number];

const fetchVersions = (ruleId: string, input: TableInput) => graphqlRequest(RuleVersionsQuery, { ruleId, input }).then((result) => result.ruleVersions);

/** One page of the rule's saved versions (Storia). */
export function useRuleVersions(ruleId: string, input: TableInput) {
  return useSWR(['RuleEditorVersions', ruleId, input], () => fetchVersions(ruleId, input), { keepPreviousData: true });
}

export const restoreRuleVersion = (ruleId: string, version: number) => graphqlRequest(RestoreRuleVersionMutation, { ruleId, version }).then((result) => result.restoreRuleVersion);

// "What if" (issue 11): the unsaved code of a rule over the latest documents of its type (a
// dossier rule: every input item of the latest dossiers of its type), in the background; the
// items whose outcome would change against their last execution.

const StartWhatIfMutation = graphql(`
  mutation RuleEditorStartWhatIf($input: WhatIfInput!) {
    startWhatIf(input: $input) {
      id
      ruleId
      state
      requestedBy
      limit
      since
      until
      total
      done
      changed
      error
      errorMessage {
        messageCode
        params
      }
      createdAt
      finishedAt
    }
  }
`);

const CancelWhatIfMutation = graphql(`
  mutation RuleEditorCancelWhatIf($id: ID!) {
    cancelWhatIf(id: $id) {
      id
      ruleId
      state
      requestedBy
      limit
      since
      until
      total
      done
      changed
      error
      errorMessage {
        messageCode
        params
      }
      createdAt
      finishedAt
    }
  }
`);

const WhatIfRunQuery = graphql(`
  query RuleEditorWhatIfRun($id: ID!) {
    whatIfRun(id: $id) {
      id
      ruleId
      state
      requestedBy
      limit
      since
      until
      total
      done
      changed
      error
      errorMessage {
        messageCode
        params
      }
      createdAt
      finishedAt
    }
  }
`);

const WhatIfRunsQuery = graphql(`
  query RuleEditorWhatIfRuns($ruleId: ID!, $limit: Int) {
    whatIfRuns(ruleId: $ruleId, limit: $limit) {
      id
      ruleId
      state
      requestedBy
      limit
      since
      until
      total
      done
      changed
      error
      errorMessage {
        messageCode
        params
      }
      createdAt
      finishedAt
    }
  }
`);

const WhatIfChangesQuery = graphql(`
  query RuleEditorWhatIfChanges($id: ID!, $input: TableInput) {
    whatIfRun(id: $id) {
      id
      changes(input: $input) {
        items {
          itemId
          documentId
          name
          dossierId
          inputIndex
          changes
          before
          after
        }
        pages
        total
        more
      }
    }
  }
`);

export type WhatIfRunRow = Awaited<ReturnType<typeof fetchWhatIfRun>>;
export type WhatIfChangeRow = Awaited<ReturnType<typeof fetchWhatIfChanges>>['items'][number];

/** How often a queued or running "what if" run is read again. */
export const WHAT_IF_POLL_MS = 1000;
/** How many of the rule's past runs the tab lists. */
export const WHAT_IF_RUNS_SHOWN = 10;

/** The states of a run that still move. */
export const isActiveRun = (state: string | undefined) => state === 'queued' || state === 'running';

const fetchWhatIfRun = (id: string) => graphqlRequest(WhatIfRunQuery, { id }).then((result) => result.whatIfRun);
/** The changes' page as the API takes it: no order (the API keeps its own, none is sortable). */
export type WhatIfChangesInput = Omit<TableInput, 'order'>;

const fetchWhatIfChanges = (id: string, input: WhatIfChangesInput) => graphqlRequest(WhatIfChangesQuery, { id, input }).then((result) => result.whatIfRun.changes);

/** One run, read again every second while it is queued or running, never after. */
export function useWhatIfRun(id: string | null) {
  return useSWR(id ? ['RuleEditorWhatIfRun', id] : null, () => fetchWhatIfRun(id ?? ''), {
    refreshInterval: (run) => (run && isActiveRun(run.state) ? WHAT_IF_POLL_MS : 0),
    // Polls are not merged with one another (SWR's default merges calls 2 s apart).
    dedupingInterval: WHAT_IF_POLL_MS / 2,
    revalidateOnFocus: false,
  });
}

/**
 * One page of the items (documents, or dossiers' input items) a run found; `version` (what the run has found so far) reads it again
 * as the run goes on.
 */
export function useWhatIfChanges(id: string | null, input: WhatIfChangesInput, version: string) {
  return useSWR(id ? ['RuleEditorWhatIfChanges', id, input, version] : null, () => fetchWhatIfChanges(id ?? '', input), { keepPreviousData: true, revalidateOnFocus: false });
}

/** The rule's latest runs, newest first. */
export function useWhatIfRuns(ruleId: string, enabled: boolean) {
  return useSWR(enabled ? ['RuleEditorWhatIfRuns', ruleId] : null, () => graphqlRequest(WhatIfRunsQuery, { ruleId, limit: WHAT_IF_RUNS_SHOWN }).then((result) => result.whatIfRuns), {
    revalidateOnFocus: false,
  });
}

export const startWhatIf = (input: { ruleId: string; code: string; helper: string | null; dataTables: string[]; limit: number; since: string | null; until: string | null }) =>
  graphqlRequest(StartWhatIfMutation, { input }).then((result) => result.startWhatIf);

export const cancelWhatIf = (id: string) => graphqlRequest(CancelWhatIfMutation, { id }).then((result) => result.cancelWhatIf);
