/** The dossier detail (app/routes.ts `/dossier/dettagli/:id`), where a failed job's dossier links. */
export const dossierPath = (dossierId: string) => `/dossier/dettagli/${encodeURIComponent(dossierId)}`;
