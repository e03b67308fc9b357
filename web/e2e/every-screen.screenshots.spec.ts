import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test } from './fixtures';
import { LOOKS, useLook, type Look } from './looks';
import { openScreen, screensToWalk, seedScreens } from './screens';

// Every screen of e2e/screens.ts photographed in every look of e2e/looks.ts (1440 and 390 px,
// Italian and English, light, dark and NATURE, left to right and right to left), for a person to
// look at, with contact sheets of a dozen screens each. Only with SCREENSHOT_DIR set:
//   SCREENSHOT_DIR=/tmp/shots npx playwright test e2e/every-screen.screenshots.spec.ts [-g <look>]
// (E2E_SCREENS=<regular expression> keeps the screens whose path it matches).

const dir = process.env.SCREENSHOT_DIR;

/** Screens per contact sheet, and the width each is drawn at there. */
const PER_SHEET = 12;
const THUMB_WIDTH = { desktop: 600, mobile: 260 };

/** A file name of `path` (the screen's address), numbered in walk order. */
const fileName = (index: number, path: string) => `${String(index).padStart(3, '0')}-${path.replace(/[^a-zA-Z0-9]+/g, '_').slice(0, 80)}.png`;

/** Draws `files` in a grid with their names, and saves that page as `target`. */
async function contactSheet(page: Page, look: Look, files: readonly string[], target: string) {
  const width = look.viewport.width > 800 ? THUMB_WIDTH.desktop : THUMB_WIDTH.mobile;
  const cells = files
    .map((file) => `<figure><img src="data:image/png;base64,${readFileSync(file).toString('base64')}"><figcaption>${file.split('/').at(-1) ?? ''}</figcaption></figure>`)
    .join('');
  await page.setViewportSize({ width: 1800, height: 900 });
  await page.setContent(
    `<style>body{margin:8px;font:12px sans-serif;display:flex;flex-wrap:wrap;gap:8px;background:#888}figure{margin:0;width:${width}px}img{width:100%;border:1px solid #000}figcaption{overflow-wrap:anywhere}</style>${cells}`,
  );
  await page.screenshot({ path: target, fullPage: true });
}

test.describe('screenshots of every screen in every look', () => {
  test.skip(!dir, 'set SCREENSHOT_DIR to take screenshots');
  test.describe.configure({ timeout: 900_000 });

  for (const look of LOOKS) {
    test(look.name, async ({ page }) => {
      await page.goto('/');
      const seed = await seedScreens(page);
      await useLook(page, look);
      const shots = `${dir}/${look.name}`;
      mkdirSync(`${dir}/sheets`, { recursive: true });
      mkdirSync(shots, { recursive: true });
      const files: string[] = [];
      for (const [index, screen] of screensToWalk(seed).entries()) {
        await openScreen(page, screen);
        const file = `${shots}/${fileName(index, screen.path)}`;
        await page.screenshot({ path: file, animations: 'disabled' });
        files.push(file);
      }
      for (let start = 0; start < files.length; start += PER_SHEET) {
        await contactSheet(page, look, files.slice(start, start + PER_SHEET), `${dir}/sheets/${look.name}-${String(start / PER_SHEET + 1).padStart(2, '0')}.png`);
        await page.setViewportSize(look.viewport);
      }
    });
  }
});
