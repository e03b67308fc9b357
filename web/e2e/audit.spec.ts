import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { createUserThroughApi, graphqlAs, unique } from './api';
import { ADMIN, expect, test } from './fixtures';
import { LOOKS, useLook } from './looks';

// The audit log screen (/audit) against the real API. `test` starts logged in as the
// administrator (fixtures.ts), who has every resource, `audit` included. The filters, paging
// and access of `auditLog` are covered through the API in api/tests/audit.rs.

/** The administrator impersonates `email` from /users and comes back: two audited actions. */
async function impersonateAndComeBack(page: Page, email: string) {
  await page.goto('/users');
  await page.getByRole('searchbox', { name: 'Cerca utenti' }).fill(email);
  await page.getByRole('button', { name: `Impersonifica ${email}` }).click();
  await expect(page.getByTestId('sidebar-user')).toContainText(email);
  await page.getByTestId('end-impersonation').click();
  await expect(page.getByTestId('sidebar-user')).toContainText(ADMIN.email);
}

/** Ticks a choice of a select filter (its label takes the click). */
async function choose(checkbox: Locator) {
  await checkbox.locator('xpath=..').click();
  await expect(checkbox).toBeChecked();
}

test('an impersonation is in the audit log with its impersonator, and the log filters by action and user', async ({ page }) => {
  const id = unique();
  const user = { email: `e2e-audit-${id}@e2e.test`, password: `pw-${id}`, firstName: 'Alba', lastName: 'Audit' };
  await page.goto('/');
  await createUserThroughApi(page, user);
  await impersonateAndComeBack(page, user.email);

  await page.getByTestId('sidebar').getByTestId('nav-audit').click();
  await expect(page).toHaveURL('/audit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registro attività');
  const table = page.getByTestId('audit-table');

  // Newest first: the end of the impersonation, by the user, impersonated by the administrator.
  const newest = table.locator('tbody tr[data-row]').first();
  await expect(newest.getByTestId('audit-action')).toHaveText('Fine impersonificazione');
  await expect(newest.getByTestId('audit-who')).toContainText(user.email);
  await expect(newest.getByTestId('audit-impersonator')).toHaveText(`impersonificato da ${ADMIN.email}`);

  // Only the starts of an impersonation: the administrator's, of this user.
  await table.getByTestId('filter-action').click();
  await choose(page.getByTestId('filter-action-impersonation.start'));
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/audit\.f\.action=impersonation\.start/);
  const rows = table.locator('tbody tr[data-row]');
  await expect(rows.first().getByTestId('audit-action')).toHaveText('Inizio impersonificazione');
  await expect(rows.first().getByTestId('audit-who')).toHaveText(ADMIN.email);
  await expect(rows.first().getByTestId('audit-target')).toContainText(user.email);
  for (const action of await rows.getByTestId('audit-action').allTextContents()) expect(action).toBe('Inizio impersonificazione');

  // And by who acted: the start of the e-mail, any case (the action filter stays).
  await table.getByTestId('filter-action').click();
  await choose(page.getByTestId('filter-action-impersonation.end'));
  await page.keyboard.press('Escape');
  await table.getByTestId('filter-actorEmail').fill(user.email.split('@')[0]?.toUpperCase() ?? '');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('audit-action')).toHaveText('Fine impersonificazione');

  // The details open under the row from the keyboard.
  await rows.first().focus();
  await page.keyboard.press('Enter');
  await expect(table.getByTestId('audit-details-json')).toContainText('"session"');
  await expectAccessible(page, '/audit');

  // "Azzera filtri" brings every entry back.
  await table.getByTestId('table-reset').click();
  await expect(table.getByTestId('filter-actorEmail')).toHaveValue('');
  await expect(rows.nth(1)).toBeVisible();
});

test('a user without the audit resource is told access is denied', async ({ page }) => {
  const id = unique();
  const user = { email: `e2e-noaudit-${id}@e2e.test`, password: `pw-${id}`, firstName: 'Nino', lastName: 'Negato' };
  await page.goto('/');
  await createUserThroughApi(page, user);
  const session = await graphqlAs<{ impersonates: Record<string, unknown> }>(
    page,
    `mutation($email: String!) { impersonates(email: $email) { accessToken } }`,
    { email: user.email },
  );
  const response = await page.request.post('/graphql', {
    headers: { Authorization: `Bearer ${String(session.impersonates.accessToken)}` },
    data: { query: '{ auditLog { total } }' },
  });
  const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
  expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
});

// Screenshots for review, only with SCREENSHOT_DIR set:
//   SCREENSHOT_DIR=/tmp/audit-shots npx playwright test e2e/audit.spec.ts -g screenshots
const dir = process.env.SCREENSHOT_DIR;
test.describe('audit screenshots', () => {
  test.skip(!dir, 'set SCREENSHOT_DIR to take screenshots');
  test.describe.configure({ timeout: 120_000 });


  test('screenshots of /audit', async ({ page }) => {
    const id = unique();
    const user = { email: `e2e-shot-${id}@e2e.test`, password: `pw-${id}`, firstName: 'Sara', lastName: 'Screenshot' };
    await page.goto('/');
    await createUserThroughApi(page, user);
    await impersonateAndComeBack(page, user.email);
    for (const look of LOOKS) {
      await useLook(page, look);
      await page.goto('/audit');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const first = page.getByTestId('audit-table').locator('tbody tr[data-row]').first();
      await first.waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${dir}/audit-${look.name}.png`, fullPage: true });
      // The newest entry's details open, and the action filter's choices.
      await first.getByTestId('audit-details-toggle').click();
      await page.getByTestId('audit-details-json').waitFor();
      await page.getByTestId('audit-table').getByTestId('filter-action').click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${dir}/audit-${look.name}-open.png` });
      await page.keyboard.press('Escape');
    }
  });
});
