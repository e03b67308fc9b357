import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { misfits, reorderedData, rightToLeftOverlaps, textsCutAtTheirStart, unreachableActions } from './layout';
import { openScreen, routesWithoutScreen, screens, screensToWalk, seedScreens, type Seed } from './screens';

// How every screen fits a phone and reads in right to left (issue 30, items 6 and 7), against the
// real server and worker: the screens and their data come from e2e/screens.ts (a new screen must
// be added there; the first test fails while a route has none). Each walk reports every problem of
// every screen at once. `test` starts logged in as the administrator (fixtures.ts).

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

const rightToLeft = (page: Page) => page.addInitScript(() => localStorage.setItem('istruttoria.settings', JSON.stringify({ direction: 'rtl' })));

test('every route of the app has a screen in e2e/screens.ts', () => {
  const placeholder: Seed = {
    catalogue: { documentType: 'tipo', dossierType: 'tipo', suffix: 'x', documentRuleId: 'regola', dossierRuleId: 'regola' },
    dossierId: 'dossier',
    documentId: 'documento',
    conflictsId: 'dossier',
    dataTable: 'tabella',
    validationId: 'validazione',
    failedJobId: 'job',
  };
  expect(routesWithoutScreen(screens(placeholder))).toEqual([]);
});

test.describe('390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.describe.configure({ timeout: 480_000 });

  test('on every screen no table overflows its panel without scrolling inside it, the page never scrolls sideways, the actions stay in reach', async ({ page }) => {
    await page.goto('/');
    const problems: string[] = [];
    for (const screen of screensToWalk(await seedScreens(page))) {
      await openScreen(page, screen);
      for (const problem of [...(await misfits(page)), ...(await unreachableActions(page))]) problems.push(`${screen.path}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});

// Right to left, on a desktop and on a phone (where tables become cards and texts wrap).
for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 480_000 });

    test('right to left, on every screen: data keep their order, no text is cut at its start, icons clear their texts, tables fit', async ({ page }) => {
      await page.goto('/');
      const seed = await seedScreens(page);
      await rightToLeft(page);
      const problems: string[] = [];
      let measured = 0;
      for (const screen of screensToWalk(seed)) {
        await openScreen(page, screen);
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        const order = await reorderedData(page);
        measured += order.count;
        const found = [...order.wrong, ...(await textsCutAtTheirStart(page)), ...(await rightToLeftOverlaps(page)), ...(await misfits(page))];
        for (const problem of found) problems.push(`${screen.path}: ${problem}`);
      }
      expect(problems).toEqual([]);
      if (!process.env.E2E_SCREENS) expect(measured, 'data measured on the screens').toBeGreaterThan(500);
    });
  });
}

test('right to left: the settings drawer’s switches have their knob beside their label, not over it', async ({ page }) => {
  await rightToLeft(page);
  await page.goto('/account');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByTestId('settings-open').click();
  await page.getByTestId('settings-drawer').waitFor();
  await page.waitForTimeout(400); // the drawer slides in
  const covered = await page.evaluate(() =>
    [...document.querySelectorAll('.bp6-switch')].flatMap((control) => {
      const indicator = control.querySelector('.bp6-control-indicator')?.getBoundingClientRect();
      const text = [...control.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      if (!indicator || !text) return [];
      const range = document.createRange();
      range.selectNodeContents(text);
      const box = range.getBoundingClientRect();
      const apart = indicator.right <= box.left + 1 || box.right <= indicator.left + 1;
      return apart ? [] : [text.textContent ?? ''];
    }),
  );
  expect(covered).toEqual([]);
});
