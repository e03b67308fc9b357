import AxeBuilder from '@axe-core/playwright';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { graphqlAs, unique } from './api';
import { ADMIN, expect, storedSession, test } from './fixtures';
import { makePdfPages, PDF_FIRST_LINE, PDF_PAGE, zipBase64 } from './pdf';

// The document detail against the real API and worker: a dossier with one PDF is imported
// through POST /import_dossier, the pipeline extracts it and runs the rule of its type, then the
// page is opened. `test` starts logged in as the administrator (fixtures.ts). With SCREENSHOT_DIR
// set, the last test also takes screenshots of every tab (1440×900 Italian light, 390×844
// English dark).

test.describe.configure({ mode: 'serial' });

const WORD = 'Istruttoria';
const LINES = [`${WORD} documento prova`, 'Importo 1200 euro'];
/** The second page: its first line must never join the first page's last one. */
const SECOND_PAGE = ['Trattenute 689,04', 'NETTO IN BUSTA 1.904,96 EUR'];
const RULE_DESCRIPTION = 'Controlla la parola';
const RULE_CODE = `export default function ({ rawText }) {
  return { success: rawText.includes('${WORD}'), metas: { parola: '${WORD}' } };
}
`;
const TABS: [string, string][] = [
  ['generale', 'Generale'],
  ['modifica', 'Modifica'],
  ['regole', 'Regole'],
  ['regoleeseguite', 'Regole eseguite'],
  ['formdata', 'Dati del modulo'],
  ['tables', 'Tabelle'],
  ['textwithgeometry', 'Testo con geometria'],
  ['rawtext', 'Testo grezzo'],
];

interface Imported {
  typeName: string;
  ruleId: string;
  dossierId: string;
  documentId: string;
}

let imported: Imported | null = null;

