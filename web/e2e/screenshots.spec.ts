import { test as loggedOut, type Page } from '@playwright/test';
import { ADMIN, test } from './fixtures';
import { dossierWithFailedCallback } from './jobs';

// Screenshots for looking at the shell, taken only when SCREENSHOT_DIR is set:
//   SCREENSHOT_DIR=/tmp/web-shots npm run e2e -- screenshots
// `test` starts logged in (fixtures.ts), `loggedOut` does not.
const dir = process.env.SCREENSHOT_DIR;
test.skip(!dir, 'set SCREENSHOT_DIR to take screenshots');
loggedOut.skip(!dir, 'set SCREENSHOT_DIR to take screenshots');

async function open(page: Page, path: string, settings: object, language = 'it') {
  await page.addInitScript(
    ([settings, language]) => {
      localStorage.setItem('istruttoria.settings', settings);
      localStorage.setItem('istruttoria.language', language);
    },
    [JSON.stringify(settings), language],
  );
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${dir}/${name}.png` });

async function openSettings(page: Page) {
  await page.getByTestId('settings-open').click();
  await page.getByTestId('settings-drawer').waitFor();
  await page.waitForTimeout(400); // the drawer slides in
}

test.use({ viewport: { width: 1440, height: 900 } });
loggedOut.use({ viewport: { width: 1440, height: 900 } });

test('desktop, Italian, light', async ({ page }) => {
  await open(page, '/', { theme: 'LIGHT' });
  await shot(page, 'desktop-it-light');
  await openSettings(page);
  await shot(page, 'desktop-it-light-settings');
});

test('desktop, English, dark', async ({ page }) => {
  await open(page, '/dossier/import', { theme: 'DARK' }, 'en');
  await shot(page, 'desktop-en-dark');
  await openSettings(page);
  await shot(page, 'desktop-en-dark-settings');
});

test('desktop, NATURE', async ({ page }) => {
  await open(page, '/playground/dossier', { theme: 'NATURE' });
  await shot(page, 'desktop-nature');
});

test('desktop, compact, square corners, right to left', async ({ page }) => {
  await open(page, '/tipologie/documenti', { theme: 'LIGHT', compact: true, roundedCorners: false, direction: 'rtl' });
  await shot(page, 'desktop-compact-square-rtl');
});

test('404', async ({ page }) => {
  await open(page, '/nessuna/pagina', { theme: 'LIGHT' });
  await shot(page, 'desktop-404');
});

test('user menu open', async ({ page }) => {
  await open(page, '/', { theme: 'LIGHT' });
  await page.getByTestId('user-menu-open').click();
  await page.getByTestId('user-menu').waitFor();
  await page.waitForTimeout(300); // the popover fades in
  await shot(page, 'desktop-user-menu');
});

test('user menu open, English, dark', async ({ page }) => {
  await open(page, '/datatables', { theme: 'DARK' }, 'en');
  await page.getByTestId('user-menu-open').click();
  await page.getByTestId('user-menu').waitFor();
  await page.waitForTimeout(300);
  await shot(page, 'desktop-en-dark-user-menu');
});

loggedOut('login, Italian, light, then refused', async ({ page }) => {
  await open(page, '/authentication/login', { theme: 'LIGHT' });
  await shot(page, 'desktop-login');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByText('Email obbligatoria').waitFor();
  await shot(page, 'desktop-login-invalid');
  await page.getByLabel('Indirizzo Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.getByRole('alert').waitFor();
  await shot(page, 'desktop-login-error');
});

loggedOut('login, English, dark', async ({ page }) => {
  await open(page, '/authentication/login', { theme: 'DARK' }, 'en');
  await shot(page, 'desktop-login-en-dark');
});

loggedOut('login, NATURE, on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 760 });
  await open(page, '/authentication/login', { theme: 'NATURE' });
  await shot(page, 'phone-login-nature');
});

test('small screen, drawer open', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await open(page, '/validazione', { theme: 'LIGHT' });
  await page.getByTestId('sidebar-toggle').click();
  await page.getByTestId('sidebar').waitFor();
  await page.waitForTimeout(400); // the drawer slides in
  await shot(page, 'small-drawer-open');
});

test('jobs dashboard: 1440 and 390, light and dark, the detail, right to left', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  // A failed job to show (its dossier's callback address is refused at once).
  const { job } = await dossierWithFailedCallback(page);
  const jobsShot = async (name: string, settings: object, language = 'it') => {
    await open(page, '/jobs', settings, language);
    await page.getByTestId(`row-${job.id}`).waitFor();
    await page.getByTestId('job-worker').first().waitFor();
    await shot(page, name);
  };
  // The whole page: the content scrolls inside the shell, so a viewport tall enough shows it all.
  const tallShot = async (name: string, width: number, height: number) => {
    const viewport = page.viewportSize();
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await shot(page, name);
    if (viewport) await page.setViewportSize(viewport);
  };
  const openDetail = async () => {
    await page.getByTestId(`row-${job.id}`).getByTestId('failed-job-open').click();
    await page.getByTestId('detail-history').waitFor();
    await page.waitForTimeout(600); // the drawer slides in, the code viewer loads
  };
  await jobsShot('desktop-jobs', { theme: 'LIGHT' });
  await tallShot('desktop-jobs-full', 1440, 2200);
  await jobsShot('desktop-jobs-en-dark', { theme: 'DARK' }, 'en');
  await tallShot('desktop-jobs-en-dark-full', 1440, 2200);
  await openDetail();
  await shot(page, 'desktop-jobs-detail-en-dark');
  await jobsShot('desktop-jobs-nature-rtl', { theme: 'NATURE', direction: 'rtl' });
  await tallShot('desktop-jobs-nature-rtl-full', 1440, 2200);
  await openDetail();
  await shot(page, 'desktop-jobs-detail-nature-rtl');

  // A phone: each part of the page scrolled into view in turn.
  const sections = async (name: string) => {
    for (const [part, testId] of [
      ['chart', 'jobs-chart'],
      ['failed', 'failed-jobs'],
      ['workers', 'job-workers'],
    ]) {
      await page.getByTestId(testId).scrollIntoViewIfNeeded();
      await page.waitForTimeout(200);
      await shot(page, `${name}-${part}`);
    }
  };
  await page.setViewportSize({ width: 390, height: 844 });
  await jobsShot('phone-jobs', { theme: 'LIGHT' });
  await sections('phone-jobs');
  await jobsShot('phone-jobs-dark', { theme: 'DARK' });
  await sections('phone-jobs-dark');
  await openDetail();
  await shot(page, 'phone-jobs-detail-dark');
});

test('users, right to left', async ({ page }) => {
  await open(page, '/users', { theme: 'LIGHT', direction: 'rtl' });
  await page.getByTestId('users-table').locator('tbody tr').first().waitFor();
  await shot(page, 'desktop-users-rtl');
  await openSettings(page);
  await shot(page, 'desktop-users-rtl-settings');
});

test('users and roles on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/users', { theme: 'LIGHT' });
  await page.getByTestId('users-table').locator('tbody tr').first().waitFor();
  await shot(page, 'phone-users');
  await open(page, '/roles?tab=groups', { theme: 'DARK' }, 'en');
  await shot(page, 'phone-groups-en-dark');
});

test('settings drawer, NATURE', async ({ page }) => {
  await open(page, '/roles', { theme: 'NATURE' });
  await openSettings(page);
  await shot(page, 'desktop-nature-settings');
});

test('rule validation, Italian, light', async ({ page }) => {
  await open(page, '/validazione', { theme: 'LIGHT' });
  await page.getByTestId('validations-table').waitFor();
  await shot(page, 'desktop-validations');
  await open(page, '/validazione?tab=documenti', { theme: 'LIGHT' });
  await page.getByTestId('validation-documents-table').waitFor();
  await shot(page, 'desktop-validation-documents');
  await open(page, '/validazione/nuova', { theme: 'LIGHT' });
  await shot(page, 'desktop-validation-new');
});

test('rule validation on a phone, English, dark', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/validazione', { theme: 'DARK' }, 'en');
  await page.getByTestId('validations-table').waitFor();
  await shot(page, 'phone-validations-en-dark');
  await open(page, '/validazione/nuova', { theme: 'DARK' }, 'en');
  await shot(page, 'phone-validation-new-en-dark');
});
