import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import type { createBrowserRouter } from 'react-router';
import { SettingsProvider } from '../lib/settings/SettingsContext';

interface AppProps {
  i18n: i18n;
  router: ReturnType<typeof createBrowserRouter>;
}

export function App({ i18n, router }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <SettingsProvider>
        <RouterProvider router={router} />
      </SettingsProvider>
    </I18nextProvider>
  );
}
