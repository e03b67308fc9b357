import { expectAccessible } from './a11y';
import { test } from './fixtures';

// axe-core (WCAG 2.1 A/AA) on every screen reachable without parameters, as the administrator:
// no serious or critical violation. The screens with parameters are checked by their own specs
// (dossiers, document, import, types-datatables-rules).
const SCREENS = [
  '/',
  '/dossier',
  '/dossier/import',
  '/tipologie/documenti',
  '/tipologie/documenti/nuova',
  '/tipologie/dossier',
  '/tipologie/dossier/nuova',
  '/regole',
  '/datatables',
  '/datatables/nuova',
  '/users',
  '/users/new',
  '/roles',
  '/notifications',
  '/jobs',
  '/account',
];

for (const path of SCREENS) {
  test(`${path} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, path);
  });
}
