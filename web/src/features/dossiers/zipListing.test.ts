import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { checkArchiveFile, checkListing, formatBytes, IMPORT_LIMITS, isIgnoredEntry, isZipFile, listZip, ZIP_ACCEPT } from './zipListing';

/** A zip with two PDFs (one in a folder), the folder's own entry and a macOS resource fork. */
function sampleZip(): Uint8Array {
  return zipSync({
    'busta-paga.pdf': strToU8('%PDF-1.4 uno'),
    'allegati/': new Uint8Array(0),
    'allegati/contratto.pdf': strToU8('%PDF-1.4 due, un po’ più lungo'),
    '__MACOSX/._busta-paga.pdf': strToU8('resource fork'),
    '__MACOSX/allegati/': new Uint8Array(0),
  });
}

describe('zip listing', () => {
  it('lists the files, without __MACOSX entries and directories, counting every entry', () => {
    const listing = listZip(sampleZip());
    expect(listing.files).toEqual(['busta-paga.pdf', 'allegati/contratto.pdf']);
    expect(listing.entryCount).toBe(5);
    expect(listing.uncompressedBytes).toBe(strToU8('%PDF-1.4 uno').length + strToU8('%PDF-1.4 due, un po’ più lungo').length);
    expect(listing.largest?.name).toBe('allegati/contratto.pdf');
  });

  it('inflates nothing: a deflated entry is listed from the central directory only', () => {
    const big = new Uint8Array(5_000_000); // zeros: deflates to a few KB
    const zip = zipSync({ 'zeri.pdf': big }, { level: 9 });
    expect(zip.length).toBeLessThan(50_000);
    const listing = listZip(zip);
    expect(listing.files).toEqual(['zeri.pdf']);
    expect(listing.uncompressedBytes).toBe(5_000_000);
  });

  it('throws on bytes that are not a zip', () => {
    expect(() => listZip(strToU8('questo non è uno zip, ma un testo abbastanza lungo'))).toThrow();
    expect(() => listZip(new Uint8Array(0))).toThrow();
  });

  it('ignores __MACOSX anywhere in the name and directories', () => {
    expect(isIgnoredEntry('__MACOSX/a.pdf')).toBe(true);
    expect(isIgnoredEntry('x/__MACOSX/a.pdf')).toBe(true);
    expect(isIgnoredEntry('cartella/')).toBe(true);
    expect(isIgnoredEntry('cartella/a.pdf')).toBe(false);
  });

  it('accepts zips by MIME type or .zip name only', () => {
    for (const type of ['application/zip', 'application/x-compressed', 'application/x-zip-compressed', 'multipart/x-zip']) {
      expect(isZipFile({ name: 'archivio', type })).toBe(true);
      expect(ZIP_ACCEPT).toContain(type);
    }
    expect(isZipFile({ name: 'ARCHIVIO.ZIP', type: '' })).toBe(true);
    expect(isZipFile({ name: 'documento.pdf', type: 'application/pdf' })).toBe(false);
    expect(ZIP_ACCEPT).toContain('.zip');
  });

  it('refuses archives over the server limits, saying by how much', () => {
    expect(checkArchiveFile({ name: 'a.zip', type: 'application/zip', size: IMPORT_LIMITS.maxArchiveBytes })).toBeNull();
    expect(checkArchiveFile({ name: 'a.zip', type: 'application/zip', size: IMPORT_LIMITS.maxArchiveBytes + 1 })).toEqual({
      kind: 'tooLarge',
      size: IMPORT_LIMITS.maxArchiveBytes + 1,
      max: 100 * 1024 * 1024,
    });
    expect(checkArchiveFile({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toEqual({ kind: 'notZip', name: 'a.pdf' });

    const listing = listZip(sampleZip());
    expect(checkListing(listing)).toBeNull();
    const small = { ...IMPORT_LIMITS, maxEntries: 4 };
    expect(checkListing(listing, small)).toEqual({ kind: 'tooManyEntries', count: 5, max: 4 });
    expect(checkListing(listing, { ...IMPORT_LIMITS, maxFileBytes: 20 })).toMatchObject({ kind: 'fileTooLarge', name: 'allegati/contratto.pdf' });
    expect(checkListing(listing, { ...IMPORT_LIMITS, maxUncompressedBytes: 30 })).toEqual({ kind: 'tooManyBytes', max: 30 });
    expect(checkListing(listZip(zipSync({ '__MACOSX/._x': new Uint8Array(1), 'vuota/': new Uint8Array(0) })))).toEqual({ kind: 'empty' });
  });

  it('formats sizes for people', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MB');
  });
});
