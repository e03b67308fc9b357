import { strToU8, zipSync } from 'fflate';

/**
 * Tiny test files for the import: a valid one-page PDF (A4, Helvetica, one line of text per entry
 * of `lines`, with a correct cross-reference table) and a zip of such files.
 */

/** The PDF page's size in points, and where the first line sits (baseline, from the bottom). */
export const PDF_PAGE = { width: 595, height: 842 } as const;
export const PDF_FIRST_LINE = { x: 72, baseline: 770, fontSize: 24, leading: 32 } as const;

/** Escapes a text for a PDF literal string; only printable ASCII is kept. */
const pdfString = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');

/** A one-page PDF showing each of `lines` on its own line. */
export function makePdf(lines: readonly string[] | string): Uint8Array {
  return makePdfPages([typeof lines === 'string' ? [lines] : lines]);
}

/** A PDF of one page per entry of `pages`, each showing its lines. */
export function makePdfPages(pages: readonly (readonly string[])[]): Uint8Array {
  const { x, baseline, fontSize, leading } = PDF_FIRST_LINE;
  const font = 3 + pages.length * 2;
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${pages.map((_, i) => `${3 + i * 2} 0 R`).join(' ')}] /Count ${pages.length} >>`];
  for (const [i, texts] of pages.entries()) {
    const content = [`BT /F1 ${fontSize} Tf ${leading} TL ${x} ${baseline} Td`, ...texts.map((text, j) => `${j === 0 ? '' : 'T* '}(${pdfString(text)}) Tj`), 'ET'].join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PDF_PAGE.width} ${PDF_PAGE.height}] /Contents ${4 + i * 2} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  }
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  // Every character is ASCII: string offsets are byte offsets.
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return strToU8(pdf);
}

/** A zip (deflated) of `files`, by name. */
export function makeZip(files: Readonly<Record<string, Uint8Array>>): Uint8Array {
  return zipSync({ ...files }, { level: 6 });
}

/** The zip of `files` in base64, as `POST /import_dossier` takes it (`base64zip`). */
export function zipBase64(files: Readonly<Record<string, Uint8Array>>): string {
  return Buffer.from(makeZip(files)).toString('base64');
}
