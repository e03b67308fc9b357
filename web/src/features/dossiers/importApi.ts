import useSWR from 'swr';
import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';
import { parseRestRefusal, ServerError, type ServerMessage } from '../../lib/serverMessage';

/** The import wizard's calls: the type lists of step 1, the upload (docs/domain.md#the-import-request), the new dossier's state. */

const ImportDocumentTypesQuery = graphql(`
  query ImportDocumentTypes {
    documentTypes(limit: 1000) {
      name
    }
  }
`);

const ImportDossierTypesQuery = graphql(`
  query ImportDossierTypes {
    dossierTypes(limit: 1000) {
      name
    }
  }
`);

const ImportedDossierQuery = graphql(`
  query ImportedDossier($id: ID!) {
    dossier(id: $id) {
      id
      state
      error
      errorMessage {
        messageCode
        params
      }
    }
  }
`);

const byName = (a: string, b: string) => a.localeCompare(b, 'it', { sensitivity: 'base' });

/** The names of the document types, sorted. */
export function useImportDocumentTypes() {
  return useSWR('ImportDocumentTypes', () =>
    graphqlRequest(ImportDocumentTypesQuery).then((result) => result.documentTypes.map((type) => type.name).sort(byName)),
  );
}

/** The names of the dossier types (the contract types), sorted. */
export function useImportDossierTypes() {
  return useSWR('ImportDossierTypes', () =>
    graphqlRequest(ImportDossierTypesQuery).then((result) => result.dossierTypes.map((type) => type.name).sort(byName)),
  );
}

/** How often the waiting screen asks for the new dossier's state while it is processing. */
export const IMPORTED_DOSSIER_POLL_MS = 3000;

/** The state of the dossier just imported, polled while it is `processing`; `null` id: nothing. */
export function useImportedDossier(id: string | null) {
  return useSWR(id === null ? null : ['ImportedDossier', id], () => graphqlRequest(ImportedDossierQuery, { id: id ?? '' }).then((result) => result.dossier), {
    refreshInterval: (dossier) => (dossier === undefined || dossier.state === 'processing' ? IMPORTED_DOSSIER_POLL_MS : 0),
  });
}

/** The REST endpoint of the import (docs/domain.md#the-import-request), proxied by Vite in development. */
export const IMPORT_ENDPOINT = '/import_dossier';

/** One file of the archive and its document type ('' for none). */
export interface ImportFilePayload {
  nomeFile: string;
  tipoDocumento: string;
}

/** The import payload (docs/domain.md#the-import-request). */
export interface ImportPayload {
  idValutazione: string;
  tipoContratto: string;
  /** The zip's bytes in base64 (no `data:` prefix). */
  base64zip: string;
  files: ImportFilePayload[];
  /** JSON text of the input list. */
  input: string;
  /** '' for none. */
  callbackUrl: string;
}

/** The server's answer: the new dossier, `processing`. */
export interface ImportAccepted {
  id: string;
  state: string;
}

/**
 * A refused or failed upload. `server`: the server's `{ message, messageCode, params }` — the
 * catalogue's message, which `errorMessage` renders in the user's language, and its Italian
 * text as the message; `network`: no answer; `aborted`: cancelled; `badAnswer`: a success
 * without `{ id }`.
 */
export type ImportUploadErrorKind = 'server' | 'network' | 'aborted' | 'badAnswer';

export class ImportUploadError extends ServerError {
  readonly kind: ImportUploadErrorKind;
  /** HTTP status; 0 when no answer came. */
  readonly status: number;
  constructor(kind: ImportUploadErrorKind, message: string, status: number, serverMessage: ServerMessage | null = null) {
    super(message, serverMessage);
    this.name = 'ImportUploadError';
    this.kind = kind;
    this.status = status;
  }
}

