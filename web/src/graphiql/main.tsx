/*
 * GraphiQL, bundled with the web app (graphiql.html, a second entry of the Vite build) and served
 * by the API on `GET /graphql` when ISTRUTTORIA_GRAPHIQL is on: its scripts and styles come from
 * this origin, so it works offline under the app's Content-Security-Policy. Requests carry the
 * access token of the web app's session in this browser, if there is one (editable in the
 * headers tab); subscriptions go over /graphql/ws with the same token.
 */
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SESSION_STORAGE_KEY } from '../lib/session/session';

/** The access token the web app keeps in local storage, if any. */
function storedAccessToken(): string | null {
  try {
    const session: unknown = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');
    const token = typeof session === 'object' && session !== null ? (session as { accessToken?: unknown }).accessToken : undefined;
    return typeof token === 'string' ? token : null;
  } catch {
    return null;
  }
}

const token = storedAccessToken();
const authorization = token === null ? {} : { Authorization: `Bearer ${token}` };
const fetcher = createGraphiQLFetcher({
  url: '/graphql',
  subscriptionUrl: `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/graphql/ws`,
  wsConnectionParams: authorization,
});

/** What a new visitor sees in the editor: who the token in the headers tab belongs to. */
const FIRST_QUERY = `# GraphQL di Istruttoria: Ctrl-Invio esegue, la documentazione è nel pannello Docs.
# Le richieste portano il token della sessione dell'app (scheda Headers).
{
  loggedUser {
    email
  }
}
`;

const root = document.getElementById('graphiql');
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <GraphiQL fetcher={fetcher} defaultQuery={FIRST_QUERY} defaultHeaders={JSON.stringify(authorization, null, 2)} />
    </StrictMode>,
  );
}
