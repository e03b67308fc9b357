import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi, REFUSED, sessionData, USER } from '../../test/session';
import type { UnauthenticatedHandler } from '../graphql/client';
import { parseSession, readStoredSession, writeStoredSession } from './session';
import { SessionStore } from './store';

const BRUNO = { email: 'bruno.verdi@example.com', firstName: 'Bruno', lastName: 'Verdi', avatar: null, createdAt: '2026-02-03T04:05:06Z' };
const bruno = () =>
  sessionData({ user: BRUNO, accessToken: 'access-bruno', refreshToken: 'refresh-bruno', permissions: [{ resource: 'dossier', action: 'allow' }], impersonated: true, impersonatedBy: USER });

let stores: SessionStore[] = [];
afterEach(() => {
  for (const store of stores) store.dispose();
  stores = [];
  vi.restoreAllMocks();
});

async function loggedIn(api = fakeApi()) {
  writeStoredSession(localStorage, sessionData());
  const setAccessToken = vi.fn<(token: string | null) => void>();
  let handler: UnauthenticatedHandler | null = null;
  const store = new SessionStore({ api, locks: null, setAccessToken, setUnauthenticatedHandler: (next) => (handler = next) });
  stores.push(store);
  await store.start();
  return { store, api, setAccessToken, handler: () => handler };
}

describe('impersonation', () => {
  it('keeps the current session aside and swaps in the target', async () => {
    const api = fakeApi({ impersonates: vi.fn(async () => answerOf(bruno())) });
    const { store, setAccessToken } = await loggedIn(api);
    await expect(store.impersonate(BRUNO.email)).resolves.toEqual({ logged: true });
    const session = store.getState().session;
    expect(session?.user.email).toBe(BRUNO.email);
    expect(session?.impersonated).toBe(true);
    expect(session?.impersonatedBy?.email).toBe(USER.email);
    expect(session?.permissions).toEqual([{ resource: 'dossier', action: 'allow' }]);
    expect(session?.impersonator?.user.email).toBe(USER.email);
    expect(session?.impersonator?.accessToken).toBe('access-1');
    expect(setAccessToken).toHaveBeenLastCalledWith('access-bruno');
    // Kept in local storage too, so a reload stays in the impersonation.
    expect(readStoredSession(localStorage)?.impersonator?.user.email).toBe(USER.email);
  });

  it('is refused while already impersonating, without asking the server', async () => {
    const api = fakeApi({ impersonates: vi.fn(async () => answerOf(bruno())) });
    const { store } = await loggedIn(api);
    await store.impersonate(BRUNO.email);
    await expect(store.impersonate('carla@example.com')).resolves.toMatchObject({ logged: false });
    expect(api.impersonates).toHaveBeenCalledOnce();
  });

  it("answers the server's refusal and keeps the session", async () => {
    const api = fakeApi({ impersonates: vi.fn(async () => ({ ...REFUSED, message: 'Non puoi impersonificare te stesso', messageCode: 'IMPERSONATE_SELF' })) });
    const { store } = await loggedIn(api);
    await expect(store.impersonate(USER.email)).resolves.toEqual({ logged: false, message: 'Non puoi impersonificare te stesso', messageCode: 'IMPERSONATE_SELF' });
    expect(store.getState().session?.user.email).toBe(USER.email);
  });

  it("ends with the impersonator's fresh session from the server", async () => {
    const fresh = sessionData({ accessToken: 'access-anna-2', refreshToken: 'refresh-anna-2' });
    const api = fakeApi({ impersonates: vi.fn(async () => answerOf(bruno())), endImpersonation: vi.fn(async () => answerOf(fresh)) });
    const { store, setAccessToken } = await loggedIn(api);
    await store.impersonate(BRUNO.email);
    await expect(store.endImpersonation()).resolves.toBe(true);
    const session = store.getState().session;
    expect(session?.user.email).toBe(USER.email);
    expect(session?.accessToken).toBe('access-anna-2');
    expect(session?.impersonated).toBe(false);
    expect(session?.impersonator).toBeNull();
    expect(setAccessToken).toHaveBeenLastCalledWith('access-anna-2');
  });

  it('restores the session kept aside when the server cannot end it', async () => {
    const api = fakeApi({ impersonates: vi.fn(async () => answerOf(bruno())), endImpersonation: vi.fn(async () => Promise.reject(new Error('HTTP 502'))) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = await loggedIn(api);
    await store.impersonate(BRUNO.email);
    await expect(store.endImpersonation()).resolves.toBe(true);
    expect(store.getState().session?.accessToken).toBe('access-1');
    expect(store.getState().session?.impersonated).toBe(false);
  });

  it('stays an impersonation across a token renewal', async () => {
    const api = fakeApi({
      impersonates: vi.fn(async () => answerOf(bruno())),
      getNewAccessToken: vi.fn(async () => answerOf(sessionData({ user: BRUNO, accessToken: 'access-bruno-2', refreshToken: 'refresh-bruno-2' }))),
    });
    const { store } = await loggedIn(api);
    await store.impersonate(BRUNO.email);
    await store.refresh();
    const session = store.getState().session;
    expect(session?.accessToken).toBe('access-bruno-2');
    expect(session?.impersonated).toBe(true);
    expect(session?.impersonator?.user.email).toBe(USER.email);
  });

  it('reads sessions stored before impersonation existed as not impersonated', () => {
    const { impersonated: _a, impersonatedBy: _b, impersonator: _c, ...old } = sessionData();
    const parsed = parseSession(JSON.stringify(old));
    expect(parsed?.impersonated).toBe(false);
    expect(parsed?.impersonator).toBeNull();
  });
});

describe('refused data requests', () => {
  it('hands the graphql client a handler that renews once, then logs out', async () => {
    const api = fakeApi({ getNewAccessToken: vi.fn(async () => answerOf(sessionData({ accessToken: 'access-2', refreshToken: 'refresh-2' }))) });
    const { store, handler } = await loggedIn(api);
    const registered = handler();
    expect(registered).not.toBeNull();
    await expect(registered?.refresh()).resolves.toBe(true);
    expect(store.getState().session?.accessToken).toBe('access-2');
    registered?.expire();
    expect(store.getState().status).toBe('unauthenticated');
    await expect(registered?.refresh()).resolves.toBe(false);
  });

  it('updates the own user data in the session', async () => {
    const { store } = await loggedIn();
    store.updateUser({ ...USER, firstName: 'Annalisa' });
    expect(store.getState().session?.user.firstName).toBe('Annalisa');
    expect(readStoredSession(localStorage)?.user.firstName).toBe('Annalisa');
    store.updateUser({ ...BRUNO, firstName: 'X' }); // someone else: ignored
    expect(store.getState().session?.user.email).toBe(USER.email);
  });
});
