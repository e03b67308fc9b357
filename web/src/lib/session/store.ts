import type { GrantedPermission } from '../permissions';
import { isUnauthenticated, setAccessToken, setUnauthenticatedHandler, type UnauthenticatedHandler } from '../graphql/client';
import { graphqlSessionApi, type AuthSessionAnswer, type SessionApi, type SessionUser } from './api';
import {
  clearStoredSession,
  normalizedPermissions,
  parseSession,
  readStoredSession,
  refreshDelayMs,
  SESSION_PING_DELAY_MS,
  SESSION_STORAGE_KEY,
  sessionFromAnswer,
  startupStep,
  writeStoredSession,
  type SessionData,
} from './session';

/**
 * `starting`: the start-up check runs; `refreshing`: the access token is being renewed (the guard
 * shows a loader for both); then `authenticated` or `unauthenticated` (docs/domain.md#sessions).
 */
export type SessionStatus = 'starting' | 'refreshing' | 'authenticated' | 'unauthenticated';

export interface SessionState {
  status: SessionStatus;
  /** The session while authenticated; during a refresh, the one being renewed. */
  session: SessionData | null;
}

/**
 * A login-like call's outcome; a refusal carries the server's `message` (Italian) and its
 * catalogue code (`refusalMessage` of lib/validation says it in the user's language).
 */
export type LoginResult = { logged: true } | { logged: false; message: string; messageCode: string | null };

const refusal = (answer: AuthSessionAnswer): LoginResult => ({ logged: false, message: answer.message ?? '', messageCode: answer.messageCode ?? null });

/** Refreshes in several tabs of one browser run one at a time (they share the refresh token). */
const REFRESH_LOCK = 'istruttoria.session.refresh';

export interface SessionStoreOptions {
  api?: SessionApi;
  storage?: Storage;
  now?: () => number;
  /** Where the bearer of the GraphQL client is set. */
  setAccessToken?: (token: string | null) => void;
  /** Web Locks, to serialise refreshes across tabs; `null` runs them unlocked. */
  locks?: LockManager | null;
  /** Where data requests learn how to renew a refused token (see `graphqlRequest`). */
  setUnauthenticatedHandler?: (handler: UnauthenticatedHandler | null) => void;
}

/**
 * The session: holds it, keeps it in local storage, checks it at start, renews the access token
 * before it expires (rotating the refresh token) and follows logins and logouts of other tabs.
 */
export class SessionStore {
  private state: SessionState = { status: 'starting', session: null };
  private readonly listeners = new Set<() => void>();
  private readonly api: SessionApi;
  private readonly storage: Storage;
  private readonly now: () => number;
  private readonly applyAccessToken: (token: string | null) => void;
  private readonly locks: LockManager | null;
  private readonly registerUnauthenticatedHandler: (handler: UnauthenticatedHandler | null) => void;
  private started = false;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setTimeout> | undefined;
  private refreshing: Promise<boolean> | null = null;
  private readonly cleanups: (() => void)[] = [];

  constructor(options: SessionStoreOptions = {}) {
    this.api = options.api ?? graphqlSessionApi;
    this.storage = options.storage ?? localStorage;
    this.now = options.now ?? Date.now;
    this.applyAccessToken = options.setAccessToken ?? setAccessToken;
    this.locks = options.locks === undefined ? (globalThis.navigator?.locks ?? null) : options.locks;
    this.registerUnauthenticatedHandler = options.setUnauthenticatedHandler ?? setUnauthenticatedHandler;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): SessionState => this.state;

  /** The start-up check (once): verify a live stored token, renew an expired one, or stay logged out. */
  start(): Promise<void> {
    if (this.started) return Promise.resolve();
    this.started = true;
    this.listen();
    // A data request refused UNAUTHENTICATED: one renewal, and logged out when that fails too.
    this.registerUnauthenticatedHandler({
      refresh: () => (this.state.status === 'unauthenticated' ? Promise.resolve(false) : this.refresh()),
      expire: () => this.expire(),
    });
    this.cleanups.push(() => this.registerUnauthenticatedHandler(null));
    const stored = readStoredSession(this.storage);
    switch (startupStep(stored, this.now())) {
      case 'verify':
        return this.verify(stored as SessionData);
      case 'refresh':
        this.set({ status: 'starting', session: stored });
        return this.refresh().then(() => undefined);
      case 'none':
        this.endSession();
        return Promise.resolve();
    }
  }

