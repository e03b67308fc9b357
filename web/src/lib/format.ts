/** Dates as docs/domain.md#constants shows them: `DD/MM/YYYY HH:mm` in lists, with seconds for logs. */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `text` as one left-to-right unit wherever it is shown (U+2066 LEFT-TO-RIGHT ISOLATE … U+2069
 * POP DIRECTIONAL ISOLATE): in a right-to-left page a date, a time or a number keeps its order
 * ("27/11/2026 05:11", not "05:11 27/11/2026"; "100 %", not "% 100"), in a table cell, a field, a
 * title or a toast alike, while the text around it stays right-to-left.
 */
export const ltr = (text: string) => `\u2066${text}\u2069`;

function format(date: Date, seconds: boolean): string {
  if (Number.isNaN(date.getTime())) return '-';
  const day = `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}${seconds ? `:${pad(date.getSeconds())}` : ''}`;
  return ltr(`${day} ${time}`);
}

/** `DD/MM/YYYY` of a `YYYY-MM-DD` day (a date input's value); the text itself when it is not one. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? ltr(`${match[3]}/${match[2]}/${match[1]}`) : day;
}

/** `DD/MM/YYYY HH:mm` of an RFC 3339 date-time (the API's `DateTime`). */
export const formatDateTime = (value: string | null | undefined) => (value ? format(new Date(value), false) : '-');

/** `DD/MM/YYYY HH:mm:ss` of an RFC 3339 date-time (the audit log: the order of close events shows). */
export const formatDateTimeSeconds = (value: string | null | undefined) => (value ? format(new Date(value), true) : '-');

/** `DD/MM/YYYY HH:mm:ss` of unix seconds (rule logs and executions). */
export const formatUnixSeconds = (value: number | null | undefined) => (value == null ? '-' : format(new Date(value * 1000), true));

/** JSON text pretty-printed; text that is not JSON comes back as it is. */
export function prettyJson(text: string | null | undefined): string {
  if (text == null) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Saves `base64` bytes as a file named `filename` through the browser's download. */
export function downloadBase64(base64: string, filename: string, type = 'application/octet-stream'): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  downloadBlob(new Blob([bytes], { type }), filename);
}

/**
 * Saves the file a download link (`DownloadResult.url`) answers as `filename`: the browser
 * streams it to disk itself, nothing of it passes through the page's memory.
 */
export function downloadUrl(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves text as a file named `filename`. */
export const downloadText = (text: string, filename: string, type = 'application/json') => downloadBlob(new Blob([text], { type }), filename);

function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, filename);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A size for people: B, KB, MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
