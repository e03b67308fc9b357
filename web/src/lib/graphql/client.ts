import { ServerError, serverMessageOf } from '../serverMessage';
import type { TypedDocumentString } from './generated/graphql';

export const GRAPHQL_ENDPOINT = '/graphql';

let accessToken: string | null = null;

/** The bearer token sent with every request; `null` sends none. The session (lib/session) sets it. */
export function setAccessToken(token: string | null): void {
  accessToken = token;
  for (const listener of tokenListeners) listener(token);
}

/** The bearer token requests carry now (REST calls and the subscription socket use it too). */
export const currentAccessToken = (): string | null => accessToken;

const tokenListeners = new Set<(token: string | null) => void>();

/** Calls `listener` whenever the token changes (renewed, logged out); answers the unsubscribe. */
export function onAccessTokenChange(listener: (token: string | null) => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

/**
 * A failed request: the server's first GraphQL error, or the HTTP status when there is none.
 * `code` is that error's `extensions.code` (the kind, e.g. "UNAUTHENTICATED") when it has one;
 * `serverMessage` its catalogue message (`extensions.messageCode` and `params`), which
 * `errorMessage` (lib/validation) renders in the user's language.
 */
export class GraphQLRequestError extends ServerError {
  readonly status: number;
  readonly code: string | undefined;
  /** The error's `extensions` (e.g. `line`, `column`, `file` of a rule's syntax error); `{}` without. */
  readonly extensions: Readonly<Record<string, unknown>>;

  constructor(message: string, status: number, code?: string, extensions: Record<string, unknown> = {}) {
    super(message, serverMessageOf(extensions));
    this.name = 'GraphQLRequestError';
    this.status = status;
    this.code = code;
    this.extensions = extensions;
  }
}

/** The error code of an operation that needs a worker's answer when no worker is running. */
export const NO_WORKER = 'NO_WORKER';

/** The error code of an API refusing a request for want of a valid access token. */
export const UNAUTHENTICATED = 'UNAUTHENTICATED';

export function isUnauthenticated(error: unknown): boolean {
  return error instanceof GraphQLRequestError && error.code === UNAUTHENTICATED;
}

/**
 * What the session does when a data request is refused for want of a valid token: `refresh`
 * renews the token once (answering whether the user is still logged in); `expire` logs out when
 * the renewed token is refused too.
 */
export interface UnauthenticatedHandler {
  refresh(): Promise<boolean>;
  expire(): void;
}

let unauthenticatedHandler: UnauthenticatedHandler | null = null;

/** Set by the session store; `null` turns the retry off. */
export function setUnauthenticatedHandler(handler: UnauthenticatedHandler | null): void {
  unauthenticatedHandler = handler;
}

interface GraphQLResponse<TResult> {
  data?: TResult | null;
  errors?: { message: string; extensions?: { code?: unknown; [name: string]: unknown } }[];
}

type VariablesOf<TVariables> = TVariables extends Record<string, never> ? [] : [TVariables];

/**
 * A data request. When the server answers UNAUTHENTICATED to a request sent with a token, the
 * session renews the token once and the request is sent again; a second refusal (or a failed
 * renewal) ends the session.
 */
export async function graphqlRequest<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  ...variables: VariablesOf<TVariables>
): Promise<TResult> {
  const sentToken = accessToken;
  try {
    return await rawGraphqlRequest(document, ...variables);
  } catch (error) {
    const handler = unauthenticatedHandler;
    if (!isUnauthenticated(error) || handler === null || sentToken === null) throw error;
    // Another request may have renewed the token meanwhile: then just try again with it.
    const renewed = accessToken !== sentToken && accessToken !== null ? true : await handler.refresh();
    if (!renewed) throw error;
    try {
      return await rawGraphqlRequest(document, ...variables);
    } catch (again) {
      if (isUnauthenticated(again)) handler.expire();
      throw again;
    }
  }
}

/** One request, without the renewal on UNAUTHENTICATED (the session's own calls use it). */
export async function rawGraphqlRequest<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  ...[variables]: VariablesOf<TVariables>
): Promise<TResult> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/graphql-response+json, application/json',
  };
  if (accessToken !== null) headers.Authorization = `Bearer ${accessToken}`;

  const response = await fetch(GRAPHQL_ENDPOINT, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query: document.toString(), variables }),
  });
  const body = await readBody<TResult>(response);
  const firstError = body?.errors?.[0];
  if (firstError !== undefined) {
    const code = firstError.extensions?.code;
    throw new GraphQLRequestError(firstError.message, response.status, typeof code === 'string' ? code : undefined, firstError.extensions ?? {});
  }
  if (!response.ok || body?.data == null) {
    throw new GraphQLRequestError(`HTTP ${response.status} ${response.statusText}`.trim(), response.status);
  }
  return body.data;
}

async function readBody<TResult>(response: Response): Promise<GraphQLResponse<TResult> | null> {
  try {
    return (await response.json()) as GraphQLResponse<TResult>;
  } catch {
    return null; // not JSON, e.g. a proxy's error page
  }
}
