import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './i18n';

/**
 * Dates typed in a field, written the way the UI's language writes them (issue 30): a native
 * `<input type="date">` formats by the browser's locale, not the page's language (Chromium shows
 * mm/dd/yyyy in the Italian UI of an English browser), so the app's date fields
 * (components/DateInput) are text fields with the pattern of the UI's language, and keep the ISO
 * `YYYY-MM-DD` of a date input as their value: what is sent to the server does not change.
 */

export type DatePart = 'day' | 'month' | 'year';

export interface DateFormat {
  /** The parts in the order they are written. */
  order: readonly [DatePart, DatePart, DatePart];
  separator: string;
}

/**
 * How each UI language writes a date in a field.
 * - Italian: `dd/mm/yyyy` (gg/mm/aaaa).
 * - English: `dd/mm/yyyy` too, deliberately: every date the app shows is `DD/MM/YYYY` in both
 *   languages (docs/domain.md#constants, lib/format), so a date is typed as it reads in the lists
 *   beside the field; the US month-first order would make "03/04/2026" the 4th of March in the
 *   field and the 3rd of April in the table.
 */
export const DATE_FORMATS: Record<Language, DateFormat> = {
  it: { order: ['day', 'month', 'year'], separator: '/' },
  en: { order: ['day', 'month', 'year'], separator: '/' },
};

/** The format of `language` (an i18next language such as `en-GB` counts as `en`); Italian otherwise. */
export function dateFormatOf(language: string | undefined): DateFormat {
  const base = (language ?? '').split('-')[0];
  const known = LANGUAGES.find((candidate) => candidate === base);
  return DATE_FORMATS[known ?? DEFAULT_LANGUAGE];
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The ISO date of a day, month and year that exist (the 31st of April does not); `null` otherwise. */
function isoOf(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Whether `value` is an ISO `YYYY-MM-DD` date that exists. */
export function isIsoDate(value: string): boolean {
  const match = ISO.exec(value);
  return match !== null && isoOf(Number(match[1]), Number(match[2]), Number(match[3])) === value;
}

/** An ISO date as the field shows it in `format` (`2026-11-05` → `05/11/2026`); '' for '' or a value that is not one. */
export function formatTypedDate(iso: string, format: DateFormat): string {
  const match = ISO.exec(iso);
  if (match === null || !isIsoDate(iso)) return '';
  const parts: Record<DatePart, string> = { year: match[1] ?? '', month: match[2] ?? '', day: match[3] ?? '' };
  return format.order.map((part) => parts[part]).join(format.separator);
}

/**
 * The ISO date typed in a field written in `format`; `null` when it is not a whole date that
 * exists. Forgiving as keyboards are: one- or two-digit day and month, any of `/ . -` or spaces
 * between the parts (`5/11/2026`, `05.11.2026`), or the eight digits alone (`05112026`); the year
 * has four digits.
 */
export function parseTypedDate(text: string, format: DateFormat): string | null {
  const trimmed = text.trim();
  let pieces: string[];
  if (/^\d{8}$/.test(trimmed)) {
    // Without separators: two digits for day and month, four for the year, in the format's order.
    pieces = [];
    let at = 0;
    for (const part of format.order) {
      const width = part === 'year' ? 4 : 2;
      pieces.push(trimmed.slice(at, at + width));
      at += width;
    }
  } else {
    pieces = trimmed.split(/\s*[/.\-\s]\s*/);
  }
  if (pieces.length !== 3) return null;
  const values: Partial<Record<DatePart, number>> = {};
  for (const [index, part] of format.order.entries()) {
    const piece = pieces[index] ?? '';
    if (!(part === 'year' ? /^\d{4}$/ : /^\d{1,2}$/).test(piece)) return null;
    values[part] = Number(piece);
  }
  return isoOf(values.year ?? 0, values.month ?? 0, values.day ?? 0);
}

/** `iso` moved by `days` (negative: back). */
export function addDays(iso: string, days: number): string {
  const match = ISO.exec(iso);
  if (match === null) return iso;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Today's ISO date where the user is. */
export function todayIso(now = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
