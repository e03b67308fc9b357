import { Classes } from '@blueprintjs/core';

export const THEMES = ['LIGHT', 'DARK', 'NATURE'] as const;
export type Theme = (typeof THEMES)[number];

export const DIRECTIONS = ['ltr', 'rtl'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export interface Settings {
  theme: Theme;
  responsiveFontSizes: boolean;
  compact: boolean;
  roundedCorners: boolean;
  direction: Direction;
}

export const SETTINGS_STORAGE_KEY = 'istruttoria.settings';

function systemPrefersDark(): boolean {
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** The original specification's defaults (summarised in docs/domain.md#constants); the theme follows the system preference. */
export function defaultSettings(): Settings {
  return {
    theme: systemPrefersDark() ? 'DARK' : 'LIGHT',
    responsiveFontSizes: true,
    compact: false,
    roundedCorners: true,
    direction: 'ltr',
  };
}

function oneOf<T extends string>(choices: readonly T[], value: unknown, fallback: T): T {
  return choices.find((choice) => choice === value) ?? fallback;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** The saved settings; a missing or unreadable field takes its default. */
export function loadSettings(): Settings {
  const defaults = defaultSettings();
  let saved: Partial<Record<keyof Settings, unknown>> = {};
  try {
    saved = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}') ?? {};
  } catch {
    // unreadable: defaults
  }
  return {
    theme: oneOf(THEMES, saved.theme, defaults.theme),
    responsiveFontSizes: flag(saved.responsiveFontSizes, defaults.responsiveFontSizes),
    compact: flag(saved.compact, defaults.compact),
    roundedCorners: flag(saved.roundedCorners, defaults.roundedCorners),
    direction: oneOf(DIRECTIONS, saved.direction, defaults.direction),
  };
}

export function saveSettings(settings: Settings): void {
  localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
}

/** Puts the settings on the page: attributes on <html> read by the CSS, Blueprint's dark class on <body>. */
export function applySettings(settings: Settings): void {
  const root = document.documentElement;
  root.dataset.theme = settings.theme.toLowerCase();
  root.dataset.responsiveFonts = String(settings.responsiveFontSizes);
  root.dataset.compact = String(settings.compact);
  root.dataset.rounded = String(settings.roundedCorners);
  root.dir = settings.direction;
  document.body.classList.toggle(Classes.DARK, settings.theme === 'DARK');
}
