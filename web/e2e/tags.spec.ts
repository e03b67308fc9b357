import { expect, test } from './fixtures';

// A tag's text is clipped to its line box (Blueprint's ellipsis): names with underscores
// ("cedolino_ops", metas such as "durata_finanziamento") lost their underscores on screen,
// drawn below that box (issue 30, item 9). The check measures the underscore's ink with the
// tag's own font against where the clip ends, for the tag styles the app uses.
test("a tag's underscores are drawn inside its clip box", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  const clipped = await page.evaluate(() => {
    const host = document.createElement('div');
    host.innerHTML = ['bp6-tag', 'bp6-tag bp6-minimal', 'bp6-tag bp6-minimal bp6-round bp6-intent-primary', 'bp6-tag bp6-large']
      .map((classes) => `<span class="${classes}"><span class="bp6-text-overflow-ellipsis bp6-fill">cedolino_ops<span class="probe-baseline" style="display:inline-block;width:0;height:0"></span></span></span>`)
      .join('');
    document.querySelector('main')?.appendChild(host);
    const context = document.createElement('canvas').getContext('2d');
    const found: string[] = [];
    for (const text of host.querySelectorAll<HTMLElement>('.bp6-text-overflow-ellipsis')) {
      const style = getComputedStyle(text);
      if (!context) throw new Error('no canvas');
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const ink = context.measureText('_').actualBoundingBoxDescent;
      const baseline = (text.querySelector('.probe-baseline') as HTMLElement).getBoundingClientRect().bottom;
      const clipBottom = text.getBoundingClientRect().bottom;
      if (baseline + ink > clipBottom + 0.5) found.push(`${text.parentElement?.className}: underscore ink ends ${(baseline + ink - clipBottom).toFixed(1)} px below the clip`);
    }
    host.remove();
    return found;
  });
  expect(clipped).toEqual([]);
});
