/** Addresses of the dossier screens (docs/domain.md#screens-and-routes). */
export const dossierPath = (id: string, tab?: DossierTab) => `/dossier/dettagli/${encodeURIComponent(id)}${tab && tab !== 'generale' ? `?tab=${tab}` : ''}`;
export const documentPath = (dossierId: string, documentId: string) =>
  `/dossier/dettagli/${encodeURIComponent(dossierId)}/documenti/${encodeURIComponent(documentId)}`;

/** The tabs of the dossier detail, as `?tab=` names them. */
export const DOSSIER_TABS = ['generale', 'documenti', 'conflicts', 'status', 'results', 'input', 'logregole'] as const;
export type DossierTab = (typeof DOSSIER_TABS)[number];
export const isDossierTab = (value: string | null): value is DossierTab => DOSSIER_TABS.some((tab) => tab === value);
