import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import type { createBrowserRouter } from 'react-router';
import { SessionProvider, type SessionStore } from '../lib/session';
import { SettingsProvider } from '../lib/settings/SettingsContext';

interface AppProps {
  i18n: i18n;
  router: ReturnType<typeof createBrowserRouter>;
  session: SessionStore;
}

export function App({ i18n, router, session }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <SettingsProvider>
        <SessionProvider store={session}>
          <RouterProvider router={router} />
        </SessionProvider>
      </SettingsProvider>
    </I18nextProvider>
  );
}