/** A document type with one rule, and a dossier of one PDF of that type, processed. */
async function importDocument(page: Page): Promise<Imported> {
  await page.goto('/');
  const typeName = `e2e-doc-${unique()}`;
  await graphqlAs(page, 'mutation E2eCreateDocumentType($input: DocumentTypeInput!) { createDocumentType(input: $input) { name } }', { input: { name: typeName } });
  const { createDocumentRule } = await graphqlAs<{ createDocumentRule: { id: string } }>(
    page,
    'mutation E2eCreateDocumentRule($input: CreateDocumentRuleInput!) { createDocumentRule(input: $input) { id } }',
    { input: { documentType: typeName, description: RULE_DESCRIPTION, code: RULE_CODE } },
  );
  const session = await storedSession(page);
  const response = await page.request.post('/import_dossier', {
    headers: { Authorization: `Bearer ${session?.accessToken ?? ''}` },
    data: {
      idValutazione: '',
      tipoContratto: 'cessione',
      base64zip: zipBase64({ 'contratto.pdf': makePdfPages([LINES, SECOND_PAGE]) }),
      files: [{ nomeFile: 'contratto.pdf', tipoDocumento: typeName }],
      input: '[{}]',
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { id: dossierId } = (await response.json()) as { id: string };

  let documentId = '';
  await expect
    .poll(
      async () => {
        const { documentsByDossier } = await graphqlAs<{ documentsByDossier: { id: string; state: string }[] }>(
          page,
          'query E2eDocumentsByDossier($dossier: ID!) { documentsByDossier(dossier: $dossier) { id state } }',
          { dossier: dossierId },
        );
        documentId = documentsByDossier[0]?.id ?? '';
        return documentsByDossier[0]?.state;
      },
      { timeout: 120_000, intervals: [500, 1000, 2000] },
    )
    .toBe('processed');
  return { typeName, ruleId: createDocumentRule.id, dossierId, documentId };
}

const pathOf = ({ dossierId, documentId }: Imported) => `/dossier/dettagli/${dossierId}/documenti/${documentId}`;

test.afterAll(async ({ baseURL }) => {
  if (!imported) return;
  const context = await playwrightRequest.newContext({ baseURL });
  try {
    const login = await context.post('/graphql', {
      data: {
        query: 'mutation E2eLogin($username: String!, $password: String!) { basicLogin(username: $username, password: $password) { accessToken } }',
        variables: { username: ADMIN.email, password: ADMIN.password },
      },
    });
    const token = ((await login.json()) as { data?: { basicLogin?: { accessToken?: string } } }).data?.basicLogin?.accessToken ?? '';
    const call = (query: string, variables: Record<string, unknown>) => context.post('/graphql', { headers: { Authorization: `Bearer ${token}` }, data: { query, variables } });
    await call('mutation E2eDeleteDossier($id: ID!) { deleteDossier(id: $id) }', { id: imported.dossierId });
    await call('mutation E2eDeleteDocumentRule($id: ID!) { deleteDocumentRule(id: $id) }', { id: imported.ruleId });
    await call('mutation E2eDeleteDocumentType($name: String!) { deleteDocumentType(name: $name) }', { name: imported.typeName });
  } finally {
    await context.dispose();
  }
});

test('an imported document: its PDF, a word box on hover, tags saved, one rule run', async ({ page }) => {
  test.setTimeout(180_000);
  imported = await importDocument(page);
  const path = pathOf(imported);

  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('contratto.pdf');
  await expect(page.getByTestId('breadcrumbs')).toContainText('Dashboard');
  await expect(page.getByRole('tab', { name: 'Generale' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('field-state')).toContainText('REGOLE ESEGUITE');
  await expect(page.getByTestId('field-error')).toContainText('Nessuno');
  await expect(page.getByTestId('document-logs')).toBeVisible();

  // The PDF, drawn by pdf.js.
  const canvas = page.getByTestId('pdf-viewer').locator('canvas');
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('pdf-pages')).toHaveText('di 2');
  const viewerHeight = await page.locator('.pdf-viewer__scroll').evaluate((element) => element.getBoundingClientRect().height);
  expect(viewerHeight).toBe(650);

  // textwithgeometry: hovering a word draws its box where the word is on the page.
  await page.getByRole('tab', { name: 'Testo con geometria' }).click();
  await expect(page).toHaveURL(/[?&]tab=textwithgeometry/);
  const row = page.getByTestId('word-row').filter({ hasText: WORD }).first();
  await row.hover();
  const highlight = page.getByTestId('pdf-highlight');
  await expect(highlight).toBeVisible();
  const [pageBox, wordBox] = await Promise.all([canvas.boundingBox(), highlight.boundingBox()]);
  if (!pageBox || !wordBox) throw new Error('no boxes');
  const scale = pageBox.width / PDF_PAGE.width;
  // The line starts at x = 72 pt; its top is about one font size above the baseline at 770 pt from the bottom.
  expect(Math.abs(wordBox.x - (pageBox.x + PDF_FIRST_LINE.x * scale))).toBeLessThan(4 * scale + 2);
  const expectedTop = (PDF_PAGE.height - PDF_FIRST_LINE.baseline - PDF_FIRST_LINE.fontSize) * scale;
  expect(Math.abs(wordBox.y - pageBox.y - expectedTop)).toBeLessThan(8 * scale + 2);
  expect(wordBox.height).toBeGreaterThan(PDF_FIRST_LINE.fontSize * 0.6 * scale);
  expect(wordBox.height).toBeLessThan(PDF_FIRST_LINE.fontSize * 1.6 * scale);

  // rawtext: the search marks the word in the text and on the page.
  await page.getByRole('tab', { name: 'Testo grezzo' }).click();
  await page.getByRole('searchbox', { name: 'Cerca nel testo' }).fill('importo 1200');
  await expect(page.getByTestId('rawtext-matches')).toHaveText('1 nel testo · 1 nel PDF');
  await expect(page.getByTestId('pdf-highlight')).toHaveCount(1);
  // The pages stay apart: a line that names where page 2 begins (issue 30), after a line break.
  await expect(page.getByTestId('page-break')).toHaveText('Pagina 2');
  await expect(page.getByTestId('rawtext').locator('pre')).toContainText('Importo 1200 euro\nPagina 2Trattenute 689,04');

  // modifica: the tags, saved.
  await page.getByRole('tab', { name: 'Modifica' }).click();
  const editor = page.getByTestId('tags-editor').locator('.cm-content');
  await expect(editor).toContainText('{');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('{ "cliente": "e2e", "importo": 1200 }');
  await page.getByTestId('tags-save').click();
  await expect(page.locator('.bp6-toast').filter({ hasText: 'Tag aggiornati' })).toBeVisible();
  const { document } = await graphqlAs<{ document: { metas: string } }>(page, 'query E2eDocumentMetas($id: ID!) { document(id: $id) { metas } }', { id: imported.documentId });
  expect(JSON.parse(document.metas)).toEqual({ cliente: 'e2e', importo: 1200 });

  // regole: run one rule, then find its new log in regoleeseguite.
  await page.getByRole('tab', { name: 'Regole', exact: true }).click();
  await expect(page).toHaveURL(/[?&]tab=regole(&|$)/);
  const ruleRow = page.getByTestId(`rule-row-${imported.ruleId}`);
  await expect(ruleRow).toContainText(RULE_DESCRIPTION);
  await ruleRow.getByTestId('rule-expand').click();
  await expect(page.getByTestId('rule-code')).toContainText('rawText.includes');
  await ruleRow.getByTestId('rule-run').click();
  await expect(page.locator('.bp6-toast').filter({ hasText: 'Regola avviata' })).toBeVisible();
  await expect(page.locator('.bp6-toast').filter({ hasText: 'Regola eseguita: riuscita' })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('tab', { name: 'Regole eseguite' }).click();
  const table = page.getByTestId('execution-logs');
  await expect(async () => {
    await table.getByTestId('table-refresh').click();
    await expect(table.locator('tbody tr')).toHaveCount(2, { timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expect(table.locator('tbody tr').first()).toContainText(RULE_DESCRIPTION);
  await expect(table.locator('tbody tr').first()).toContainText('Riuscita');
  await table.locator('tbody tr').first().click();
  const dialog = page.getByTestId('execution-log-dialog');
  await expect(dialog).toContainText('"success": true');

  // No serious accessibility problem in the screen's own part.
  for (const tab of ['generale', 'textwithgeometry']) {
    await page.goto(`${path}?tab=${tab}`);
    await canvas.waitFor();
    const { violations } = await new AxeBuilder({ page }).include('.document-detail').analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  }

  // …/regole opens the rules tab.
  await page.goto(`${path}/regole`);
  await expect(page.getByRole('tab', { name: 'Regole', exact: true })).toHaveAttribute('aria-selected', 'true');
});

const screenshotDir = process.env.SCREENSHOT_DIR;

async function shootTabs(page: Page, settings: { theme: string }, language: 'it' | 'en', name: string) {
  if (!imported) throw new Error('no imported document');
  await page.addInitScript(
    ([settings, language]) => {
      localStorage.setItem('istruttoria.settings', settings);
      localStorage.setItem('istruttoria.language', language);
    },
    [JSON.stringify(settings), language],
  );
  for (const [tab] of TABS) {
    await page.goto(`${pathOf(imported)}?tab=${tab}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByTestId('pdf-viewer').locator('canvas').waitFor();
    if (tab === 'textwithgeometry') await page.getByTestId('word-row').filter({ hasText: WORD }).first().hover();
    if (tab === 'rawtext') await page.getByRole('searchbox').fill('importo');
    if (tab === 'regole') await page.getByTestId('rule-expand').first().click();
    if (tab === 'modifica' || tab === 'regole') await page.locator('.cm-content').first().waitFor();
    if (tab === 'regoleeseguite') await page.getByTestId('execution-logs').locator('tbody tr').first().waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${screenshotDir}/document-${name}-${tab}.png` });
    // The shell scrolls its content area, not the page: a second shot of the bottom (the PDF on a phone).
    const scrolled = await page.locator('.app-shell__content').evaluate((element) => {
      const before = element.scrollTop;
      element.scrollTop = element.scrollHeight;
      return element.scrollTop !== before;
    });
    if (scrolled) {
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${screenshotDir}/document-${name}-${tab}-bottom.png` });
    }
  }
}

test('screenshots of every tab, desktop Italian light', async ({ page }) => {
  test.skip(!screenshotDir, 'set SCREENSHOT_DIR to take screenshots');
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shootTabs(page, { theme: 'LIGHT' }, 'it', 'desktop-it-light');
});

test('screenshots of every tab, phone English dark', async ({ page }) => {
  test.skip(!screenshotDir, 'set SCREENSHOT_DIR to take screenshots');
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await shootTabs(page, { theme: 'DARK' }, 'en', 'phone-en-dark');
});
