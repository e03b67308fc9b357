import type { Page } from '@playwright/test';
import { graphqlAs } from './api';
import { expect } from './fixtures';
import { createCatalogue, importContracts, waitForDossier } from './operations';

/** A failed job of the e2e run, as `failedJobs` lists it. */
export interface FailedJob {
  id: string;
  queue: string;
  dossierId: string | null;
  error: string;
}

const FAILED = `query($filter: FailedJobFilter) {
  failedJobs(filter: $filter, page: { pageSize: 50 }) { total items { id queue dossierId error } }
}`;

/** The failed jobs whose error contains `text`. */
export async function failedJobsWith(page: Page, text: string): Promise<FailedJob[]> {
  const data = await graphqlAs<{ failedJobs: { items: FailedJob[] } }>(page, FAILED, { filter: { errorContains: text } });
  return data.failedJobs.items;
}

/**
 * A dossier whose callback fails for good at once: its callback URL is a private address that is
 * not allowed (the worker refuses it without retrying). Answers the dossier, the address and the
 * text of the job's error that names it (a filter that finds this test's jobs only).
 */
export async function dossierWithFailedCallback(page: Page): Promise<{ dossierId: string; host: string; needle: string; job: FailedJob }> {
  const host = `10.77.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
  // The error says `…: <host> (<address>) …`: this text names this host, not one it prefixes.
  const needle = `${host} (`;
  const catalogue = await createCatalogue(page);
  const dossierId = await importContracts(page, catalogue, [6000], `http://${host}/callback`);
  await waitForDossier(page, dossierId, 'processed');
  let job: FailedJob | undefined;
  await expect
    .poll(
      async () => {
        job = (await failedJobsWith(page, needle)).find((failed) => failed.dossierId === dossierId);
        return job !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  if (job === undefined) throw new Error('no failed callback');
  return { dossierId, host, needle, job };
}