  /** `basicLogin`; a refusal answers the server's message, a failed call throws. */
  async login(email: string, password: string): Promise<LoginResult> {
    const answer = await this.api.basicLogin(email, password);
    const session = sessionFromAnswer(answer);
    if (session === null) return refusal(answer);
    this.adopt(session);
    clearTimeout(this.pingTimer);
    this.pingTimer = setTimeout(() => {
      if (this.state.status === 'authenticated') void this.api.ping().catch((error: unknown) => console.warn('session ping failed', error));
    }, SESSION_PING_DELAY_MS);
    return { logged: true };
  }

  /**
   * The session's permissions as the server has them now (`permissionsChanged`): what the
   * screens offer follows an administrator's change without a new login.
   */
  updatePermissions(permissions: readonly GrantedPermission[]): void {
    const session = this.state.session;
    if (this.state.status !== 'authenticated' || session === null) return;
    const next = normalizedPermissions(permissions);
    if (JSON.stringify(next) === JSON.stringify(session.permissions)) return;
    const updated = { ...session, permissions: next };
    writeStoredSession(this.storage, updated);
    this.set({ status: 'authenticated', session: updated });
  }

  /**
   * Takes the session of a login-like answer (`register`, `resetPassword`): a refusal answers the
   * server's message.
   */
  accept(answer: AuthSessionAnswer): LoginResult {
    const session = sessionFromAnswer(answer);
    if (session === null) return refusal(answer);
    this.adopt(session);
    return { logged: true };
  }

  /**
   * Impersonates `email` (`impersonates`): the current user, tokens and permissions are kept aside
   * and the target's take their place. Impossible while already impersonating. A refusal answers
   * the server's message, a failed call throws.
   */
  async impersonate(email: string): Promise<LoginResult> {
    const current = this.state.session;
    if (this.state.status !== 'authenticated' || current === null || current.impersonated) {
      return { logged: false, message: '', messageCode: null };
    }
    const answer = await this.api.impersonates(email);
    const session = sessionFromAnswer(answer);
    if (session === null) return refusal(answer);
    this.adopt({ ...session, impersonated: true, impersonator: current });
    return { logged: true };
  }

  /**
   * Ends the impersonation (`endImpersonation`, which answers the impersonator's fresh session).
   * When the server cannot give it, the session kept aside at the start is restored (and renewed
   * if its access token expired meanwhile). Answers whether an impersonation was ended.
   */
  async endImpersonation(): Promise<boolean> {
    const current = this.state.session;
    if (current === null || !current.impersonated) return false;
    try {
      const next = sessionFromAnswer(await this.api.endImpersonation());
      if (next !== null) {
        this.adopt(next);
        return true;
      }
    } catch (error) {
      console.error('endImpersonation failed', error);
    }
    if (current.impersonator === null) return false;
    this.adopt(current.impersonator); // an expired access token is renewed at once (scheduleRefresh)
    return true;
  }

  /** The logged-in user's data changed (own name, avatar): the session shows the new one. */
  updateUser(user: SessionUser): void {
    const current = this.state.session;
    if (this.state.status !== 'authenticated' || current === null || current.user.email !== user.email) return;
    const session = { ...current, user };
    writeStoredSession(this.storage, session);
    this.set({ status: 'authenticated', session });
  }

  /** Ends the session here only: the server refused the renewed token too. */
  expire(): void {
    if (this.state.status !== 'unauthenticated') this.endSession();
  }

  /** Ends the session on the server (`logout`) and here; answers whether the server call worked. */
  async logout(): Promise<boolean> {
    let ended = true;
    try {
      await this.api.logout();
    } catch (error) {
      console.error('logout failed', error);
      ended = false;
    }
    // Even when the server could not be told, this browser forgets the tokens.
    this.endSession();
    return ended;
  }

