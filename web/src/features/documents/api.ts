import { useId } from 'react';
import useSWR from 'swr';
import type { TableInput } from '../../components/table';
import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';

// Operation names start with `DocumentDetail` so that they stay unique across the app.

const DocumentQuery = graphql(`
  query DocumentDetail($id: ID!) {
    document(id: $id) {
      id
      name
      description
      state
      metas
      dossier {
        id
        description
      }
      documentType {
        name
      }
      error
      errorMessage {
        messageCode
        params
      }
      createdAt
      updatedAt
    }
  }
`);

/** The PDF alone (a data URL): megabytes, asked for once by the viewer. */
const DocumentPdfQuery = graphql(`
  query DocumentDetailPdf($id: ID!) {
    document(id: $id) {
      id
      pdfUrl
    }
  }
`);

/** The extraction output (one read of the storage on the server), asked for by the tabs showing it. */
const DocumentExtractionQuery = graphql(`
  query DocumentDetailExtraction($id: ID!) {
    document(id: $id) {
      id
      formData
      rawText
      rawTextWithGeometry
      tables
    }
  }
`);

const DocumentLogsQuery = graphql(`
  query DocumentDetailLogs($document: ID!) {
    getLogsByDocument(document: $document) {
      id
      event
      message {
        messageCode
        params
      }
      timestamp
    }
  }
`);

const DocumentRulesQuery = graphql(`
  query DocumentDetailRules($id: ID!, $withCode: Boolean!) {
    getRulesByDocument(id: $id) {
      id
      description
      state
      active
      code @include(if: $withCode)
    }
  }
`);

const ExecutionLogsQuery = graphql(`
  query DocumentDetailExecutionLogs($input: TableInput) {
    ruleExecutionLogs(input: $input) {
      items {
        id
        ruleId
        ruleName
        documentId
        executedAt
        platform
        result
        errors
      }
      pages
      total
      more
    }
  }
`);

const ExecutionLogQuery = graphql(`
  query DocumentDetailExecutionLog($id: ID!, $withDataTables: Boolean!) {
    ruleExecutionLog(id: $id) {
      id
      ruleName
      executedAt
      platform
      result
      logs
      errors
      rawText
      formData
      dataTables @include(if: $withDataTables)
      tables
      rawTextWithGeometry
    }
  }
`);

const ReplaceMetasMutation = graphql(`
  mutation DocumentDetailReplaceMetas($id: ID!, $metas: String!) {
    replaceDocumentMetas(id: $id, metas: $metas) {
      id
      metas
      updatedAt
    }
  }
`);

const RunRulesMutation = graphql(`
  mutation DocumentDetailRunRules($id: ID!) {
    runDocumentRules(id: $id)
  }
`);

const RunRuleMutation = graphql(`
  mutation DocumentDetailRunRule($id: ID!, $ruleId: ID!) {
    runDocumentRule(id: $id, ruleId: $ruleId)
  }
`);

const DeleteMutation = graphql(`
  mutation DocumentDetailDelete($id: ID!) {
    deleteDocument(id: $id)
  }
`);

const DownloadQuery = graphql(`
  query DocumentDetailDownload($id: ID!) {
    downloadDocument(id: $id) {
      filename
      extension
      url
    }
  }
`);

/** Document states the pipeline is still working on: the page polls until they end. */
const BUSY_STATES = ['uploaded', 'extracted'];
export const DOCUMENT_POLL_MS = 3000;

/** The document's details; polled while the pipeline is still working on it. */
export function useDocument(id: string) {
  return useSWR(['DocumentDetail', id], () => graphqlRequest(DocumentQuery, { id }).then((result) => result.document), {
    refreshInterval: (document) => (document && BUSY_STATES.includes(document.state) ? DOCUMENT_POLL_MS : 0),
  });
}

export type DocumentDetail = NonNullable<ReturnType<typeof useDocument>['data']>;

/**
 * The link the PDF downloads from, asked again when the document's update time changes and by
 * every page that opens (`mount`): a link works for minutes, so one cached from an earlier
 * visit may have expired.
 */
export function useDocumentPdf(id: string, version: string | undefined) {
  const mount = useId();
  return useSWR(version === undefined ? null : ['DocumentDetailPdf', id, version, mount], () =>
    graphqlRequest(DocumentPdfQuery, { id }).then((result) => result.document.pdfUrl),
  { revalidateOnFocus: false },
  );
}

/** The extraction output; `null` key (nothing asked) until a tab needs it. */
export function useDocumentExtraction(id: string, version: string | undefined, wanted: boolean) {
  return useSWR(wanted && version !== undefined ? ['DocumentDetailExtraction', id, version] : null, () =>
    graphqlRequest(DocumentExtractionQuery, { id }).then((result) => result.document),
  { revalidateOnFocus: false },
  );
}

export function useDocumentLogs(id: string) {
  return useSWR(['DocumentDetailLogs', id], () => graphqlRequest(DocumentLogsQuery, { document: id }).then((result) => result.getLogsByDocument));
}

/** The rules of the document's type; their code only for users who may read rules
 * (`documentRules`: the server refuses it to the others). */
export function useDocumentRules(id: string, withCode: boolean) {
  return useSWR(['DocumentDetailRules', id, withCode], () =>
    graphqlRequest(DocumentRulesQuery, { id, withCode }).then((result) => result.getRulesByDocument),
  );
}

export type DocumentRuleRow = NonNullable<ReturnType<typeof useDocumentRules>['data']>[number];

/** One page of this document's rule execution logs. */
export function useExecutionLogs(input: TableInput) {
  return useSWR(['DocumentDetailExecutionLogs', JSON.stringify(input)], () =>
    graphqlRequest(ExecutionLogsQuery, { input }).then((result) => result.ruleExecutionLogs),
  { keepPreviousData: true },
  );
}

export type ExecutionLogRow = NonNullable<ReturnType<typeof useExecutionLogs>['data']>['items'][number];

/** The newest executions of a document's rules, newest first (at most 50). */
export const newestExecutions = (documentId: string) =>
  graphqlRequest(ExecutionLogsQuery, {
    input: { pageSize: 50, pageIndex: 0, order: 'executedAt DESC', filters: [{ column: 'document_id', type: 'text', value: [documentId] }] },
  }).then((result) => result.ruleExecutionLogs.items);

/** One run with its input; the data tables' content only for who may read data tables. */
export function useExecutionLog(id: string | null, withDataTables: boolean) {
  return useSWR(id === null ? null : ['DocumentDetailExecutionLog', id, withDataTables], () =>
    graphqlRequest(ExecutionLogQuery, { id: id ?? '', withDataTables }).then((result) => result.ruleExecutionLog),
  );
}

export const replaceDocumentMetas = (id: string, metas: string) =>
  graphqlRequest(ReplaceMetasMutation, { id, metas }).then((result) => result.replaceDocumentMetas);

export const runDocumentRules = (id: string) => graphqlRequest(RunRulesMutation, { id }).then((result) => result.runDocumentRules);

export const runDocumentRule = (id: string, ruleId: string) =>
  graphqlRequest(RunRuleMutation, { id, ruleId }).then((result) => result.runDocumentRule);

export const deleteDocument = (id: string) => graphqlRequest(DeleteMutation, { id }).then((result) => result.deleteDocument);

export const downloadDocument = (id: string) => graphqlRequest(DownloadQuery, { id }).then((result) => result.downloadDocument);
