import { vi } from 'vitest';
import type { AuthSessionAnswer, SessionApi, SessionUser } from '../lib/session/api';
import { writeStoredSession, type SessionData } from '../lib/session/session';
import { SessionStore } from '../lib/session/store';

export const USER: SessionUser = {
  email: 'anna.rossi@example.com',
  firstName: 'Anna',
  lastName: 'Rossi',
  avatar: null,
  createdAt: '2026-01-02T03:04:05Z',
};

/** A session whose access token lives `ttlSeconds` more from `nowMs`. */
export function sessionData(overrides: Partial<SessionData> = {}, nowMs = Date.now(), ttlSeconds = 900): SessionData {
  const now = Math.floor(nowMs / 1000);
  return {
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    accessUuid: 'a-uuid-1',
    refreshUuid: 'r-uuid-1',
    atExpires: now + ttlSeconds,
    rtExpires: now + 7 * 24 * 3600,
    user: USER,
    permissions: [{ resource: '*', action: 'allow' }],
    impersonated: false,
    impersonatedBy: null,
    impersonator: null,
    ...overrides,
  };
}

/** A login or refresh answer carrying `session`. */
export function answerOf(session: SessionData): AuthSessionAnswer {
  const { impersonator: _kept, ...answer } = session;
  return { logged: true, message: null, messageCode: null, ...answer };
}

export const REFUSED: AuthSessionAnswer = {
  logged: false,
  message: 'Credenziali non valide',
  messageCode: 'INVALID_CREDENTIALS',
  user: null,
  accessToken: null,
  refreshToken: null,
  accessUuid: null,
  refreshUuid: null,
  atExpires: null,
  rtExpires: null,
  permissions: [],
  impersonated: false,
  impersonatedBy: null,
};

/** Session calls (mocks) that refuse logins and renewals unless a test says otherwise. */
export function fakeApi(overrides: Partial<SessionApi> = {}) {
  return {
    basicLogin: vi.fn<SessionApi['basicLogin']>(overrides.basicLogin ?? (async () => REFUSED)),
    getNewAccessToken: vi.fn<SessionApi['getNewAccessToken']>(
      overrides.getNewAccessToken ?? (async () => ({ ...REFUSED, message: 'Sessione scaduta', messageCode: 'REFRESH_INVALID' })),
    ),
    logout: vi.fn<SessionApi['logout']>(overrides.logout ?? (async () => true)),
    loggedUser: vi.fn<SessionApi['loggedUser']>(overrides.loggedUser ?? (async () => USER)),
    ping: vi.fn<SessionApi['ping']>(overrides.ping ?? (async () => 'pong')),
    impersonates: vi.fn<SessionApi['impersonates']>(overrides.impersonates ?? (async () => REFUSED)),
    endImpersonation: vi.fn<SessionApi['endImpersonation']>(overrides.endImpersonation ?? (async () => REFUSED)),
  };
}

/** A started store holding a live session of `USER` (or `session`), for rendering guarded screens. */
export async function loggedInStore(session = sessionData(), api = fakeApi()): Promise<SessionStore> {
  writeStoredSession(localStorage, session);
  const store = new SessionStore({ api, locks: null, setAccessToken: () => {}, setUnauthenticatedHandler: () => {} });
  await store.start();
  return store;
}

/** A started store without a session. */
export async function loggedOutStore(api = fakeApi()): Promise<SessionStore> {
  const store = new SessionStore({ api, locks: null, setAccessToken: () => {}, setUnauthenticatedHandler: () => {} });
  await store.start();
  return store;
}
