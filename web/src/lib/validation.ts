import { translateIfKnown } from './i18n';
import { ServerError, serverMessageOf, type ServerMessage } from './serverMessage';

/** Something, an @, something with a dot: the server has the final word on the address. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Field limits of docs/domain.md#input-rules-and-limits. */
export const LIMITS = {
  /** E-mail on login, password recovery and reset. */
  loginEmail: 255,
  resetPassword: { min: 7, max: 255 },
  user: { name: 30, email: 60, password: { min: 7, max: 20 }, confirmPassword: 30 },
  role: { name: 20, description: 40 },
  policy: { subject: 60, resource: 60 },
  group: { subject: 60, role: 40 },
} as const;

/** How deep nested messages may go before the message is taken as unreadable. */
const MAX_DEPTH = 8;

/** A placeholder's value that is data, as text. */
function paramText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value == null) return '';
  if (Array.isArray(value)) return value.map(paramText).join(', ');
  return JSON.stringify(value);
}

/**
 * A message of the server's catalogue (lib/serverMessage) in the current language: the entry
 * `serverErrors.<messageCode>` with its placeholders filled, a nested message rendered first
 * (same language). `null` when this build's catalogue does not know its code, or a nested
 * one's: then the caller says the server's own text.
 */
export function translateServerMessage(message: ServerMessage, depth = 0): string | null {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.params)) {
    const nested = serverMessageOf(value);
    if (nested === null) {
      values[name] = paramText(value);
      continue;
    }
    const text = depth < MAX_DEPTH ? translateServerMessage(nested, depth + 1) : null;
    if (text === null) return null;
    values[name] = text;
  }
  // `replace`: a value never acts as an i18next option (a `count` or `context` placeholder).
  return translateIfKnown(`serverErrors.${message.messageCode}`, { replace: values });
}

/**
 * The message of an error thrown by a call, in the user's language — the one way every screen
 * says a failure: a server error (GraphQL or REST, see `ServerError`) whose catalogue code this
 * build knows is rendered from `serverErrors`; any other says its own text (the server's
 * Italian `message`, or e.g. "HTTP 502").
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ServerError && error.serverMessage !== null) {
    const translated = translateServerMessage(error.serverMessage);
    if (translated !== null) return translated;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Why a login-like call answered `logged: false` (`basicLogin`, `resetPassword`,
 * `confirmRegistration`, `impersonates`), in the user's language: its `messageCode`, else the
 * server's `message`, else `fallback`.
 */
export function refusalMessage(answer: { message?: string | null; messageCode?: string | null }, fallback: string): string {
  const message = serverMessageOf({ messageCode: answer.messageCode });
  return (message !== null ? translateServerMessage(message) : null) ?? (answer.message || fallback);
}

/**
 * A text the server stored with a row beside its message — why a dossier, a document or a run
 * ended badly (`errorMessage`), a document's event (`message`): the message (of the catalogue,
 * `{ messageCode, params }`) in the user's language, else the stored `text` as it is (rows
 * written before messages were kept, a rule's own error, a code this build does not know).
 */
export function storedError(text: string, message: unknown): string;
export function storedError(text: string | null | undefined, message: unknown): string | null;
export function storedError(text: string | null | undefined, message: unknown): string | null {
  const stored = serverMessageOf(message);
  return (stored !== null ? translateServerMessage(stored) : null) ?? text ?? null;
}

/** "What failed: why", the why in the user's language (`errorMessage`): the text of a failure's toast. */
export function failedBecause(what: string, failure: unknown): string {
  return `${what}: ${errorMessage(failure)}`;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * react-hook-form rules of the user fields (new user, a user's password change) of
 * docs/domain.md#input-rules-and-limits:
 * names required, at most 30; e-mail required, at most 60; password 7 to 20; confirmation at most
 * 30 and equal to the password (`password` reads it; only the confirmation's rule needs it).
 */
export function userRules(t: Translate, password: () => string = () => '') {
  const required = t('validation.required');
  const max = (value: number) => ({ value, message: t('validation.maxLength', { max: value }) });
  return {
    name: { required, maxLength: max(LIMITS.user.name) },
    email: {
      required,
      maxLength: max(LIMITS.user.email),
      validate: (value: string) => isEmail(value) || t('login.emailInvalid'),
    },
    password: {
      required,
      minLength: { value: LIMITS.user.password.min, message: t('validation.minLength', { min: LIMITS.user.password.min }) },
      maxLength: max(LIMITS.user.password.max),
    },
    confirmPassword: {
      required,
      maxLength: max(LIMITS.user.confirmPassword),
      validate: (value: string) => value === password() || t('validation.passwordsMustMatch'),
    },
  };
}
