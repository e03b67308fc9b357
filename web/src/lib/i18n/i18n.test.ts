import { describe, expect, it as test } from 'vitest';
import { en } from './en';
import { createI18n, LANGUAGE_STORAGE_KEY } from './index';
import { it } from './it';

function keys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('i18n', () => {
  test('starts in Italian', () => {
    const i18n = createI18n();
    expect(i18n.language).toBe('it');
    expect(i18n.t('nav.general')).toBe('Generale');
    expect(document.documentElement.lang).toBe('it');
  });

  test('keeps the switch to English in local storage for the next start', async () => {
    await createI18n().changeLanguage('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');

    const next = createI18n();
    expect(next.language).toBe('en');
    expect(next.t('nav.general')).toBe('General');
  });

  test('falls back to Italian for an unknown stored language', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(createI18n().language).toBe('it');
  });

  test('English has exactly the Italian keys', () => {
    expect(keys(en)).toEqual(keys(it));
  });
});