  /**
   * Renews the access token with the refresh token (`getNewAccessToken`). A refusal or a failed
   * call ends the session. Answers whether the user is still logged in.
   */
  refresh(): Promise<boolean> {
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** Stops timers and listeners (tests). */
  dispose(): void {
    clearTimeout(this.refreshTimer);
    clearTimeout(this.pingTimer);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.listeners.clear();
  }

  private async verify(stored: SessionData): Promise<void> {
    this.applyAccessToken(stored.accessToken);
    this.set({ status: 'starting', session: stored });
    try {
      const user = await this.api.loggedUser();
      const current = this.state.session;
      // A login or logout may have happened meanwhile (another tab): then that one stands.
      if (this.state.status !== 'starting' || current?.accessToken !== stored.accessToken) return;
      this.adopt({ ...stored, user });
    } catch (error) {
      if (this.state.status !== 'starting') return;
      if (isUnauthenticated(error)) {
        await this.refresh(); // revoked or signed with another key: the refresh token decides
      } else {
        // The server could not be asked (offline, restarting): the token is still within its life.
        console.warn('could not verify the stored session', error);
        this.adopt(stored);
      }
    }
  }

  private async runRefresh(): Promise<boolean> {
    const current = this.state.session ?? readStoredSession(this.storage);
    if (current === null) {
      this.endSession();
      return false;
    }
    this.set({ status: this.state.status === 'starting' ? 'starting' : 'refreshing', session: current });
    const renew = () => this.renew(current);
    const next = this.locks === null ? await renew() : await this.locks.request(REFRESH_LOCK, renew);
    if (this.state.status === 'unauthenticated') return false; // logged out meanwhile
    if (next === null) {
      this.endSession();
      return false;
    }
    this.adopt(next);
    return true;
  }

  /** Inside the lock: the session after renewing `current`, or `null` when it is over. */
  private async renew(current: SessionData): Promise<SessionData | null> {
    // Another tab may have renewed (the old refresh token is spent: using it again would revoke
    // the session) or logged out while this one waited.
    const stored = readStoredSession(this.storage);
    if (stored === null) return null;
    if (stored.refreshToken !== current.refreshToken && refreshDelayMs(stored.atExpires, this.now()) > 0) return stored;
    try {
      const answer = await this.api.getNewAccessToken(stored.refreshToken);
      const renewed = sessionFromAnswer(answer);
      // An impersonation stays one across renewals, with the session kept aside.
      const next =
        renewed !== null && current.impersonated
          ? {
              ...renewed,
              impersonated: true,
              impersonatedBy: renewed.impersonatedBy ?? current.impersonatedBy,
              impersonator: current.impersonator,
            }
          : renewed;
      if (next === null) {
        console.warn('refresh refused:', answer.messageCode, answer.message);
      } else {
        // Stored before the lock is released, so the next tab in line sees the new refresh token.
        writeStoredSession(this.storage, next);
      }
      return next;
    } catch (error) {
      console.error('refresh failed', error);
      return null;
    }
  }

  /** Takes `session` as the current one: stores it, sends its token, plans its renewal. */
  private adopt(session: SessionData): void {
    writeStoredSession(this.storage, session);
    this.applyAccessToken(session.accessToken);
    this.set({ status: 'authenticated', session });
    this.scheduleRefresh();
  }

  private endSession(): void {
    clearTimeout(this.refreshTimer);
    clearTimeout(this.pingTimer);
    clearStoredSession(this.storage);
    this.applyAccessToken(null);
    this.set({ status: 'unauthenticated', session: null });
  }

  private scheduleRefresh(): void {
    clearTimeout(this.refreshTimer);
    const session = this.state.session;
    if (this.state.status !== 'authenticated' || session === null) return;
    this.refreshTimer = setTimeout(() => void this.refresh(), refreshDelayMs(session.atExpires, this.now()));
  }

  /** Other tabs' logins, renewals and logouts; a timer that slept with the computer. */
  private listen(): void {
    if (typeof window === 'undefined') return;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
      const next = event.newValue === null ? null : parseSession(event.newValue);
      if (next === null) {
        if (this.state.status === 'authenticated') this.endSession();
      } else if (next.accessToken !== this.state.session?.accessToken && this.refreshing === null) {
        this.applyAccessToken(next.accessToken);
        this.set({ status: 'authenticated', session: next });
        this.scheduleRefresh();
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') this.scheduleRefresh();
    };
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    this.cleanups.push(
      () => window.removeEventListener('storage', onStorage),
      () => document.removeEventListener('visibilitychange', onVisible),
    );
  }

  private set(state: SessionState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
