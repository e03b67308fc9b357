import type { Page } from '@playwright/test';

// The looks a screen is photographed in for review (the gated screenshot sections): size,
// theme, language and direction. One list, so that every section covers the same matrix.

export interface Look {
  name: string;
  viewport: { width: number; height: number };
  settings: { theme: 'LIGHT' | 'DARK' | 'NATURE'; direction?: 'rtl' };
  language: 'it' | 'en';
}

export const LOOKS: readonly Look[] = [
  { name: 'desktop-it-light', viewport: { width: 1440, height: 900 }, settings: { theme: 'LIGHT' }, language: 'it' },
  { name: 'desktop-en-dark', viewport: { width: 1440, height: 900 }, settings: { theme: 'DARK' }, language: 'en' },
  { name: 'mobile-it-light', viewport: { width: 390, height: 844 }, settings: { theme: 'LIGHT' }, language: 'it' },
  { name: 'mobile-en-dark', viewport: { width: 390, height: 844 }, settings: { theme: 'DARK' }, language: 'en' },
  { name: 'desktop-en-nature-rtl', viewport: { width: 1440, height: 900 }, settings: { theme: 'NATURE', direction: 'rtl' }, language: 'en' },
  { name: 'mobile-it-nature-rtl', viewport: { width: 390, height: 844 }, settings: { theme: 'NATURE', direction: 'rtl' }, language: 'it' },
];

/** Sizes the page and stores the look's settings and language; the next navigation shows it. */
export async function useLook(page: Page, look: Look): Promise<void> {
  await page.setViewportSize(look.viewport);
  await page.evaluate(({ settings, language }) => {
    localStorage.setItem('istruttoria.settings', JSON.stringify(settings));
    localStorage.setItem('istruttoria.language', language);
  }, look);
}
