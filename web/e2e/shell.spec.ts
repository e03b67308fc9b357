import { ADMIN, expect, test } from './fixtures';

// Every test here starts logged in as the administrator (see fixtures.ts).

/** Every sidebar entry: its test id, the path it opens and that screen's Italian title. */
const SIDEBAR = [
  ['nav-playground-dossier', '/playground/dossier', 'Playground dossier'],
  ['nav-playground-documenti', '/playground/documenti', 'Playground documenti'],
  ['nav-validazione', '/validazione', 'Validazione'],
  ['nav-account', '/account', 'Account'],
  ['nav-dossier', '/dossier', 'Dossier'],
  ['nav-tipologie-documenti', '/tipologie/documenti', 'Tipologie documenti'],
  ['nav-datatables', '/datatables', 'Datatables'],
  ['nav-regole', '/regole', 'Regole'],
  ['nav-users', '/users', 'Utenti'],
  ['nav-roles', '/roles', 'Ruoli, policy e gruppi'],
  ['nav-notifications', '/notifications', 'Notifiche'],
  ['nav-dashboard', '/', 'Dashboard'],
] as const;

test('opening / shows the shell in Italian', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('top-bar')).toContainText('Istruttoria');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page).toHaveTitle('Dashboard · Istruttoria');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toContainText('Generale');
  await expect(sidebar).toContainText('Tabelle');
  await expect(sidebar).toContainText('Tipologie Documenti');
  await expect(sidebar).toContainText('Versione 1.0.18');
  await expect(page.getByTestId('sidebar-user')).toContainText(ADMIN.email);
  await expect(page.getByTestId('nav-dashboard')).toHaveClass(/sidebar__entry--active/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
});

test('switching to English changes the texts and survives a reload', async ({ page }) => {
  await page.goto('/validazione');
  await page.getByRole('radio', { name: 'EN' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Validation');
  await expect(page.getByTestId('sidebar')).toContainText('Document types');
  await expect(page.getByRole('tab', { name: 'Validation documents' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Validation');
  await expect(page).toHaveTitle('Validation · Istruttoria');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('radio', { name: 'EN' })).toHaveAttribute('aria-checked', 'true');
});

test('the dark theme chosen in the settings drawer is applied and survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);

  await page.getByTestId('settings-open').click();
  const drawer = page.getByTestId('settings-drawer');
  await drawer.getByRole('radio', { name: 'Scuro' }).click();
  await page.getByTestId('settings-save').click();
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await expect(drawer).toBeHidden();
  await expect(page.locator('.bp6-toast')).toContainText('Impostazioni salvate');
  // The toast sits under the top bar and the page header's line, not over their buttons.
  const bar = await page.getByTestId('top-bar').boundingBox();
  const header = await page.locator('.page-header').boundingBox();
  const shown = await page.locator('.bp6-toast').first().boundingBox();
  expect(shown && bar && header && shown.y >= bar.y + bar.height && shown.y >= header.y + header.height - 4).toBe(true);

  await page.reload();
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  const background = await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
  expect(background).toBe('rgb(28, 33, 39)');
});

test('NATURE colours the switches, the selected tab and the primary buttons with its own green', async ({ page }) => {
  await page.goto('/roles');
  await page.getByTestId('settings-open').click();
  await page.getByTestId('settings-drawer').getByRole('radio', { name: 'Natura' }).click();
  await page.getByTestId('settings-save').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'nature');
  const green = 'rgb(91, 127, 58)';
  const background = (selector: string) => page.locator(selector).first().evaluate((element) => getComputedStyle(element).backgroundColor);
  await expect.poll(() => background('[data-testid=roles-new]')).toBe(green);
  // The selected tab: its text and its underline (tabs draw it themselves, no sliding indicator).
  const selected = page.getByRole('tab', { name: 'Ruoli' });
  const tab = await selected.evaluate((element) => ({ color: getComputedStyle(element).color, underline: getComputedStyle(element).boxShadow }));
  expect(tab.color).toBe('rgb(59, 85, 36)');
  expect(tab.underline).toContain(green);

  await page.getByTestId('settings-open').click();
  const on = page.getByTestId('settings-drawer').locator('.bp6-switch input:checked ~ .bp6-control-indicator').first();
  await expect.poll(() => on.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(green);
});

test('right to left: the sidebar at the right, the layout mirrored', async ({ page }) => {
  await page.goto('/users');
  await page.getByTestId('settings-open').click();
  await page.getByTestId('settings-drawer').getByRole('radio', { name: 'Da destra a sinistra' }).click();
  await page.getByTestId('settings-save').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const sidebar = await page.getByTestId('sidebar').boundingBox();
  const content = await page.locator('main').boundingBox();
  expect(sidebar && content && sidebar.x > content.x).toBe(true);
  // The toast is at the end of the line: the left.
  const shown = await page.locator('.bp6-toast').first().boundingBox();
  expect(shown && shown.x < 720).toBe(true);
});

test('every sidebar entry changes the URL and the page title', async ({ page }) => {
  await page.goto('/');
  for (const [testId, path, title] of SIDEBAR) {
    await page.getByTestId(testId).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} · Istruttoria`);
    await expect(page.getByTestId(testId)).toHaveClass(/sidebar__entry--active/);
  }
});

test('on a small screen the sidebar is a drawer that closes after choosing an entry', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/');
  await expect(page.getByTestId('sidebar')).toBeHidden();

  await page.getByTestId('sidebar-toggle').click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.getByTestId('nav-datatables').click();

  await expect(page).toHaveURL('/datatables');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datatables');
  await expect(page.getByTestId('sidebar')).toBeHidden();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/questa/pagina/non/esiste');
  await expect(page.getByTestId('not-found')).toContainText('/questa/pagina/non/esiste');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina non trovata');
  await page.getByRole('button', { name: 'Torna alla dashboard' }).click();
  await expect(page).toHaveURL('/');
});

test('the dashboard shows that the API answers and that a worker consumes jobs', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('server-status')).toHaveText('Server: pong');
  await page.getByTestId('worker-check').click();
  await expect(page.getByTestId('worker-status')).toContainText(/Worker .+:\d+: risposta in \d+ ms/);
});
