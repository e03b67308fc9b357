import { expect, type Page } from '@playwright/test';

/**
 * Every table that is wider than its panel's content box, and not inside a scroll container
 * that is itself within the panel: what the user would see clipped.
 */
export function overflowingTables(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main table')].flatMap((table) => {
      const panel = table.closest('.page-panel') ?? table.closest('main');
      if (panel === null) return [];
      const style = getComputedStyle(panel);
      const box = panel.getBoundingClientRect();
      const inner = { left: box.left + parseFloat(style.paddingLeft) - 1, right: box.right - parseFloat(style.paddingRight) + 1 };
      const rect = table.getBoundingClientRect();
      if (rect.left >= inner.left && rect.right <= inner.right) return [];
      let scroller = table.parentElement;
      while (scroller !== null && scroller !== panel && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      const scrollerBox = scroller !== null && scroller !== panel ? scroller.getBoundingClientRect() : null;
      const scrolls = scrollerBox !== null && scrollerBox.left >= inner.left && scrollerBox.right <= inner.right;
      return scrolls ? [] : [`${(table as HTMLElement).dataset.testid ?? 'table'}: ${Math.round(rect.width)} px in ${Math.round(inner.right - inner.left)} px`];
    }),
  );
}

/** The page's tables fit (or scroll inside their panel), and the page never scrolls sideways. */
export async function expectTablesFit(page: Page, where: string): Promise<void> {
  expect(await overflowingTables(page), where).toEqual([]);
  const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(width.page, `${where}: the page is wider than the window`).toBeLessThanOrEqual(width.window);
}
