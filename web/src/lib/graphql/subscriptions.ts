import { createClient, type Client } from 'graphql-ws';
import { useEffect, useRef, useState } from 'react';
import { currentAccessToken, onAccessTokenChange } from './client';
import type { TypedDocumentString } from './generated/graphql';

export const SUBSCRIPTION_ENDPOINT = '/graphql/ws';

/** `connecting` until the socket is up, `live` while events flow, `offline` when it failed (the screens poll anyway). */
export type LiveStatus = 'connecting' | 'live' | 'offline';

let client: Client | null = null;
/** Whether the socket is open now (a screen subscribing later starts "live"). */
let connected = false;

/**
 * The one WebSocket of the app (graphql-transport-ws), opened on the first subscription and
 * closed when the last one ends; it sends the access token in `connection_init` and reconnects
 * with the new one whenever the session renews it.
 */
function wsClient(): Client {
  if (client) return client;
  const url = new URL(SUBSCRIPTION_ENDPOINT, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const created = createClient({
    url: url.toString(),
    lazy: true,
    retryAttempts: Infinity,
    shouldRetry: () => true,
    connectionParams: () => {
      const token = currentAccessToken();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
  });
  created.on('connected', () => (connected = true));
  created.on('closed', () => (connected = false));
  onAccessTokenChange(() => created.terminate()); // reconnects with the new token
  client = created;
  return created;
}

/**
 * Subscribes to `document` while mounted (and while `enabled`), calling `onEvent` with each
 * event's data. Answers the connection's status, for a "live" badge.
 */
export function useSubscription<TResult, TVariables extends Record<string, unknown>>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  onEvent: (data: TResult) => void,
  enabled = true,
): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = JSON.stringify(variables);

  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') {
      setStatus('offline');
      return;
    }
    const ws = wsClient();
    setStatus(connected ? 'live' : 'connecting');
    const stopConnected = ws.on('connected', () => setStatus('live'));
    const stopClosed = ws.on('closed', () => setStatus('offline'));
    const unsubscribe = ws.subscribe<TResult>(
      { query: document.toString(), variables: JSON.parse(key) as TVariables },
      {
        next: (result) => {
          setStatus('live');
          if (result.data) handler.current(result.data);
        },
        error: () => setStatus('offline'),
        complete: () => undefined,
      },
    );
    return () => {
      unsubscribe();
      stopConnected();
      stopClosed();
    };
  }, [document, key, enabled]);

  return status;
}
