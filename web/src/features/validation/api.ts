import useSWR from 'swr';
import type { TableInput } from '../../components/table';
import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';
import { parseRestRefusal, ServerError, type ServerMessage } from '../../lib/serverMessage';

// Rule validation (docs/domain.md#rule-validation, #validation-states, #operations, #messages,
// #constants; screens /validazione, /validazione/nuova, /validazione/{id}): the API is
// api/src/graphql/validation.rs.

export const validationsPath = '/validazione';
export const newValidationPath = '/validazione/nuova';
export const validationPath = (id: string) => `/validazione/${encodeURIComponent(id)}`;
/** The dossier rule editor an invalid rule links to (the playground's address, docs/domain.md#screens-and-routes). */
export const dossierRuleEditorPath = (id: string) => `/playground/dossier/${encodeURIComponent(id)}/aggiorna`;

/** The validation list (and a validation still under way) refreshes this often (docs/domain.md#constants). */
export const VALIDATION_REFRESH_MS = 5_000;
/** Longest institute name the API takes (shared::services::rule_validation::MAX_ISTITUTO_CHARS). */
export const MAX_ISTITUTO_CHARS = 200;

/** A validation's states as the API names them: created and running show as "in corso". */
export const VALIDATION_STATES = ['created', 'running', 'finished', 'failed'] as const;
export type ValidationState = (typeof VALIDATION_STATES)[number];
/** Whether the validation has not ended yet. */
export const isUnderWay = (state: string) => state === 'created' || state === 'running';

graphql(`
  fragment RuleValidationFields on RuleValidation {
    id
    state
    istituto
    fileName
    createdAt
    startedAt
    finishedAt
    rulesInvalidated
    idDocument
    urlOcr
    error
    errorMessage {
      messageCode
      params
    }
    createdBy
  }
`);

graphql(`
  fragment ValidationDocumentFields on ValidationDocument {
    id
    description
    istitutoAppartenenza
    fileName
    urlOCR
    ocrError
    ocrErrorMessage {
      messageCode
      params
    }
    createdAt
    createdBy
    comparable
  }
`);

const RuleValidationsPageQuery = graphql(`
  query ValidationRuleValidationsPage($input: TableInput) {
    ruleValidationsPage(input: $input) {
      items {
        ...RuleValidationFields
      }
      pages
      total
      more
    }
  }
`);

const DocValidationsPageQuery = graphql(`
  query ValidationDocValidationsPage($input: TableInput) {
    docValidationsPage(input: $input) {
      items {
        ...ValidationDocumentFields
      }
      pages
      total
      more
    }
  }
`);

const RuleValidationQuery = graphql(`
  query ValidationRuleValidation($id: ID!) {
    ruleValidation(id: $id) {
      ...RuleValidationFields
      invalidRules {
        id
        idRule
        description
        missing
        present
      }
    }
  }
`);

const DownloadOcrQuery = graphql(`
  query ValidationDownloadOCR($id: ID!) {
    downloadOCR(id: $id) {
      name
      base64
    }
  }
`);

const DownloadPdfQuery = graphql(`
  query ValidationDownloadPDF($id: ID!) {
    downloadPDF(id: $id) {
      name
      base64
    }
  }
`);

const DownloadDiffQuery = graphql(`
  query ValidationDownloadDiff($id: ID!) {
    downloadDiff(id: $id) {
      name
      base64
    }
  }
`);

const DownloadAllQuery = graphql(`
  query ValidationDownloadAllFiles($id: ID!) {
    downloadAllValidationFiles(id: $id) {
      name
      base64
    }
  }
`);

const DeleteDocValidationsMutation = graphql(`
  mutation ValidationDeleteDocValidations($ids: [ID!]!) {
    deleteDocValidations(ids: $ids)
  }
`);

const SignedUrlMutation = graphql(`
  mutation ValidationRequestSignedURL($filename: String!) {
    requestSignedURLForValidationDocument(filename: $filename) {
      url
      name
      expiresAt
      maxBytes
    }
  }
`);

const CreateRuleValidationMutation = graphql(`
  mutation ValidationCreateRuleValidation($documentID: ID!, $name: String!, $url: String, $istitutoAppartenenza: String!) {
    createRuleValidation(documentID: $documentID, name: $name, url: $url, istitutoAppartenenza: $istitutoAppartenenza) {
      id
    }
  }
`);

const RunValidationMutation = graphql(`
  mutation ValidationRunValidation($idDocValidation: ID!) {
    runValidation(idDocValidation: $idDocValidation) {
      id
    }
  }
`);

// --- lists ---

