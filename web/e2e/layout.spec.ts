import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { graphqlAs, unique } from './api';
import { expectTablesFit } from './layout';

// How the access screens' tables and controls fit the screen, against the real server.
// `test` starts logged in as the administrator (fixtures.ts).

/** The screens with tables, and how to make every table of each show. */
const SCREENS: { path: string; open?: (page: Page) => Promise<void> }[] = [
  { path: '/users' },
  { path: '/roles?tab=roles' },
  { path: '/roles?tab=policies' },
  { path: '/roles?tab=groups' },
  { path: '/notifications' },
  {
    path: '/jobs',
    open: async (page) => {
      await page.getByTestId('job-queue-callback').click();
      await page.getByTestId('failed-jobs').waitFor();
    },
  },
];

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('no table overflows its panel without scrolling inside it; the actions stay in reach', async ({ page }) => {
      for (const screen of SCREENS) {
        await page.goto(screen.path);
        await page.locator('main table').first().waitFor({ state: 'attached' });
        await screen.open?.(page);
        await expectTablesFit(page, screen.path);
        // Each action button can be scrolled to and is not covered by another cell.
        const action = page.locator('main td.data-table__actions button').first();
        if ((await action.count()) > 0) {
          await action.scrollIntoViewIfNeeded();
          const box = await action.boundingBox();
          expect(box, screen.path).not.toBeNull();
          if (box) {
            const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button') !== null, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
            expect(hit, `${screen.path}: the action button is covered`).toBe(true);
          }
        }
      }
    });
  });
}

test('right to left: icons and texts of buttons, fields and table headers do not overlap', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('istruttoria.settings', JSON.stringify({ direction: 'rtl' })));
  for (const path of ['/users', '/notifications', '/roles/new/gruppo', '/account']) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const overlaps = await page.evaluate(() => {
      const intersect = (a: DOMRect, b: DOMRect) => a.width > 0 && b.width > 0 && a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
      const found: string[] = [];
      // A button's icon and its text.
      for (const button of document.querySelectorAll('.bp6-button')) {
        const icon = button.querySelector(':scope > .bp6-icon');
        const text = button.querySelector(':scope > .bp6-button-text');
        if (icon && text && intersect(icon.getBoundingClientRect(), text.getBoundingClientRect())) found.push(`button ${text.textContent}`);
      }
      // A field's icon and where its text starts (the input's padding keeps them apart).
      for (const group of document.querySelectorAll('.bp6-input-group')) {
        const icon = group.querySelector(':scope > .bp6-icon, :scope > .bp6-input-left-container');
        const input = group.querySelector('input');
        if (!icon || !input) continue;
        const style = getComputedStyle(input);
        const box = input.getBoundingClientRect();
        const text = new DOMRect(box.left + parseFloat(style.paddingLeft), box.top, box.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight), box.height);
        if (intersect(icon.getBoundingClientRect(), text)) found.push(`field ${input.id}`);
      }
      // Table headers start at the start of their cells, as their rows do.
      for (const th of document.querySelectorAll('main th:not(.data-table__actions)')) {
        if (getComputedStyle(th).textAlign === 'left') found.push(`header ${th.textContent} aligned left`);
      }
      return found;
    });
    expect(overlaps, path).toEqual([]);
  }

  // The settings drawer's switches: the knob beside its label, not over it.
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

test('right to left: dates, times and percentages keep their order on every list', async ({ page }) => {
  // Something dated on each list.
  await page.goto('/');
  const id = unique();
  await graphqlAs(page, 'mutation($n: String!) { createDocumentType(input: { name: $n }) { name } }', { n: `rtl-${id}` });
  await graphqlAs(page, 'mutation($n: String!) { createDataTable(input: { name: $n, content: "[1]" }) { name } }', { n: `rtl_${id}` });
  await page.addInitScript(() => localStorage.setItem('istruttoria.settings', JSON.stringify({ direction: 'rtl' })));
  let seen = 0;
  for (const path of ['/users', '/audit', '/tipologie/documenti', '/datatables', '/jobs', '/dossier', '/regole']) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.locator('main table').first().waitFor({ state: 'attached' });
    const found = await page.evaluate(() => {
      // The on-screen box of `text`'s characters [start, end).
      const box = (node: Text, start: number, end: number) => {
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, end);
        return range.getBoundingClientRect();
      };
      const patterns = [/(\d{2}\/\d{2}\/\d{4}) (\d{2}:\d{2}(?::\d{2})?)/g, /(\d+) (%)/g];
      const walker = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_TEXT);
      const wrong: string[] = [];
      let count = 0;
      for (let node = walker.nextNode() as Text | null; node !== null; node = walker.nextNode() as Text | null) {
        for (const pattern of patterns) {
          for (const match of node.data.matchAll(pattern)) {
            const [whole, first = '', second = ''] = match;
            const start = match.index;
            const a = box(node, start, start + first.length);
            const b = box(node, start + whole.length - second.length, start + whole.length);
            if (a.width === 0 || b.width === 0 || Math.abs(a.top - b.top) > 2) continue; // hidden, or wrapped
            count += 1;
            if (a.left > b.left) wrong.push(whole);
          }
        }
      }
      return { count, wrong };
    });
    expect(found.wrong, `${path}: reordered in right to left`).toEqual([]);
    seen += found.count;
  }
  expect(seen, 'dates were found on the lists').toBeGreaterThan(3);
});
