import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { graphqlAs, unique } from './api';
import { expect } from './fixtures';
import { dossierWithFailedCallback } from './jobs';
import { createCatalogue, importContracts, startReceiver, waitForDossier, type CatalogueWithRules } from './operations';
import { makePdf } from './pdf';

// Every screen of the app behind the login, with the data that makes each show what it can: the
// one list the layout checks walk (layout.spec.ts: tables fit a phone, data keep their order in
// right to left). A NEW SCREEN MUST BE ADDED HERE: layout.spec's first test fails while a route of
// src/app/routes.ts has no screen in this list. The tabs of the dossier, the document, the rule
// editor, /roles and /validazione are read from their lists in src, so a new tab is walked as
// it is added (one that shows its data only on demand needs an `open` here).

/** What the screens show: made once per test worker, through the real API and worker. */
export interface Seed {
  catalogue: CatalogueWithRules;
  /** Processed, its callback received: documents, executions, aggregated inputs, logs, callbacks. */
  dossierId: string;
  /** One of its documents: extracted, its rule run. */
  documentId: string;
  /** Two documents that disagree on their metas: waits in conflicts. */
  conflictsId: string;
  dataTable: string;
  validationId: string;
  /** A callback job failed for good (/jobs lists it). */
  failedJobId: string;
}

/**
 * The contract's further lines: data a document's words, text and metas show, of the kinds that
 * a right-to-left page must not reorder (a dotted name, a "key:" word, an amount and a currency,
 * a number and its unit, a percentage).
 */
const CONTRACT_LINES = ['Datore di lavoro: Rossi S.p.A.', 'Netto 1.904,96 EUR', 'Durata 24 mesi, TAN 3,5 %'];

/** The document rule with the amount doubled: every document's metas change, so that a what if has something to show. */
const WHAT_IF_CODE = `
export default function ({ rawText }) {
  const amount = rawText.match(/Importo:\\s*(\\d+)/);
  return { success: amount !== null, metas: { importo: amount ? Number(amount[1]) * 2 : null, durata_mesi: 24 } };
}`;

let seeded: Promise<Seed> | null = null;

/** The data of the screens, made at the first call of the test worker (a minute or so). */
export function seedScreens(page: Page): Promise<Seed> {
  seeded ??= seed(page).catch((error: unknown) => {
    seeded = null;
    throw error;
  });
  return seeded;
}

