import type { Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { unique } from './api';
import { expect, test } from './fixtures';
import { LOOKS, useLook } from './looks';
import { makePdf, zipBase64 } from './pdf';

// The API keys screens (/api-keys, /api-keys/nuova) against the real API: an administrator
// creates a key in the browser, the key imports a dossier on its own, and once revoked on the
// screen it is refused. Rules, bounds and rotation are covered through the API in
// api/tests/integration/api_keys.rs.

/** `POST /import_dossier` with `key` alone (no session): the status. */
async function importWith(page: Page, key: string): Promise<number> {
  const response = await page.request.post('/import_dossier', {
    headers: { 'X-Api-Key': key },
    data: { idValutazione: '', tipoContratto: 'cessione', base64zip: zipBase64({ 'contratto.pdf': makePdf(['Contratto di prova']) }), files: [{ nomeFile: 'contratto.pdf', tipoDocumento: '' }], input: '[]' },
  });
  return response.status();
}

async function createKeyInBrowser(page: Page, name: string): Promise<string> {
  await page.goto('/api-keys');
  await page.getByTestId('api-key-new').click();
  await expect(page).toHaveURL('/api-keys/nuova');
  await page.getByTestId('api-key-name-input').fill(name);
  await page.getByTestId('api-key-role-admin').locator('xpath=..').click();
  await page.getByTestId('api-key-submit').click();
  const secret = page.getByTestId('api-key-secret');
  await expect(secret).toHaveValue(/^ik_/);
  return secret.inputValue();
}

test('a key made on the screen imports on its own, and once revoked on the screen it is refused', async ({ page }) => {
  const name = `e2e-${unique()}`;
  const key = await createKeyInBrowser(page, name);
  await expectAccessible(page, '/api-keys/nuova');
  expect(await importWith(page, key)).toBe(200);

  await page.getByTestId('api-key-back').click();
  const table = page.getByTestId('api-keys-table');
  await table.getByTestId('filter-name').fill(name);
  const row = table.locator('tbody tr[data-row]').filter({ hasText: name });
  await expect(row.getByTestId('api-key-state')).toHaveText('Attiva');
  await expect(row).not.toContainText('Mai usata');
  await expectAccessible(page, '/api-keys');

  // The secret its callbacks are signed with, to configure on the receiving system.
  await row.getByTestId('api-key-callback-secret').click();
  await expect(page.getByTestId('callback-secret')).toHaveValue(/^whsec_/);
  await page.getByTestId('callback-secret-close').click();

  await row.getByTestId('api-key-revoke').click();
  await page.getByRole('button', { name: 'Revoca', exact: true }).click();
  await expect(row.getByTestId('api-key-state')).toHaveText('Revocata');
  await expect(row.getByTestId('api-key-revoke')).toHaveCount(0);
  expect(await importWith(page, key)).toBe(401);
});

test('a rotation shows the new key once, and the old one stops at once', async ({ page }) => {
  const name = `e2e-rot-${unique()}`;
  const old = await createKeyInBrowser(page, name);
  await page.getByTestId('api-key-back').click();
  const table = page.getByTestId('api-keys-table');
  await table.getByTestId('filter-name').fill(name);
  const row = table.locator('tbody tr[data-row]').filter({ hasText: name });
  await row.getByTestId('api-key-rotate').click();
  await page.getByTestId('api-key-overlap-0').locator('xpath=..').click();
  await page.getByTestId('api-key-rotate-confirm').click();
  const fresh = await page.getByTestId('api-key-secret').inputValue();
  expect(fresh).toMatch(/^ik_/);
  expect(fresh).not.toBe(old);
  await page.getByTestId('api-key-rotate-done').click();
  expect(await importWith(page, old)).toBe(401);
  expect(await importWith(page, fresh)).toBe(200);
});

// Screenshots for review, only with SCREENSHOT_DIR set:
//   SCREENSHOT_DIR=/tmp/api-keys-shots npx playwright test e2e/api-keys.spec.ts -g screenshots
const dir = process.env.SCREENSHOT_DIR;
test.describe('API keys screenshots', () => {
  test.skip(!dir, 'set SCREENSHOT_DIR to take screenshots');
  test.describe.configure({ timeout: 180_000 });

  test('screenshots of /api-keys', async ({ page }) => {
    await createKeyInBrowser(page, `shot-${unique()}`);
    await page.screenshot({ path: `${dir}/api-key-created.png`, fullPage: true });
    for (const look of LOOKS) {
      await useLook(page, look);
      await page.goto('/api-keys');
      await page.getByTestId('api-keys-table').locator('tbody tr[data-row]').first().waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${dir}/api-keys-${look.name}.png`, fullPage: true });
      await page.goto('/api-keys/nuova');
      await page.getByTestId('api-key-roles').locator('input').first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${dir}/api-key-new-${look.name}.png`, fullPage: true });
      await page.goto('/api-keys');
      await page.getByTestId('api-keys-table').locator('tbody tr[data-row]').first().getByTestId('api-key-callback-secret').click();
      await page.getByTestId('callback-secret').waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${dir}/callback-secret-${look.name}.png` });
    }
  });
});
