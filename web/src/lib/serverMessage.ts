/**
 * The server's messages (issue 30, item 5): every error the API answers names an entry of its
 * catalogue (`shared::messages`, copied to `i18n/server-messages.json` and registered under
 * `serverErrors`) and the values of its placeholders — GraphQL `extensions.messageCode` and
 * `extensions.params`, REST `messageCode` and `params`, a refused login's `messageCode`. A value
 * is text, or a message of the same shape that completes this one (rendered first, in the same
 * language). The Italian `message` beside them is only the last resort.
 */
export interface ServerMessage {
  readonly messageCode: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** Codes are SCREAMING_SNAKE_CASE (checked by the Rust catalogue): nothing else is looked up. */
const CODE = /^[A-Z][A-Z0-9_]*$/;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The `{ messageCode, params }` of an error's extensions or a REST body; `null` without a code. */
export function serverMessageOf(value: unknown): ServerMessage | null {
  if (!isRecord(value)) return null;
  const { messageCode, params } = value;
  if (typeof messageCode !== 'string' || !CODE.test(messageCode)) return null;
  return { messageCode, params: isRecord(params) ? params : {} };
}

/**
 * An error that came from the server and may carry a message of its catalogue: the GraphQL
 * client's and the REST calls' errors extend it, and `errorMessage` (lib/validation) renders it.
 */
export class ServerError extends Error {
  /** The catalogue's message, when the answer had one. */
  readonly serverMessage: ServerMessage | null;

  constructor(message: string, serverMessage: ServerMessage | null) {
    super(message);
    this.name = 'ServerError';
    this.serverMessage = serverMessage;
  }
}

/** What a REST route answers when it refuses: `{ code, message, messageCode, params }`. */
export interface RestRefusal {
  /** The kind of refusal (e.g. `TOO_LARGE`, `BAD_REQUEST`). */
  code: string | undefined;
  /** The server's text (Italian); `undefined` when the body had none. */
  message: string | undefined;
  serverMessage: ServerMessage | null;
}

/** Reads a REST refusal's body; a body that is not such JSON (a proxy's page, S3's XML) gives nothing. */
export function parseRestRefusal(body: string): RestRefusal {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { code: undefined, message: undefined, serverMessage: null };
  }
  if (!isRecord(value)) return { code: undefined, message: undefined, serverMessage: null };
  return {
    code: typeof value.code === 'string' ? value.code : undefined,
    message: typeof value.message === 'string' && value.message !== '' ? value.message : undefined,
    serverMessage: serverMessageOf(value),
  };
}
