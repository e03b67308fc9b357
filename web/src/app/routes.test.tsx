import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../lib/i18n';
import { SettingsProvider } from '../lib/settings/SettingsContext';
import { buildRouteObjects } from './router';
import { ROUTES } from './routes';

/** Every path of §2 of both specs. */
const SPEC_PATHS = [
  '/',
  '/dashboard',
  '/account',
  '/playground/dossier',
  '/playground/dossier/nuova',
  '/playground/dossier/:id/aggiorna',
  '/playground/documenti',
  '/playground/documenti/nuova',
  '/playground/documenti/:id/aggiorna',
  '/users',
  '/users/new',
  '/users/modifica/:id',
  '/roles',
  '/roles/new/ruolo',
  '/roles/new/gruppo',
  '/roles/nuova/policy',
  '/notifications',
  '/validazione',
  '/validazione/nuova',
  '/validazione/:id',
  '/dossier',
  '/dossier/import',
  '/dossier/dettagli/:id',
  '/dossier/:id',
  '/dossier/dettagli/:id/documenti',
  '/dossier/dettagli/:dossierId/documenti/:docId',
  '/dossier/dettagli/:dossierId/documenti/:docId/regole',
  '/tipologie/documenti',
  '/tipologie/documenti/nuova',
  '/tipologie/documenti/dettagli/:name',
  '/tipologie/dossier',
  '/tipologie/dossier/nuova',
  '/tipologie/dossier/dettagli/:name',
  '/regole',
  '/regole/dettagli/:id',
  '/datatables',
  '/datatables/nuova',
  '/datatables/dettagli/:name',
  '/datatables/:name',
];

const PUBLIC_PATHS = [
  '/authentication/login',
  '/authentication/register',
  '/authentication/register-unguarded',
  '/authentication/password-recovery',
  '/authentication/password-reset',
];

/** The route pattern a real URL lands on. */
function patternOf(url: string): string | undefined {
  return matchRoutes(buildRouteObjects(), url)?.at(-1)?.route.path;
}

function renderAt(url: string) {
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [url] });
  render(
    <I18nextProvider i18n={createI18n()}>
      <SettingsProvider>
        <RouterProvider router={router} />
      </SettingsProvider>
    </I18nextProvider>,
  );
}

describe('route table', () => {
  it('has exactly the screens of both specs, the authentication ones public', () => {
    expect(ROUTES.filter((route) => !route.public).map((route) => route.path).sort()).toEqual([...SPEC_PATHS].sort());
    expect(ROUTES.filter((route) => route.public).map((route) => route.path).sort()).toEqual([...PUBLIC_PATHS].sort());
  });

  it('gives every screen a title (English has every Italian key: see i18n.test.ts)', () => {
    const i18n = createI18n();
    for (const route of ROUTES) expect(i18n.exists(route.titleKey), route.titleKey).toBe(true);
  });

  it.each([
    ['/dossier/import', '/dossier/import'],
    ['/dossier/42', '/dossier/:id'],
    ['/dossier/dettagli/42/documenti/7', '/dossier/dettagli/:dossierId/documenti/:docId'],
    ['/datatables/nuova', '/datatables/nuova'],
    ['/datatables/province', '/datatables/:name'],
    ['/validazione/nuova', '/validazione/nuova'],
    ['/users/modifica/anna@example.com', '/users/modifica/:id'],
    ['/roles?tab=policies', '/roles'],
    ['/no/such/screen', '*'],
  ])('sends %s to %s', (url, pattern) => {
    expect(patternOf(url)).toBe(pattern);
  });

  it('shows a screen not built yet as not available, naming it and its path', async () => {
    renderAt('/dossier/import');
    expect(await screen.findByRole('heading', { level: 1, name: 'Import' })).toBeTruthy();
    expect(screen.getByText('Non ancora disponibile')).toBeTruthy();
    expect(screen.getByText(/«Import» \(\/dossier\/import\)/)).toBeTruthy();
    expect(document.title).toBe('Import · Istruttoria');
  });

  it('shows the authentication screens outside the authenticated layout', async () => {
    renderAt('/authentication/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(screen.queryByTestId('top-bar')).toBeNull();
  });

  it('shows a 404 page for an unknown path', async () => {
    renderAt('/no/such/screen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeTruthy();
    expect(screen.getByText(/\/no\/such\/screen/)).toBeTruthy();
  });
});