const fetchValidations = (input: TableInput) => graphqlRequest(RuleValidationsPageQuery, { input }).then((result) => result.ruleValidationsPage);
export type ValidationRow = Awaited<ReturnType<typeof fetchValidations>>['items'][number];

/**
 * The `state` filter as the API takes it: "in corso" (offered as `running`) stands for both
 * `created` and `running`, as the column shows them.
 */
export function validationsInput(input: TableInput): TableInput {
  return {
    ...input,
    filters: input.filters.map((filter) =>
      filter.column === 'state' && filter.value.includes('running') && !filter.value.includes('created')
        ? { ...filter, value: [...filter.value, 'created'] }
        : filter,
    ),
  };
}

/** One page of validations, refreshed silently every 5 s (docs/domain.md#constants); the previous page stays while the next loads. */
export function useValidationsPage(input: TableInput) {
  const sent = validationsInput(input);
  return useSWR(['ValidationRuleValidationsPage', sent], () => fetchValidations(sent), {
    keepPreviousData: true,
    refreshInterval: VALIDATION_REFRESH_MS,
  });
}

const fetchDocuments = (input: TableInput) => graphqlRequest(DocValidationsPageQuery, { input }).then((result) => result.docValidationsPage);
export type ValidationDocumentRow = Awaited<ReturnType<typeof fetchDocuments>>['items'][number];

/** Whether the document's text is still being extracted (no text, no extraction error). */
export const isExtracting = (document: Pick<ValidationDocumentRow, 'urlOCR' | 'ocrError'>) => document.urlOCR == null && document.ocrError == null;

/**
 * One page of validation documents. While one of them is still being extracted the page is
 * asked again every 5 s, so that its text (and the downloads it allows) shows up by itself.
 */
export function useValidationDocumentsPage(input: TableInput) {
  return useSWR(['ValidationDocValidationsPage', input], () => fetchDocuments(input), {
    keepPreviousData: true,
    refreshInterval: (page) => (page?.items.some(isExtracting) ? VALIDATION_REFRESH_MS : 0),
  });
}

const fetchValidation = (id: string) => graphqlRequest(RuleValidationQuery, { id }).then((result) => result.ruleValidation);
export type ValidationDetail = Awaited<ReturnType<typeof fetchValidation>>;
export type InvalidRule = ValidationDetail['invalidRules'][number];

/** One validation with its invalid rules; asked again every 5 s while it is under way. */
export function useValidation(id: string) {
  return useSWR(['ValidationRuleValidation', id], () => fetchValidation(id), {
    refreshInterval: (validation) => (validation && isUnderWay(validation.state) ? VALIDATION_REFRESH_MS : 0),
  });
}

// --- downloads and changes ---

export interface DownloadedFile {
  name: string;
  base64: string;
}

export type DownloadKind = 'ocr' | 'pdf' | 'diff' | 'all';

/** Each download's file: what the API calls, the suffix its name must have (docs/domain.md#constants) and its type. */
const DOWNLOADS: Record<DownloadKind, { fetch: (id: string) => Promise<DownloadedFile>; suffix: string; fallback: string; type: string }> = {
  ocr: { fetch: (id) => graphqlRequest(DownloadOcrQuery, { id }).then((r) => r.downloadOCR), suffix: '.txt', fallback: 'documento.txt', type: 'text/plain;charset=utf-8' },
  pdf: { fetch: (id) => graphqlRequest(DownloadPdfQuery, { id }).then((r) => r.downloadPDF), suffix: '.pdf', fallback: 'documento.pdf', type: 'application/pdf' },
  diff: { fetch: (id) => graphqlRequest(DownloadDiffQuery, { id }).then((r) => r.downloadDiff), suffix: '.txt', fallback: 'diff.txt', type: 'text/plain;charset=utf-8' },
  all: {
    fetch: (id) => graphqlRequest(DownloadAllQuery, { id }).then((r) => r.downloadAllValidationFiles),
    suffix: '.zip',
    fallback: 'validazione.zip',
    type: 'application/zip',
  },
};

/** `name` with `suffix` (once; any case); `fallback` when there is no name. */
export function withSuffix(name: string, suffix: string, fallback: string): string {
  const trimmed = name.trim();
  if (trimmed === '') return fallback;
  return trimmed.toLowerCase().endsWith(suffix) ? trimmed : `${trimmed}${suffix}`;
}

/** A document's file as the API hands it over, named for saving (`.txt`, `.pdf`, `diff.txt`, `.zip`). */
export async function fetchDownload(kind: DownloadKind, documentId: string): Promise<DownloadedFile & { type: string }> {
  const { fetch, suffix, fallback, type } = DOWNLOADS[kind];
  const file = await fetch(documentId);
  return { name: kind === 'diff' ? 'diff.txt' : withSuffix(file.name, suffix, fallback), base64: file.base64, type };
}

