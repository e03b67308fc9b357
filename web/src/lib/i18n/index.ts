import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { it } from './it';

export const LANGUAGES = ['it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'it';
export const LANGUAGE_STORAGE_KEY = 'istruttoria.language';

function isLanguage(value: string | null): value is Language {
  return LANGUAGES.some((language) => language === value);
}

/** The language kept in local storage, or Italian. */
export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** The instance the app (or the test) created last: the language of texts made outside React. */
let current: i18n | null = null;

/** Translates `key` in the current language; `null` when the catalogue has no such key (or no instance exists). */
export function translateIfKnown(key: string, options?: Record<string, unknown>): string | null {
  if (current === null || !current.exists(key)) return null;
  return current.t(key, options);
}

/** A ready i18next instance; every change of language is kept in local storage. */
export function createI18n(): i18n {
  const instance = createInstance().use(initReactI18next);
  current = instance;
  void instance.init({
    resources: { it: { translation: it }, en: { translation: en } },
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    initAsync: false, // resources are bundled: ready on return
    interpolation: { escapeValue: false }, // React escapes already
  });
  document.documentElement.lang = instance.language;
  instance.on('languageChanged', (language) => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    document.documentElement.lang = language;
  });
  return instance;
}
