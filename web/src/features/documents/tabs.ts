/** The tabs of the document detail (docs/domain.md#screens-and-routes), in the order shown. */
export const DOCUMENT_TABS = ['generale', 'modifica', 'regole', 'regoleeseguite', 'formdata', 'tables', 'textwithgeometry', 'rawtext'] as const;
export type DocumentTab = (typeof DOCUMENT_TABS)[number];

/** The tabs showing the extraction output (what makes the page load it). */
export const EXTRACTION_TABS: readonly DocumentTab[] = ['formdata', 'tables', 'textwithgeometry', 'rawtext'];

/** The tab named by the query string's `tab`; `fallback` (generale, or regole on /regole) when missing or unknown. */
export function tabOf(value: string | null, fallback: DocumentTab = 'generale'): DocumentTab {
  return DOCUMENT_TABS.find((tab) => tab === value) ?? fallback;
}

export const dossierPath = (dossierId: string) => `/dossier/dettagli/${encodeURIComponent(dossierId)}`;

export const documentPath = (dossierId: string, documentId: string) =>
  `${dossierPath(dossierId)}/documenti/${encodeURIComponent(documentId)}`;