export const deleteDocuments = (ids: string[]) => graphqlRequest(DeleteDocValidationsMutation, { ids }).then((result) => result.deleteDocValidations);

export const requestUploadUrl = (filename: string) =>
  graphqlRequest(SignedUrlMutation, { filename }).then((result) => result.requestSignedURLForValidationDocument);
export type SignedUpload = Awaited<ReturnType<typeof requestUploadUrl>>;

export interface NewValidation {
  /** The stored name of the upload (`name` of the signed URL). */
  documentID: string;
  /** The file's own name. */
  name: string;
  url: string;
  istitutoAppartenenza: string;
}

/** Records the uploaded document and starts its validation; answers the validation's id. */
export const createRuleValidation = (validation: NewValidation) =>
  graphqlRequest(CreateRuleValidationMutation, { ...validation }).then((result) => result.createRuleValidation.id);

/** Starts the validation of a document already uploaded (its text extracted); answers the validation's id. */
export const runValidation = (idDocValidation: string) =>
  graphqlRequest(RunValidationMutation, { idDocValidation }).then((result) => result.runValidation.id);

// --- the upload (docs/domain.md#rule-validation) ---

/** The refusals of `PUT /uploads/validation/{token}` (api/src/rest/upload.rs), and ours. */
export const UPLOAD_CODES = ['FORGED', 'EXPIRED', 'USED', 'TOO_LARGE', 'NOT_PDF', 'EMPTY', 'NETWORK', 'ABORTED'] as const;
export type UploadCode = (typeof UPLOAD_CODES)[number];

/**
 * A refused or failed upload: `code` when known, `message` the server's text (Italian) or the
 * HTTP status, `serverMessage` the catalogue's message of our server's refusal (rendered by
 * `errorMessage` in the user's language).
 */
export class UploadError extends ServerError {
  readonly code: UploadCode | undefined;
  readonly status: number;
  constructor(message: string, code: UploadCode | undefined, status: number, serverMessage: ServerMessage | null = null) {
    super(message, serverMessage);
    this.name = 'UploadError';
    this.code = code;
    this.status = status;
  }
}

const knownCode = (code: unknown): UploadCode | undefined =>
  typeof code === 'string' && (UPLOAD_CODES as readonly string[]).includes(code) ? (code as UploadCode) : undefined;

/** Our own server answers `{ code, message, messageCode, params }`; S3 answers XML: then the HTTP status says it. */
function refusalOf(xhr: XMLHttpRequest): UploadError {
  const refusal = parseRestRefusal(xhr.responseText);
  const status = `HTTP ${xhr.status} ${xhr.statusText}`.trim();
  if (refusal.message !== undefined || refusal.serverMessage !== null) {
    return new UploadError(refusal.message ?? status, knownCode(refusal.code), xhr.status, refusal.serverMessage);
  }
  return new UploadError(status, xhr.status === 413 ? 'TOO_LARGE' : undefined, xhr.status);
}

/**
 * PUTs `file`'s bytes to the signed `url` (a path of our server or a presigned S3 URL) as
 * `application/octet-stream`, reporting the share sent (0 to 1). No Authorization header: the
 * address is the authorisation, and S3 would refuse a request carrying one.
 */
export function uploadFile(url: string, file: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(event.loaded / event.total, 1));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(refusalOf(xhr));
      }
    };
    xhr.onerror = () => reject(new UploadError('no answer from the server', 'NETWORK', 0));
    xhr.onabort = () => reject(new UploadError('upload cancelled', 'ABORTED', 0));
    if (signal) {
      if (signal.aborted) {
        reject(new UploadError('upload cancelled', 'ABORTED', 0));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(file);
  });
}

/** Why a choice of files cannot be uploaded, or null when it is exactly one PDF. */
export type FileRefusal = 'many' | 'notPdf' | 'empty';

/** Checks the choice by its names and sizes (the content is checked by {@link looksLikePdf}). */
export function refusalOfFiles(files: readonly File[]): FileRefusal | null {
  if (files.length > 1) return 'many';
  const [file] = files;
  if (file === undefined) return null;
  if (!/\.pdf$/i.test(file.name.trim())) return 'notPdf';
  if (file.size === 0) return 'empty';
  return null;
}

/** Whether the bytes start like a PDF (`%PDF-`, as the server checks). */
export async function looksLikePdf(file: Blob): Promise<boolean> {
  return (await file.slice(0, 5).text()) === '%PDF-';
}

