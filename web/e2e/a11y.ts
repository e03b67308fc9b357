import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** axe-core over the page as it is now: no serious or critical violation (WCAG 2.1 A/AA rules). */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const analyze = async () => {
    // Popovers and tooltips fade in and out too: wait until none is caught mid-transition.
    await page
      .waitForFunction(() => [...document.querySelectorAll('.bp6-popover-transition-container, .bp6-popover, .bp6-tooltip')].every((element) => getComputedStyle(element).opacity === '1'), undefined, { timeout: 5_000 })
      .catch(() => undefined);
    // Toasts come and go with a fade: caught mid-animation their colours mean nothing.
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('.bp6-toast-container').analyze();
    return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  };
  // A hover tooltip can start to fade in while axe reads the page: a violation only inside a
  // popover is read again once the transition is over, up to twice.
  const inPopover = (html: string) => html.includes('bp6-popover') || html.includes('bp6-tooltip');
  let violations = await analyze();
  for (let retry = 0; retry < 2 && violations.length > 0 && violations.every((v) => v.nodes.every((node) => inPopover(node.html))); retry++) {
    await page.waitForTimeout(500);
    violations = await analyze();
  }
  const serious = violations
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`)
          .join(' | ')}`,
    );
  expect(serious, `${screen}: accessibility violations`).toEqual([]);
}
