import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18n, LANGUAGE_STORAGE_KEY } from '../../lib/i18n';
import { SessionProvider } from '../../lib/session';
import { SettingsProvider } from '../../lib/settings/SettingsContext';
import { loggedOutStore } from '../../test/session';
import { buildRouteObjects } from '../router';

async function renderPublic(url: string) {
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [url] });
  render(
    <I18nextProvider i18n={createI18n()}>
      <SettingsProvider>
        <SessionProvider store={await loggedOutStore()}>
          <RouterProvider router={router} />
        </SessionProvider>
      </SettingsProvider>
    </I18nextProvider>,
  );
  return router;
}

describe('public pages', () => {
  it.each(['/authentication/login', '/authentication/register', '/authentication/password-recovery', '/authentication/password-reset'])(
    '%s offers the language switch',
    async (url) => {
      await renderPublic(url);
      expect(await screen.findByRole('radio', { name: 'IT' })).toBeTruthy();
      expect(screen.getByRole('radio', { name: 'EN' })).toBeTruthy();
    },
  );

  it('switches the login to English and keeps the choice', async () => {
    await renderPublic('/authentication/login');
    fireEvent.click(await screen.findByRole('radio', { name: 'EN' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/authentication/register');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('leads from the login to the registration', async () => {
    const router = await renderPublic('/authentication/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Registrati' }));
    expect(router.state.location.pathname).toBe('/authentication/register');
    expect(await screen.findByRole('button', { name: 'Registrati' })).toBeTruthy();
  });
});
