import { readFile } from 'node:fs/promises';
import { expectAccessible } from './a11y';
import { expect, test } from './fixtures';
import { expectTablesFit } from './layout';
import { LOOKS, useLook } from './looks';
import { createCatalogue, importContracts, startReceiver, waitForDossier } from './operations';

// The dossier screens against the real API and a real worker: a dossier imported through REST
// with real PDFs goes through extraction, document rules, dossier rules and its callback (to a
// receiver this test runs; scripts/test.sh allows 127.0.0.1 as a callback target), and the list
// and the detail show every step as it happens.

test.describe('dossiers', () => {
  test.describe.configure({ timeout: 120_000 });

  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  test.beforeAll(async () => {
    receiver = await startReceiver();
  });
  test.afterAll(() => receiver.close());

  test('an imported dossier turns processed on the list without a reload, and its detail shows every step', async ({ page }) => {
    await page.goto('/');
    const kinds = await createCatalogue(page);
    await page.goto('/dossier');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dossier');
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live');

    const id = await importContracts(page, kinds, [1000, 1000], receiver.url);
    const row = page.getByTestId(`row-${id}`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('state-tag')).toHaveAttribute('data-state', 'processed', { timeout: 90_000 });
    await expectAccessible(page, '/dossier');

    // The list filters on the server, and the filter lives in the address.
    await page.getByTestId('filter-id').fill(id.slice(0, 13));
    await expect(page).toHaveURL(new RegExp(`dossiers\\.f\\.id=${id.slice(0, 13)}`));
    await expect(page.getByTestId('dossiers-table').locator('tbody tr')).toHaveCount(1);

    await row.press('Enter');
    await expect(page).toHaveURL(`/dossier/dettagli/${id}`);
    await expect(page.getByTestId('dossier-error')).toHaveText('Nessuno');
    // The callback went to the receiver: RIUSCITA, and resending it makes a second one.
    await expect(page.getByTestId('callback-row')).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByTestId('callback-row').first()).toContainText('RIUSCITA');
    await page.getByTestId('callback-resend').click();
    await expect(page.getByTestId('callback-row')).toHaveCount(2, { timeout: 30_000 });
    expect(receiver.bodies.filter((body) => body.includes(id))).toHaveLength(2);
    await expectAccessible(page, 'dossier: generale');

    // The imported zip downloads from the link the API hands out, streamed by the browser.
    const archive = page.waitForEvent('download');
    await page.getByTestId('dossier-download').click();
    const zip = await archive;
    expect(zip.suggestedFilename()).toBe(`${id}.zip`);
    expect((await readFile((await zip.path()) ?? '')).subarray(0, 2).toString('latin1')).toBe('PK');

    await page.getByRole('tab', { name: 'Documenti' }).click();
    await expect(page).toHaveURL(`/dossier/dettagli/${id}?tab=documenti`);
    await expect(page.getByTestId('dossier-documents').locator('tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('dossier-documents')).toContainText('REGOLE ESEGUITE');
    await expectAccessible(page, 'dossier: documenti');

    await page.getByRole('tab', { name: 'Stato esecuzione regole' }).click();
    await expect(page.getByTestId('counter-processed')).toHaveText('2 / 2');
    await expect(page.getByTestId('dossier-executions').locator('tbody tr')).toHaveCount(2);
    await expectAccessible(page, 'dossier: status');

    await page.getByRole('tab', { name: 'Risultato regole aggregato' }).click();
    // The scenario that fails (minimum 5000) comes first.
    await expect(page.getByTestId('aggregate-row').first()).toHaveAttribute('data-result', 'false');
    const download = page.waitForEvent('download');
    await page.getByTestId('aggregate-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('rawAggregato.json');
    const aggregate = JSON.parse(await readFile((await file.path()) ?? '', 'utf8')) as { AggregateResult: boolean }[];
    expect(aggregate.map((entry) => entry.AggregateResult)).toEqual([true, false]);
    await expectAccessible(page, 'dossier: results');

    await page.getByRole('tab', { name: 'Logs' }).click();
    await page.getByTestId('dossier-logs').locator('tbody tr').first().click();
    await expect(page.getByTestId('record-dialog')).toContainText('importi: 1000,1000');
    await expectAccessible(page, 'dossier: logregole, a log opened');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Variabili di input' }).click();
    await expect(page.getByTestId('dossier-input')).toContainText('"minimo": 5000');

    // On a phone every tab's table fits: rows become cards, dates stay whole, nothing pushes
    // the page sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [tab, table] of [
      ['generale', 'callbacks-table'],
      ['documenti', 'dossier-documents'],
      ['status', 'dossier-executions'],
      ['results', 'aggregate-table'],
      ['logregole', 'dossier-logs'],
    ] as const) {
      await page.goto(`/dossier/dettagli/${id}?tab=${tab}`);
      await page.getByTestId(table).locator('tbody tr').first().waitFor();
      await expectTablesFit(page, `dossier ${tab} at 390 px`);
    }
    await page.goto(`/dossier/dettagli/${id}?tab=generale`);
    const date = page.getByTestId('callbacks-table').locator('td.data-table__nowrap').first();
    await date.waitFor();
    expect((await date.boundingBox())?.height ?? 99, 'the date on one line').toBeLessThan(40);
    await page.goto(`/dossier/dettagli/${id}?tab=documenti`);
    await page.getByTestId('dossier-documents').locator('tbody tr').first().click();
    await expect(page).toHaveURL(/\/documenti\/[0-9a-f-]+/);
    const documentPath = new URL(page.url()).pathname;
    for (const [tab, table] of [
      ['generale', 'document-logs'],
      ['regole', 'rules-table'],
      ['regoleeseguite', 'execution-logs'],
    ] as const) {
      await page.goto(`${documentPath}?tab=${tab}`);
      await page.getByTestId(table).locator('tbody tr').first().waitFor();
      await expectTablesFit(page, `document ${tab} at 390 px`);
    }
  });

  test('documents that disagree wait in conflicts until an operator fixes the metas', async ({ page }) => {
    await page.goto('/');
    const kinds = await createCatalogue(page);
    const id = await importContracts(page, kinds, [1000, 1200]);
    await page.goto(`/dossier/dettagli/${id}?tab=conflicts`);
    await waitForDossier(page, id, 'conflicts');
    // The page learns the new state live, or from its 5 s refresh.
    await expect(page.getByTestId('conflict-importo')).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page, 'dossier: conflicts');
    await page.getByTestId('conflicts-submit').click();
    await expect(page.getByText('Campo necessario')).toBeVisible();
    await page.getByTestId('conflict-importo').selectOption('1200');
    await page.getByTestId('conflicts-submit').click();
    await expect(page.getByText('Nessun conflitto nei meta dei documenti')).toBeVisible();
    await page.getByRole('tab', { name: 'Generale' }).click();
    await expect(page.locator('.page-header').getByTestId('state-tag')).toHaveAttribute('data-state', 'processed', { timeout: 60_000 });
  });

  test('a dossier is deleted from the list after the confirmation', async ({ page }) => {
    await page.goto('/');
    const kinds = await createCatalogue(page);
    const id = await importContracts(page, kinds, [1000]);
    await page.goto('/dossier');
    const row = page.getByTestId(`row-${id}`);
    await expect(row.getByTestId('state-tag')).toHaveAttribute('data-state', 'processed', { timeout: 90_000 });
    await row.getByTestId('dossier-delete').click();
    await expect(page.getByTestId('confirm-dialog')).toHaveText('Azione irreversibile, continuare?');
    await page.getByRole('button', { name: 'Elimina definitivamente' }).click();
    await expect(page.getByText('Dossier eliminato')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});

// Screenshots of the dossier screens and the dashboard, only with SCREENSHOT_DIR set:
//   SCREENSHOT_DIR=/tmp/shots npm run e2e -- dossiers -g screenshots
const shots = process.env.SCREENSHOT_DIR;
test.describe('screenshots', () => {
  test.skip(!shots, 'set SCREENSHOT_DIR to take screenshots');
  test.describe.configure({ timeout: 240_000 });

  const looks = LOOKS.filter((look) => ['desktop-it-light', 'mobile-en-dark', 'desktop-en-nature-rtl'].includes(look.name));

  test('dossier list, detail tabs and dashboard', async ({ page }) => {
    await page.goto('/');
    const kinds = await createCatalogue(page);
    const id = await importContracts(page, kinds, [1000, 1000]);
    await waitForDossier(page, id, 'processed');
    for (const look of looks) {
      await useLook(page, look);
      const shoot = async (path: string, name: string) => {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForTimeout(800);
        await page.screenshot({ path: `${shots}/${name}-${look.name}.png`, fullPage: true });
      };
      await shoot('/', 'dashboard');
      await shoot('/dossier', 'dossiers');
      for (const tab of ['generale', 'documenti', 'conflicts', 'status', 'results', 'input', 'logregole']) {
        await shoot(`/dossier/dettagli/${id}?tab=${tab}`, `dossier-${tab}`);
      }
    }
  });
});
