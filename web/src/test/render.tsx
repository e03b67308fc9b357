import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { SWRConfig } from 'swr';
import { createI18n } from '../lib/i18n';
import { SessionProvider, type SessionStore } from '../lib/session';
import { loggedInStore } from './session';

/** Shows where the router went: path and query. */
export function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

interface RenderOptions {
  store?: SessionStore;
  url?: string;
  state?: unknown;
  language?: 'it' | 'en';
}

/**
 * Renders `routes` (plus a catch-all showing the location) at `url`, with i18n, a session (logged
 * in as the test user unless given) and a fresh SWR cache.
 */
export async function renderRoutes(routes: RouteObject[], { store, url = '/', state, language = 'it' }: RenderOptions = {}) {
  const router = createMemoryRouter([...routes, { path: '*', element: <Where /> }], {
    initialEntries: [{ pathname: url.split('?')[0] ?? url, search: url.includes('?') ? `?${url.split('?')[1]}` : '', state }],
  });
  const i18n = createI18n();
  if (language !== 'it') await i18n.changeLanguage(language);
  const session = store ?? (await loggedInStore());
  const wrap = (node: ReactNode) => (
    <I18nextProvider i18n={i18n}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
        <SessionProvider store={session}>{node}</SessionProvider>
      </SWRConfig>
    </I18nextProvider>
  );
  const result = render(wrap(<RouterProvider router={router} />));
  return { router, store: session, ...result };
}
