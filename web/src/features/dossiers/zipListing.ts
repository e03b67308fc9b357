import { unzipSync } from 'fflate';

/**
 * The import's archive checks in the browser (docs/domain.md#import-wizard, #input-rules-and-limits): one zip
 * only, listed without inflating anything, within the server's import limits.
 */

/** MIME types a browser may give a zip (the original specification's, beside docs/domain.md#input-rules-and-limits: zip, x-compressed, x-zip-compressed, multipart zip). */
export const ZIP_MIME_TYPES = [
  'application/zip',
  'application/x-zip',
  'application/x-compressed',
  'application/x-zip-compressed',
  'multipart/x-zip',
] as const;

/** The file input's `accept`: the MIME types and the extension. */
export const ZIP_ACCEPT = ['.zip', ...ZIP_MIME_TYPES].join(',');

/**
 * The server's import limits (`shared::config::ImportLimits`, defaults of
 * ISTRUTTORIA_IMPORT_MAX_ARCHIVE_BYTES, _MAX_ENTRIES, _MAX_UNCOMPRESSED_BYTES, _MAX_FILE_BYTES).
 * The API does not publish its configured values: these are the defaults, and the server checks
 * again (a smaller configured limit answers 400/413 with its own message).
 */
export const IMPORT_LIMITS = {
  maxArchiveBytes: 100 * 1024 * 1024,
  maxEntries: 1000,
  maxUncompressedBytes: 1024 * 1024 * 1024,
  maxFileBytes: 200 * 1024 * 1024,
} as const;

export type ImportLimits = { [K in keyof typeof IMPORT_LIMITS]: number };

/** A zip by its MIME type or, when the browser gives none that fits, its `.zip` name. */
export function isZipFile(file: Pick<File, 'name' | 'type'>): boolean {
  const type = file.type.toLowerCase();
  return ZIP_MIME_TYPES.some((accepted) => accepted === type) || file.name.toLowerCase().endsWith('.zip');
}

/** An entry the import ignores: macOS resource forks (`__MACOSX`) and directories. */
export function isIgnoredEntry(name: string): boolean {
  return name.includes('__MACOSX') || name.endsWith('/');
}

export interface ZipListing {
  /** The files to import (archive paths, in archive order), without ignored entries. */
  files: string[];
  /** Every entry of the central directory, ignored ones included (the server's entry limit counts them). */
  entryCount: number;
  /** Sum of the declared uncompressed sizes of `files`. */
  uncompressedBytes: number;
  /** The largest declared uncompressed size of one of `files`, with its name. */
  largest: { name: string; bytes: number } | null;
}

/**
 * Lists a zip's entries from its central directory; nothing is inflated (the filter refuses every
 * entry after noting it). Throws when the bytes are not a readable zip.
 */
export function listZip(bytes: Uint8Array): ZipListing {
  const listing: ZipListing = { files: [], entryCount: 0, uncompressedBytes: 0, largest: null };
  unzipSync(bytes, {
    filter: (entry) => {
      listing.entryCount += 1;
      if (!isIgnoredEntry(entry.name)) {
        listing.files.push(entry.name);
        listing.uncompressedBytes += entry.originalSize;
        if (listing.largest === null || entry.originalSize > listing.largest.bytes) {
          listing.largest = { name: entry.name, bytes: entry.originalSize };
        }
      }
      return false;
    },
  });
  return listing;
}

/** Why an archive cannot be imported, before it is read or once it is listed. */
export type ArchiveProblem =
  | { kind: 'notZip'; name: string }
  | { kind: 'tooLarge'; size: number; max: number }
  | { kind: 'tooManyEntries'; count: number; max: number }
  | { kind: 'tooManyBytes'; max: number }
  | { kind: 'fileTooLarge'; name: string; size: number; max: number }
  | { kind: 'empty' };

/** Checks of the file itself (type and size), before its bytes are read. */
export function checkArchiveFile(file: Pick<File, 'name' | 'type' | 'size'>, limits: ImportLimits = IMPORT_LIMITS): ArchiveProblem | null {
  if (!isZipFile(file)) return { kind: 'notZip', name: file.name };
  if (file.size > limits.maxArchiveBytes) return { kind: 'tooLarge', size: file.size, max: limits.maxArchiveBytes };
  return null;
}

/** Checks of the listed archive against the server's limits (zip bombs are refused unread). */
export function checkListing(listing: ZipListing, limits: ImportLimits = IMPORT_LIMITS): ArchiveProblem | null {
  if (listing.entryCount > limits.maxEntries) return { kind: 'tooManyEntries', count: listing.entryCount, max: limits.maxEntries };
  if (listing.largest !== null && listing.largest.bytes > limits.maxFileBytes) {
    return { kind: 'fileTooLarge', name: listing.largest.name, size: listing.largest.bytes, max: limits.maxFileBytes };
  }
  if (listing.uncompressedBytes > limits.maxUncompressedBytes) return { kind: 'tooManyBytes', max: limits.maxUncompressedBytes };
  if (listing.files.length === 0) return { kind: 'empty' };
  return null;
}

/** A PDF by its name (the server reads the content; this only warns in the wizard). */
export const looksLikePdf = (name: string) => name.toLowerCase().endsWith('.pdf');

/** A byte count for people: `512 B`, `1.5 MB` (decimal separator of `language`). */
export function formatBytes(bytes: number, language = 'it'): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'it-IT', { maximumFractionDigits: digits }).format(value);
  return `${number} ${units[unit]}`;
}
