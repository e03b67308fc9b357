/*
 * The pure parts of the session: its shape, how it is kept in local storage, and the clock
 * arithmetic of access and refresh tokens. The store (store.ts) does the calls and the timers.
 */
import type { GrantedPermission } from '../permissions';
import type { AuthSessionAnswer, SessionUser } from './api';

/** A logged-in session as the app keeps it (docs/domain.md#sessions). */
export interface SessionData {
  accessToken: string;
  refreshToken: string;
  accessUuid: string | null;
  refreshUuid: string | null;
  /** Expiry of the access token, unix seconds. */
  atExpires: number;
  /** Expiry of the refresh token, unix seconds; `null` when the server did not say. */
  rtExpires: number | null;
  user: SessionUser;
  permissions: GrantedPermission[];
  /** This session is an impersonation of `user` (docs/domain.md#impersonation). */
  impersonated: boolean;
  /** Who impersonates, when the server says. */
  impersonatedBy: SessionUser | null;
  /** The session from before the impersonation: its user, tokens and permissions, kept aside. */
  impersonator: SessionData | null;
}

export const SESSION_STORAGE_KEY = 'istruttoria.session';

/** The access token is renewed this long before it expires (or halfway, when it lives shorter). */
export const REFRESH_LEAD_MS = 60_000;

/** The background session ping runs this long after login (docs/domain.md#constants). */
export const SESSION_PING_DELAY_MS = 1_000;

/** The longest delay `setTimeout` honours; longer ones fire at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** The `exp` claim of a JWT, unix seconds, or `null` when the token cannot be read. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')));
    const exp = isRecord(claims) ? claims.exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/**
 * The session held by a login or refresh answer; `null` when the server refused (`logged: false`)
 * or the answer lacks what a session needs.
 */
export function sessionFromAnswer(answer: AuthSessionAnswer): SessionData | null {
  const { accessToken, refreshToken, user } = answer;
  if (!answer.logged || accessToken == null || refreshToken == null || user == null) return null;
  const atExpires = answer.atExpires ?? jwtExpiry(accessToken);
  if (atExpires === null) return null;
  return {
    accessToken,
    refreshToken,
    accessUuid: answer.accessUuid,
    refreshUuid: answer.refreshUuid,
    atExpires,
    rtExpires: answer.rtExpires,
    user,
    permissions: normalizedPermissions(answer.permissions),
    impersonated: answer.impersonated ?? false,
    impersonatedBy: answer.impersonatedBy ?? null,
    impersonator: null,
  };
}

/** Permissions as the session keeps them: lowercased, as the checks compare them. */
export function normalizedPermissions(permissions: readonly GrantedPermission[]): GrantedPermission[] {
  return permissions.map(({ resource, action }) => ({ resource: resource.toLowerCase(), action: action.toLowerCase() }));
}

/** Has a token expiring at `expiresAt` (unix seconds; `null`: unknown, taken as still valid) expired at `nowMs`? */
export function isExpired(expiresAt: number | null, nowMs: number): boolean {
  return expiresAt !== null && expiresAt * 1000 <= nowMs;
}

/**
 * How long to wait before renewing an access token expiring at `atExpires`: until
 * `REFRESH_LEAD_MS` before it expires, or halfway through what is left when that is shorter
 * (so a short-lived token is not renewed in a loop); 0 when it has expired.
 */
export function refreshDelayMs(atExpires: number, nowMs: number): number {
  const left = atExpires * 1000 - nowMs;
  if (left <= 0) return 0;
  return Math.min(left - Math.min(REFRESH_LEAD_MS, left / 2), MAX_TIMEOUT_MS);
}

/** What the start-up check does with the stored session. */
export type StartupStep = 'verify' | 'refresh' | 'none';

/**
 * A live access token is verified (the user is fetched); an expired one is renewed while the
 * refresh token lives; otherwise there is no session.
 */
export function startupStep(stored: SessionData | null, nowMs: number): StartupStep {
  if (stored === null) return 'none';
  if (!isExpired(stored.atExpires, nowMs)) return 'verify';
  if (!isExpired(stored.rtExpires, nowMs)) return 'refresh';
  return 'none';
}

/** The stored session, or `null` when there is none or it is unreadable. */
export function readStoredSession(storage: Storage): SessionData | null {
  const raw = storage.getItem(SESSION_STORAGE_KEY);
  return raw === null ? null : parseSession(raw);
}

export function writeStoredSession(storage: Storage, session: SessionData): void {
  storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
}

export function clearStoredSession(storage: Storage): void {
  storage.removeItem(SESSION_STORAGE_KEY);
}

/** A session read back from its JSON; `null` unless every field has the right type. */
export function parseSession(raw: string): SessionData | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  return sessionOf(value);
}

function sessionOf(value: unknown): SessionData | null {
  if (!isRecord(value)) return null;
  const { accessToken, refreshToken, accessUuid, refreshUuid, atExpires, rtExpires, user, permissions } = value;
  if (typeof accessToken !== 'string' || typeof refreshToken !== 'string') return null;
  if (!isNullableString(accessUuid) || !isNullableString(refreshUuid)) return null;
  if (typeof atExpires !== 'number' || !(rtExpires === null || typeof rtExpires === 'number')) return null;
  if (!isUser(user) || !Array.isArray(permissions) || !permissions.every(isPermission)) return null;
  // Sessions stored before impersonation existed lack its fields: not impersonated.
  const impersonated = value.impersonated === true;
  const impersonatedBy = isUser(value.impersonatedBy) ? value.impersonatedBy : null;
  const impersonator = impersonated && value.impersonator != null ? sessionOf(value.impersonator) : null;
  return {
    accessToken,
    refreshToken,
    accessUuid,
    refreshUuid,
    atExpires,
    rtExpires,
    user,
    permissions,
    impersonated,
    impersonatedBy,
    impersonator,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNullableString(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

function isUser(value: unknown): value is SessionUser {
  return (
    isRecord(value) &&
    typeof value.email === 'string' &&
    typeof value.firstName === 'string' &&
    typeof value.lastName === 'string' &&
    isNullableString(value.avatar) &&
    typeof value.createdAt === 'string'
  );
}

function isPermission(value: unknown): value is GrantedPermission {
  return isRecord(value) && typeof value.resource === 'string' && typeof value.action === 'string';
}

/** The initials shown in place of a missing avatar: first letters of first and last name, or of the e-mail. */
export function initials(user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>): string {
  const letters = [user.firstName, user.lastName]
    .map((name) => Array.from(name.trim())[0] ?? '')
    .join('');
  return (letters || (Array.from(user.email.trim())[0] ?? '?')).toUpperCase();
}
