import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi, sessionData, USER } from '../../test/session';
import { GraphQLRequestError } from '../graphql/client';
import { readStoredSession, SESSION_STORAGE_KEY, writeStoredSession, type SessionData } from './session';
import { SessionStore } from './store';

const NOW = Date.UTC(2026, 10, 22, 10, 0, 0);

let stores: SessionStore[] = [];

function storeWith(api = fakeApi(), locks: LockManager | null = null) {
  const setAccessToken = vi.fn<(token: string | null) => void>();
  const store = new SessionStore({ api, locks, setAccessToken });
  stores.push(store);
  const statuses: string[] = [];
  store.subscribe(() => statuses.push(store.getState().status));
  return { store, api, setAccessToken, statuses };
}

const renewed = (overrides: Partial<SessionData> = {}) =>
  sessionData({ accessToken: 'access-2', refreshToken: 'refresh-2', ...overrides }, Date.now());

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  for (const store of stores) store.dispose();
  stores = [];
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('session start-up', () => {
  it('is logged out without a stored session, asking nothing', async () => {
    const { store, api } = storeWith();
    expect(store.getState().status).toBe('starting');
    await store.start();
    expect(store.getState()).toEqual({ status: 'unauthenticated', session: null });
    expect(api.loggedUser).not.toHaveBeenCalled();
    expect(api.getNewAccessToken).not.toHaveBeenCalled();
  });

  it('fetches the user with a live stored token', async () => {
    writeStoredSession(localStorage, sessionData({ user: { ...USER, firstName: 'Old' } }));
    const { store, api, setAccessToken, statuses } = storeWith();
    await store.start();
    expect(api.loggedUser).toHaveBeenCalledOnce();
    expect(setAccessToken).toHaveBeenCalledWith('access-1');
    expect(statuses).toEqual(['starting', 'authenticated']);
    expect(store.getState().session?.user).toEqual(USER);
    expect(readStoredSession(localStorage)?.user).toEqual(USER);
  });

  it('renews a stored token the server no longer accepts', async () => {
    writeStoredSession(localStorage, sessionData());
    const api = fakeApi({
      loggedUser: vi.fn(async () => {
        throw new GraphQLRequestError('Token revocato', 200, 'UNAUTHENTICATED');
      }),
      getNewAccessToken: vi.fn(async () => answerOf(renewed())),
    });
    const { store } = storeWith(api);
    await store.start();
    expect(api.getNewAccessToken).toHaveBeenCalledWith('refresh-1');
    expect(store.getState().session?.accessToken).toBe('access-2');
  });

  it('keeps a live stored session when the server cannot be reached', async () => {
    writeStoredSession(localStorage, sessionData());
    const { store } = storeWith(fakeApi({ loggedUser: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) }));
    await store.start();
    expect(store.getState().status).toBe('authenticated');
    expect(store.getState().session?.accessToken).toBe('access-1');
  });

  it('renews an expired access token with the stored refresh token', async () => {
    writeStoredSession(localStorage, sessionData({}, NOW, -5));
    const { store, api, setAccessToken, statuses } = storeWith(fakeApi({ getNewAccessToken: vi.fn(async () => answerOf(renewed())) }));
    await store.start();
    expect(api.loggedUser).not.toHaveBeenCalled();
    expect(api.getNewAccessToken).toHaveBeenCalledExactlyOnceWith('refresh-1');
    expect(statuses).toEqual(['starting', 'starting', 'authenticated']);
    expect(setAccessToken).toHaveBeenLastCalledWith('access-2');
    expect(readStoredSession(localStorage)?.refreshToken).toBe('refresh-2');
  });

  it('is logged out when the renewal is refused, forgetting the tokens', async () => {
    writeStoredSession(localStorage, sessionData({}, NOW, -5));
    const { store, setAccessToken } = storeWith();
    await store.start();
    expect(store.getState()).toEqual({ status: 'unauthenticated', session: null });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(setAccessToken).toHaveBeenLastCalledWith(null);
  });

  it('is logged out when both tokens expired', async () => {
    writeStoredSession(localStorage, sessionData({ rtExpires: NOW / 1000 - 1 }, NOW, -5));
    const { store, api } = storeWith();
    await store.start();
    expect(store.getState().status).toBe('unauthenticated');
    expect(api.getNewAccessToken).not.toHaveBeenCalled();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('runs once, however often it is asked', async () => {
    writeStoredSession(localStorage, sessionData({}, NOW, -5));
    const { store, api } = storeWith(fakeApi({ getNewAccessToken: vi.fn(async () => answerOf(renewed())) }));
    await Promise.all([store.start(), store.start()]);
    expect(api.getNewAccessToken).toHaveBeenCalledOnce();
  });
});

describe('login', () => {
  it("answers the server's message when refused, staying logged out", async () => {
    const { store, api } = storeWith();
    await store.start();
    await expect(store.login('anna.rossi@example.com', 'wrong')).resolves.toEqual({
      logged: false,
      message: 'Credenziali non valide',
      messageCode: 'INVALID_CREDENTIALS',
    });
    expect(api.basicLogin).toHaveBeenCalledWith('anna.rossi@example.com', 'wrong');
    expect(store.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('keeps the session, sends its token and pings the server one second later', async () => {
    const session = sessionData();
    const { store, api, setAccessToken } = storeWith(fakeApi({ basicLogin: vi.fn(async () => answerOf(session)) }));
    await store.start();
    await expect(store.login('anna.rossi@example.com', 'secret')).resolves.toEqual({ logged: true });
    expect(store.getState()).toEqual({ status: 'authenticated', session });
    expect(readStoredSession(localStorage)).toEqual(session);
    expect(setAccessToken).toHaveBeenLastCalledWith('access-1');

    await vi.advanceTimersByTimeAsync(999);
    expect(api.ping).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.ping).toHaveBeenCalledOnce();
  });

  it('lets a failed call through to the form', async () => {
    const { store } = storeWith(fakeApi({ basicLogin: vi.fn(async () => Promise.reject(new Error('HTTP 502'))) }));
    await store.start();
    await expect(store.login('a@b.it', 'x')).rejects.toThrow('HTTP 502');
    expect(store.getState().status).toBe('unauthenticated');
  });
});

describe('token renewal', () => {
  async function loggedIn(api = fakeApi()) {
    api.basicLogin.mockResolvedValue(answerOf(sessionData()));
    const created = storeWith(api);
    await created.store.start();
    await created.store.login('anna.rossi@example.com', 'secret');
    created.statuses.length = 0;
    return created;
  }

  it('renews 60 seconds before the access token expires, rotating the refresh token', async () => {
    const api = fakeApi();
    api.getNewAccessToken.mockImplementationOnce(async () => answerOf(renewed())); // 900 s from the renewal
    const { store, statuses, setAccessToken } = await loggedIn(api);

    await vi.advanceTimersByTimeAsync(840_000 - 1);
    expect(api.getNewAccessToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.getNewAccessToken).toHaveBeenCalledExactlyOnceWith('refresh-1');
    expect(statuses).toEqual(['refreshing', 'authenticated']);
    expect(store.getState().session?.accessToken).toBe('access-2');
    expect(readStoredSession(localStorage)?.refreshToken).toBe('refresh-2');
    expect(setAccessToken).toHaveBeenLastCalledWith('access-2');

    // The next renewal uses the new refresh token, 60 seconds before the new expiry.
    api.getNewAccessToken.mockImplementationOnce(async () =>
      answerOf(renewed({ accessToken: 'access-3', refreshToken: 'refresh-3' })),
    );
    await vi.advanceTimersByTimeAsync(840_000 - 1);
    expect(api.getNewAccessToken).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.getNewAccessToken).toHaveBeenCalledTimes(2);
    expect(api.getNewAccessToken).toHaveBeenLastCalledWith('refresh-2');
    expect(store.getState().session?.accessToken).toBe('access-3');
  });

  it('logs the user out when the renewal is refused', async () => {
    const { store, setAccessToken } = await loggedIn();
    await vi.advanceTimersByTimeAsync(840_000);
    expect(store.getState()).toEqual({ status: 'unauthenticated', session: null });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(setAccessToken).toHaveBeenLastCalledWith(null);
  });

  it('logs the user out when the renewal fails', async () => {
    const api = fakeApi({ getNewAccessToken: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) });
    const { store } = await loggedIn(api);
    await vi.advanceTimersByTimeAsync(840_000);
    expect(store.getState().status).toBe('unauthenticated');
  });

  it("takes another tab's renewal instead of spending the old refresh token again", async () => {
    const { store, api } = await loggedIn();
    writeStoredSession(localStorage, renewed()); // what the other tab stored
    await store.refresh();
    expect(api.getNewAccessToken).not.toHaveBeenCalled();
    expect(store.getState().session?.refreshToken).toBe('refresh-2');
  });

  it('stores the renewed session before the lock lets the next tab renew', async () => {
    const api = fakeApi({ basicLogin: vi.fn(async () => answerOf(sessionData())) });
    api.getNewAccessToken.mockResolvedValue(answerOf(renewed()));
    const seenByNextTab: (string | undefined)[] = [];
    const locks = {
      request: async (name: string, callback: () => Promise<unknown>) => {
        expect(name).toBe('istruttoria.session.refresh');
        const result = await callback();
        seenByNextTab.push(readStoredSession(localStorage)?.refreshToken);
        return result;
      },
    } as unknown as LockManager;
    const { store } = storeWith(api, locks);
    await store.start();
    await store.login('anna.rossi@example.com', 'secret');
    await store.refresh();
    expect(seenByNextTab).toEqual(['refresh-2']);
  });

  it('runs one renewal at a time', async () => {
    const api = fakeApi();
    api.getNewAccessToken.mockResolvedValue(answerOf(renewed()));
    const { store } = await loggedIn(api);
    await Promise.all([store.refresh(), store.refresh()]);
    expect(api.getNewAccessToken).toHaveBeenCalledOnce();
  });

  it("follows another tab's logout and login", async () => {
    const { store } = await loggedIn();
    const next = JSON.stringify(renewed());
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: next }));
    expect(store.getState().session?.accessToken).toBe('access-2');
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: null }));
    expect(store.getState().status).toBe('unauthenticated');
  });
});

