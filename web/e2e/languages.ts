import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { firstFragmentIn, languageOnlyFragments, type MessageCatalogue } from '../src/lib/i18n/fragments';

// The server's messages in the user's language (issue 30, item 5): helpers of the e2e check that
// walks the screens in one language and fails when a text of the server's catalogue shows in the
// other one.

export type Language = 'it' | 'en';

/** Where the app keeps the chosen language (src/lib/i18n). */
export const LANGUAGE_STORAGE_KEY = 'istruttoria.language';

/** The catalogue as the web app has it (`just messages` writes it from the Rust catalogue). */
export const CATALOGUE = JSON.parse(readFileSync(new URL('../src/lib/i18n/server-messages.json', import.meta.url), 'utf8')) as MessageCatalogue;

/** Per language of the page: the catalogue's pieces only the other language says (≥ 12 characters). */
const FOREIGN: Record<Language, string[]> = {
  en: languageOnlyFragments(CATALOGUE, 'it'),
  it: languageOnlyFragments(CATALOGUE, 'en'),
};

/** The catalogue's text of `code` in `language`, its placeholders filled with `params`. */
export function serverText(language: Language, code: string, params: Record<string, string> = {}): string {
  const text = CATALOGUE[language][code];
  if (text === undefined) throw new Error(`${code} is not in the catalogue`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? `{{${name}}}`);
}

/** Every page of the test opens in `language` (set before the app starts). */
export async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_STORAGE_KEY, language] as const);
}

/** The page (toasts included) shows no server message in the language other than `language`. */
export async function expectNoForeignServerText(page: Page, language: Language, where: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  const text = await page.locator('body').innerText();
  const found = firstFragmentIn(text, FOREIGN[language]);
  expect(found, `${where}: "${found}" is a server message of the other language, shown on a page in ${language}`).toBeNull();
}
