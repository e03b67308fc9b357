import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useSubscription } from '../graphql/subscriptions';
import { canWith, type Can } from '../permissions';
import { PermissionsChangedSubscription } from './api';
import type { SessionState, SessionStore } from './store';

const SessionContext = createContext<SessionStore | null>(null);

/** Hands the session store (created and started once, in main.tsx) to the screens. */
export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext value={store}>{children}</SessionContext>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (store === null) throw new Error('useSessionStore needs a <SessionProvider>');
  return store;
}

/** The session's state, re-rendering on every change. */
export function useSession(): SessionState {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getState);
}

/** The permission checks of the logged-in user; nothing passes without a session. */
export function useCan(): Can {
  const { session } = useSession();
  const permissions = session?.permissions;
  return useMemo(() => canWith(permissions ?? []), [permissions]);
}

/**
 * Keeps the session's permissions as the server has them while signed in: an administrator's
 * change of the user's roles or policies reaches the open screens at once (`permissionsChanged`).
 */
export function useFollowPermissions(): void {
  const store = useSessionStore();
  const { status } = useSession();
  useSubscription(PermissionsChangedSubscription, {}, (data) => store.updatePermissions(data.permissionsChanged), status === 'authenticated');
}