describe('logout', () => {
  it('ends the session on the server and here', async () => {
    writeStoredSession(localStorage, sessionData());
    const { store, api, setAccessToken } = storeWith();
    await store.start();
    await expect(store.logout()).resolves.toBe(true);
    expect(api.logout).toHaveBeenCalledOnce();
    expect(store.getState()).toEqual({ status: 'unauthenticated', session: null });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(setAccessToken).toHaveBeenLastCalledWith(null);
  });

  it('forgets the tokens even when the server cannot be told, answering false', async () => {
    writeStoredSession(localStorage, sessionData());
    const { store } = storeWith(fakeApi({ logout: vi.fn(async () => Promise.reject(new Error('HTTP 502'))) }));
    await store.start();
    await expect(store.logout()).resolves.toBe(false);
    expect(store.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('stops the planned renewal', async () => {
    writeStoredSession(localStorage, sessionData());
    const { store, api } = storeWith();
    await store.start();
    await store.logout();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(api.getNewAccessToken).not.toHaveBeenCalled();
  });
});

describe('permissions changed by an administrator', () => {
  it('takes the new permissions into the session and its storage, and ignores the same ones', async () => {
    writeStoredSession(localStorage, sessionData({ permissions: [{ resource: 'dossiers', action: 'allow' }] }));
    const { store, statuses } = storeWith();
    await store.start();
    statuses.length = 0;
    store.updatePermissions([{ resource: 'dossiers', action: 'allow' }]);
    expect(statuses).toEqual([]);
    store.updatePermissions([
      { resource: 'Dossiers', action: 'ALLOW' },
      { resource: 'documents', action: 'deny' },
    ]);
    const expected = [
      { resource: 'dossiers', action: 'allow' },
      { resource: 'documents', action: 'deny' },
    ];
    expect(store.getState().session?.permissions).toEqual(expected);
    expect(readStoredSession(localStorage)?.permissions).toEqual(expected);
    expect(statuses).toEqual(['authenticated']);
  });

  it('changes nothing without a session', async () => {
    const { store } = storeWith();
    await store.start();
    store.updatePermissions([{ resource: '*', action: 'allow' }]);
    expect(store.getState()).toEqual({ status: 'unauthenticated', session: null });
    expect(readStoredSession(localStorage)).toBeNull();
  });
});
