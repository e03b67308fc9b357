import { expect, test } from '@playwright/test';
import { ADMIN, loginThroughUi, SESSION_STORAGE_KEY, storedSession } from './fixtures';

// These tests start logged out, in a fresh browser context each.

test('a wrong password shows the server message and keeps the visitor on the login', async ({ page }) => {
  await page.goto('/authentication/login');
  await expect(page).toHaveTitle('Login · Istruttoria');
  await expect(page.getByLabel('Indirizzo Email')).toBeFocused();
  await loginThroughUi(page, { email: ADMIN.email, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toHaveText('Credenziali non valide');
  await expect(page).toHaveURL('/authentication/login');
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeEnabled();
  expect(await storedSession(page)).toBeNull();
});

test('the login form checks its fields before calling the server', async ({ page }) => {
  await page.goto('/authentication/login');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByText('Email obbligatoria')).toBeVisible();
  await expect(page.getByText('Campo obbligatorio')).toBeVisible();
  await page.getByLabel('Indirizzo Email').fill('admin');
  await expect(page.getByText('Email non valida')).toBeVisible();
});

test('opening a screen logged out shows the login, and logging in lands on that screen', async ({ page }) => {
  await page.goto('/datatables');
  await expect(page).toHaveURL('/authentication/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
  await expect(page.getByTestId('top-bar')).toHaveCount(0);

  await loginThroughUi(page);
  await expect(page).toHaveURL('/datatables');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datatables');
  await expect(page.getByTestId('sidebar-user')).toContainText(ADMIN.email);
});

test('a reload keeps the session', async ({ page }) => {
  await page.goto('/authentication/login');
  await loginThroughUi(page);
  await expect(page).toHaveURL('/');
  await page.getByTestId('nav-dossier').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dossier');

  await page.reload();
  await expect(page).toHaveURL('/dossier');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dossier');
  await expect(page.getByTestId('sidebar-user')).toContainText(ADMIN.email);

  // Logged in, the login screen sends the visitor away.
  await page.goto('/authentication/login');
  await expect(page).toHaveURL('/');
});

test('a stored session whose access token expired is renewed at start', async ({ page }) => {
  await page.goto('/authentication/login');
  await loginThroughUi(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  const first = await storedSession(page);
  expect(first).not.toBeNull();

  // Pretend the access token expired an hour ago: the start-up check must use the refresh token.
  await page.evaluate(
    ([key, session]) => localStorage.setItem(key, JSON.stringify({ ...session, atExpires: Math.floor(Date.now() / 1000) - 3600 })),
    [SESSION_STORAGE_KEY, first] as const,
  );
  await page.goto('/datatables');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datatables');
  const renewed = await storedSession(page);
  expect(renewed?.refreshToken).not.toBe(first?.refreshToken);
  expect(renewed?.accessToken).not.toBe(first?.accessToken);
  expect(renewed?.atExpires).toBeGreaterThan(Date.now() / 1000);
});

test('logging out from the user menu returns to the login', async ({ page }) => {
  await page.goto('/datatables');
  await loginThroughUi(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datatables');

  await page.getByTestId('user-menu-open').click();
  const menu = page.getByTestId('user-menu');
  await expect(menu).toContainText(ADMIN.email);
  await menu.getByRole('menuitem', { name: 'Esci' }).click();

  await expect(page).toHaveURL('/authentication/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
  expect(await storedSession(page)).toBeNull();

  // Logging in again goes to the dashboard: logout returned to /.
  await loginThroughUi(page);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
});

test('the user menu leads to the account settings', async ({ page }) => {
  await page.goto('/');
  await loginThroughUi(page);
  await page.getByTestId('user-menu-open').click();
  await page.getByTestId('user-menu').getByRole('menuitem', { name: 'Impostazioni account' }).click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account');
});

test('a failed logout says so and still forgets the session', async ({ page }) => {
  await page.goto('/');
  await loginThroughUi(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await page.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes('mutation Logout')) await route.fulfill({ status: 502, body: 'Bad Gateway' });
    else await route.continue();
  });

  await page.getByTestId('user-menu-open').click();
  await page.getByTestId('user-menu-logout').click();
  await expect(page.locator('.bp6-toast')).toContainText('Impossibile effettuare il logout');
  await expect(page).toHaveURL('/authentication/login');
  expect(await storedSession(page)).toBeNull();
});

test('the logo of the login screen leads to /', async ({ page }) => {
  await page.goto('/authentication/login');
  await page.getByTestId('public-logo').click();
  await expect(page).toHaveURL('/authentication/login'); // / needs a session: back to the login
  await page.getByRole('link', { name: 'Password dimenticata?' }).click();
  await expect(page).toHaveURL('/authentication/password-recovery');
});
