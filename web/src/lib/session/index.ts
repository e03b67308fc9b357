export { graphqlSessionApi, type SessionApi, type SessionUser } from './api';
export { LOGIN_PATH, rememberedPath, type LoginRedirectState } from './redirect';
export { initials, SESSION_STORAGE_KEY, type SessionData } from './session';
export { SessionProvider, useCan, useFollowPermissions, useSession, useSessionStore } from './SessionContext';
export { SessionStore, type LoginResult, type SessionState, type SessionStatus } from './store';
