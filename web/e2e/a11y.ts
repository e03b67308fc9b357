import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** axe-core over the page as it is now: no serious or critical violation (WCAG 2.1 A/AA rules). */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Popovers and tooltips fade in and out too: wait until none is caught mid-transition.
  await page
    .waitForFunction(() => [...document.querySelectorAll('.bp6-popover-transition-container, .bp6-popover, .bp6-tooltip')].every((element) => getComputedStyle(element).opacity === '1'), undefined, { timeout: 5_000 })
    .catch(() => undefined);
  // Toasts come and go with a fade: caught mid-animation their colours mean nothing.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('.bp6-toast-container').analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`)
          .join(' | ')}`,
    );
  expect(serious, `${screen}: accessibility violations`).toEqual([]);
}