async function seed(page: Page): Promise<Seed> {
  const receiver = await startReceiver();
  try {
    const catalogue = await createCatalogue(page);
    const dossierId = await importContracts(page, catalogue, [1000, 1000], receiver.url, CONTRACT_LINES);
    const conflictsId = await importContracts(page, catalogue, [1000, 1200]);
    const dataTable = `tassi_${unique()}`;
    await graphqlAs(page, 'mutation($input: CreateDataTableInput!) { createDataTable(input: $input) { name } }', {
      input: { name: dataTable, content: JSON.stringify([{ durata_mesi: 24, tan: 3.5, importo_max: 1904.96 }, { durata_mesi: 120, tan: 7.25, importo_max: 75000 }]) },
    });
    await graphqlAs(page, 'mutation($receiver: String!) { addNotificationReceiver(receiver: $receiver) { id } }', { receiver: `avvisi-${catalogue.suffix}@e2e.test` });
    // A second version of the document rule: the editor's history has two.
    await graphqlAs(page, 'mutation($id: ID!, $input: UpdateDocumentRuleInput!) { updateDocumentRule(id: $id, input: $input) { id } }', {
      id: catalogue.documentRuleId,
      input: { nota: 'Seconda versione: 24 mesi, 3,5 %' },
    });
    const validation = await graphqlAs<{ uploadRuleValidation: { id: string } }>(
      page,
      'mutation($fileName: String!, $file: String!, $istituto: String!) { uploadRuleValidation(fileName: $fileName, file: $file, istitutoAppartenenza: $istituto) { id } }',
      { fileName: `contratto-${catalogue.suffix}.pdf`, file: Buffer.from(makePdf(['Contratto di cessione del quinto', ...CONTRACT_LINES])).toString('base64'), istituto: 'Banca Test' },
    );
    const { job } = await dossierWithFailedCallback(page);
    // An API key of a machine client (/api-keys), limited to some addresses, with an expiry.
    await graphqlAs(page, 'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }', {
      input: { name: `lender-${catalogue.suffix}`, roles: ['admin'], allowedSources: ['10.1.0.0/16', '2001:db8::/32'], expiresAt: '2030-12-31T22:59:59Z' },
    });

    await waitForDossier(page, dossierId, 'processed');
    await waitForDossier(page, conflictsId, 'conflicts');
    await expect
      .poll(async () => (await graphqlAs<{ dossierCallbacks: unknown[] }>(page, 'query($id: ID!) { dossierCallbacks(id: $id) { id } }', { id: dossierId })).dossierCallbacks.length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const { documentsByDossier } = await graphqlAs<{ documentsByDossier: { id: string }[] }>(page, 'query($id: ID!) { documentsByDossier(dossier: $id) { id } }', { id: dossierId });
    const documentId = documentsByDossier[0]?.id ?? '';
    // A what if of the document rule over the type's documents (the editor's What if tab).
    await graphqlAs(page, 'mutation($input: WhatIfInput!) { startWhatIf(input: $input) { id } }', { input: { ruleId: catalogue.documentRuleId, code: WHAT_IF_CODE } });
    await expect
      .poll(async () => (await graphqlAs<{ ruleValidation: { state: string } }>(page, 'query($id: ID!) { ruleValidation(id: $id) { state } }', { id: validation.uploadRuleValidation.id })).ruleValidation.state, { timeout: 60_000 })
      .toMatch(/finished|failed/);
    return { catalogue, dossierId, documentId, conflictsId, dataTable, validationId: validation.uploadRuleValidation.id, failedJobId: job.id };
  } finally {
    receiver.close();
  }
}

/** The strings of the array `name` in src/`file` (`const NAME = ['a', 'b'] as const`). */
function sourceList(file: string, name: string): string[] {
  const source = readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8');
  const list = new RegExp(`\\b${name} = \\[([^\\]]*)\\]`).exec(source)?.[1];
  if (list === undefined) throw new Error(`no ${name} in src/${file}`);
  return [...list.matchAll(/'([^']+)'/g)].map((item) => item[1] ?? '');
}

const DOSSIER_TABS = sourceList('features/dossiers/paths.ts', 'DOSSIER_TABS');
const DOCUMENT_TABS = sourceList('features/documents/tabs.ts', 'DOCUMENT_TABS');
const EDITOR_TABS = sourceList('features/playground/editor/model.ts', 'TABS');
/** The editor's tabs of a dossier rule only (model.ts `tabsOf`). */
const DOSSIER_RULE_TABS = ['deve-contenere', 'non-deve-contenere'];
const ROLE_TABS = sourceList('features/roles/tabs.ts', 'ROLE_TABS');
const VALIDATION_TABS = sourceList('features/validation/ValidationsPage.tsx', 'TABS');

/** A screen: where it is, and what makes all of its data show once it has loaded. */
export interface Screen {
  path: string;
  /** Opens what shows only on demand (a drawer, a queue's jobs), or waits for what comes late. */
  open?: (page: Page) => Promise<void>;
}

const rows = (testId: string) => async (page: Page) => {
  await page.getByTestId(testId).locator('tbody tr').first().waitFor();
};

/** Opens the first row of the table `testId`: the dialog `dialog` shows it. */
const firstRecord = (testId: string, dialog: string) => async (page: Page) => {
  await page.getByTestId(testId).locator('tbody tr').first().click();
  await page.getByTestId(dialog).waitFor();
};

/**
 * Runs the editor's rule (Esegui) on `target`, chosen in the target dialog unless the editor
 * remembers it from a run before, then shows the editor's tab `tab`.
 */
const runOn = (target: { document: string } | { dossier: string }, tab: 'risultato' | 'log') => async (page: Page) => {
  await page.getByTestId('rule-run').click();
  const dialog = page.getByTestId('target-dialog');
  if (await dialog.waitFor({ timeout: 3_000 }).then(() => true, () => false)) {
    if ('document' in target) {
      await dialog.getByTestId(`target-document-${target.document}`).locator('xpath=..').click();
    } else {
      await dialog.getByTestId('target-search').fill(target.dossier);
      await dialog.getByTestId(`target-dossier-${target.dossier}`).locator('xpath=..').click();
      await dialog.getByTestId('target-item-1').locator('xpath=..').click();
    }
    await dialog.getByTestId('target-confirm').click();
  }
  await page.getByTestId('run-success').or(page.getByTestId('run-items')).first().waitFor();
  if (tab === 'log') await page.getByTestId('rule-tab-log').click();
};

/** Every screen behind the login, with its tabs. A new screen must be added here. */
export function screens(seed: Seed): Screen[] {
  const { catalogue, dossierId, documentId, conflictsId, dataTable, validationId, failedJobId } = seed;
  const dossier = `/dossier/dettagli/${dossierId}`;
  const document = `${dossier}/documenti/${documentId}`;
  const documentRule = `/playground/documenti/${catalogue.documentRuleId}/aggiorna`;
  const documentOpen: Record<string, Screen['open']> = {
    // The PDF drawn; the word list scrolled to its last words (it draws only those in view).
    generale: async (page) => page.getByTestId('pdf-viewer').locator('canvas').first().waitFor(),
    textwithgeometry: async (page) => {
      await page.getByTestId('word-row').first().waitFor();
      await page.locator('.word-list').evaluate((list) => list.scrollTo(0, list.scrollHeight));
      await page.getByTestId('word-row').filter({ hasText: 'S.p.A.' }).waitFor();
    },
  };
  const conflictsOpen = async (page: Page) => page.getByTestId('conflict-importo').waitFor();
  // The what if's run, and the details of a document whose result it changes.
  const whatIfOpen = async (page: Page) => {
    await page.locator('[data-testid^="whatif-run-"]').first().click();
    await page.getByTestId('whatif-run').waitFor();
    await page.locator('[data-testid^="whatif-details-"]').first().click();
  };
  const dossierRule = `/playground/dossier/${catalogue.dossierRuleId}/aggiorna`;
  return [
    { path: '/' },
    { path: '/dashboard' },
    { path: '/account' },

    { path: '/dossier', open: rows('dossiers-table') },
    { path: '/dossier/import' },
    { path: dossier, open: rows('callbacks-table') },
    { path: `/dossier/${dossierId}` },
    { path: `${dossier}/documenti`, open: rows('dossier-documents') },
    // The conflicts tab of the dossier that has some.
    ...DOSSIER_TABS.map((tab) => (tab === 'conflicts' ? { path: `/dossier/dettagli/${conflictsId}?tab=${tab}`, open: conflictsOpen } : { path: `${dossier}?tab=${tab}` })),
    { path: `${dossier}?tab=logregole`, open: firstRecord('dossier-logs', 'record-dialog') },
    ...DOCUMENT_TABS.map((tab) => ({ path: `${document}?tab=${tab}`, open: documentOpen[tab] })),
    { path: `${document}?tab=regoleeseguite`, open: firstRecord('execution-logs', 'execution-log-dialog') },
    { path: `${document}/regole` },

    { path: '/tipologie/documenti' },
    { path: '/tipologie/documenti/nuova' },
    { path: `/tipologie/documenti/dettagli/${encodeURIComponent(catalogue.documentType)}` },
    { path: '/tipologie/dossier' },
    { path: '/tipologie/dossier/nuova' },
    { path: `/tipologie/dossier/dettagli/${encodeURIComponent(catalogue.dossierType)}` },

    { path: '/regole' },
    { path: `/regole/dettagli/${catalogue.documentRuleId}` },
    { path: '/playground/documenti' },
    { path: '/playground/documenti/nuova' },
    ...EDITOR_TABS.filter((tab) => !DOSSIER_RULE_TABS.includes(tab)).map((tab) => ({ path: `${documentRule}?tab=${tab}`, open: tab === 'what-if' ? whatIfOpen : undefined })),
    { path: `${documentRule}?tab=codice`, open: runOn({ document: documentId }, 'risultato') },
    { path: `${documentRule}?tab=codice`, open: runOn({ document: documentId }, 'log') },
    { path: '/playground/dossier' },
    { path: '/playground/dossier/nuova' },
    ...EDITOR_TABS.map((tab) => ({ path: `${dossierRule}?tab=${tab}` })),
    { path: `${dossierRule}?tab=codice`, open: runOn({ dossier: dossierId }, 'risultato') },
    { path: `${dossierRule}?tab=codice`, open: runOn({ dossier: dossierId }, 'log') },

    { path: '/datatables' },
    { path: '/datatables/nuova' },
    { path: `/datatables/dettagli/${dataTable}` },
    { path: `/datatables/${dataTable}` },

    ...VALIDATION_TABS.map((tab) => ({ path: `/validazione?tab=${tab}` })),
    { path: '/validazione/nuova' },
    { path: `/validazione/${validationId}` },

    { path: '/users' },
    { path: '/users/new' },
    { path: `/users/modifica/${encodeURIComponent('admin@e2e.test')}` },
    ...ROLE_TABS.map((tab) => ({ path: `/roles?tab=${tab}` })),
    { path: '/roles/new/ruolo' },
    { path: '/roles/new/gruppo' },
    { path: '/roles/nuova/policy' },
    { path: '/api-keys', open: rows('api-keys-table') },
    {
      path: '/api-keys/nuova',
      open: async (page) => {
        await page.getByTestId('api-key-roles').locator('input').first().waitFor();
      },
    },
    { path: '/notifications' },
    {
      path: '/jobs',
      open: async (page) => {
        await page.getByTestId('job-queue-callback').click();
        await page.getByTestId(`row-${failedJobId}`).waitFor();
      },
    },
    {
      path: '/jobs',
      open: async (page) => {
        await page.getByTestId('job-queue-callback').click();
        await page.getByTestId(`row-${failedJobId}`).getByTestId('failed-job-open').click();
        await page.getByTestId('detail-history').waitFor();
      },
    },
    { path: '/audit' },
    {
      path: '/audit',
      open: async (page) => {
        await page.getByTestId('audit-details-toggle').first().click();
      },
    },
  ];
}

/**
 * The screens a walk opens: every one, or with E2E_SCREENS set (a regular expression) those whose
 * path it matches, to look at a few while fixing them.
 */
export function screensToWalk(seed: Seed): Screen[] {
  const only = process.env.E2E_SCREENS;
  return screens(seed).filter((screen) => !only || new RegExp(only).test(screen.path));
}

/** Opens `screen` and waits until its data came and what it opens is open. */
export async function openScreen(page: Page, screen: Screen): Promise<void> {
  page.setDefaultTimeout(20_000);
  await page.goto(screen.path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  if (screen.open) {
    await screen.open(page);
    await page.waitForLoadState('networkidle');
  }
}

/**
 * The routes of src/app/routes.ts behind the login that no screen of `list` opens: a new route
 * without a screen here is not checked.
 */
export function routesWithoutScreen(list: readonly Screen[]): string[] {
  const source = readFileSync(new URL('../src/app/routes.ts', import.meta.url), 'utf8');
  const routes = [...source.matchAll(/\{ path: '([^']+)'[^}]*public: (true|false)/g)].filter((route) => route.at(2) === 'false').map((route) => route.at(1) ?? '');
  expect(routes.length, 'routes read from routes.ts').toBeGreaterThan(20);
  const paths = list.map((screen) => screen.path.split('?')[0] ?? '');
  return routes.filter((route) => {
    const pattern = new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    return !paths.some((path) => pattern.test(path));
  });
}