export interface UploadOptions {
  /** The bearer token; `null` sends none (the server answers 401). */
  token: string | null;
  /** Share of the request body sent, 0 to 1. */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

/** The server's refusal; a body that is not one (a proxy's error page) says the HTTP status. */
function refusalOf(xhr: XMLHttpRequest): ImportUploadError {
  const refusal = parseRestRefusal(xhr.responseText);
  return new ImportUploadError('server', refusal.message ?? `HTTP ${xhr.status} ${xhr.statusText}`.trim(), xhr.status, refusal.serverMessage);
}

/**
 * The JSON body as a Blob, the base64 archive spliced in rather than copied into one more huge
 * string by JSON.stringify (base64 needs no JSON escaping). The browser sends a Blob with its
 * Content-Length, which the server requires.
 */
export function requestBody(payload: ImportPayload): Blob {
  const { base64zip, ...fields } = payload;
  const head = JSON.stringify(fields).slice(0, -1); // without its closing brace
  return new Blob([head, ',"base64zip":"', base64zip, '"}'], { type: 'application/json' });
}

/**
 * POSTs the payload to /import_dossier with an XMLHttpRequest, whose upload events give the
 * progress bar (fetch has none for request bodies). Resolves with `{ id, state }`; rejects with an
 * ImportUploadError carrying the server's message and status (400, 401, 403, 413, 500…).
 */
export function uploadDossier(payload: ImportPayload, { token, onProgress, signal }: UploadOptions): Promise<ImportAccepted> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', IMPORT_ENDPOINT);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    if (token !== null) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const body = JSON.parse(xhr.responseText) as ImportAccepted;
          if (typeof body.id === 'string') {
            resolve({ id: body.id, state: body.state });
            return;
          }
        } catch {
          // falls through to the error below
        }
        reject(new ImportUploadError('badAnswer', `HTTP ${xhr.status}: no dossier id in the answer`, xhr.status));
        return;
      }
      reject(refusalOf(xhr));
    };
    xhr.onerror = () => reject(new ImportUploadError('network', 'no answer from the server', 0));
    xhr.onabort = () => reject(new ImportUploadError('aborted', 'upload cancelled', 0));
    if (signal) {
      if (signal.aborted) {
        reject(new ImportUploadError('aborted', 'upload cancelled', 0));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(requestBody(payload));
  });
}

/** The base64 of a file's bytes, without the `data:…;base64,` prefix (FileReader: no huge strings built by hand). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('cannot read the file'));
    reader.readAsDataURL(file);
  });
}

/** The contract type of an import that names none (docs/domain.md#the-import-request, #constants). */
export const DEFAULT_CONTRACT_TYPE = 'cessione';

/** Longest dossier type name (docs/domain.md#input-rules-and-limits); the server refuses a longer `tipoContratto`. */
export const CONTRACT_TYPE_MAX_CHARS = 30;

/** A callback URL is optional; when given it must be an absolute http(s) URL with a host (as the server checks). */
export function isValidCallbackUrl(text: string): boolean {
  const value = text.trim();
  if (value === '') return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** What the wizard collected, besides the archive's bytes. */
export interface ImportFields {
  idValutazione: string;
  tipoContratto: string;
  /** The archive's files, in archive order. */
  files: readonly string[];
  /** Document type by file name; a file without one is sent with ''. */
  assignments: Readonly<Record<string, string>>;
  input: string;
  callbackUrl: string;
}

/** The payload of docs/domain.md#the-import-request from the wizard's fields (trimmed; an empty contract type becomes `cessione`). */
export function buildImportPayload(fields: ImportFields, base64zip: string): ImportPayload {
  const tipoContratto = fields.tipoContratto.trim();
  return {
    idValutazione: fields.idValutazione.trim(),
    tipoContratto: tipoContratto === '' ? DEFAULT_CONTRACT_TYPE : tipoContratto,
    base64zip,
    files: fields.files.map((nomeFile) => ({ nomeFile, tipoDocumento: fields.assignments[nomeFile] ?? '' })),
    input: fields.input,
    callbackUrl: fields.callbackUrl.trim(),
  };
}
