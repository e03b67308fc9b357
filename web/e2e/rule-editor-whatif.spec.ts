import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { graphqlAs, unique } from './api';
import { typeInEditor } from './editor';
import { expect, test } from './fixtures';
import { importContracts, type Catalogue } from './operations';

// "What if" of the document rule editor (issue 11 item 6) against the real API and worker: a
// dozen contracts with different amounts are processed by a rule whose success depends on the
// amount; in the editor the threshold changes WITHOUT saving, What if runs the unsaved code over
// the type's documents in the background, and the table lists exactly the documents whose
// outcome flips, each linking to its document. A slow variant is cancelled. Nothing is saved.
//
// Screenshots (1440×900 Italian light, 390×844 English dark, 1440×900 right-to-left), only when
// SCREENSHOT_DIR is set:  SCREENSHOT_DIR=/tmp/whatif-shots npx playwright test e2e/rule-editor-whatif.spec.ts

test.setTimeout(300_000);

/** Succeeds when the contract's amount reaches the threshold; no metas, so the dossier agrees. */
const thresholdRule = (threshold: number, slowMs = 0) => `export default function ({ rawText }) {
  const found = rawText.match(/Importo:\\s*(\\d+)/);
  const amount = found ? Number(found[1]) : 0;${slowMs > 0 ? `\n  const until = Date.now() + ${slowMs};\n  while (Date.now() < until) {}` : ''}
  return { success: amount >= ${threshold} };
}
`;

const AMOUNTS = [200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400];
/** With the threshold moved from 1000 to 1500, these contracts (1000, 1200, 1400) stop passing. */
const FLIPPING = ['contratto-5.pdf', 'contratto-6.pdf', 'contratto-7.pdf'];

interface DocumentRow {
  id: string;
  name: string;
  state: string;
}

const documentsOf = async (page: Page, dossierId: string) =>
  (
    await graphqlAs<{ documentsByDossier: DocumentRow[] }>(page, 'query E2eWhatIfDocuments($dossier: ID!) { documentsByDossier(dossier: $dossier) { id name state } }', {
      dossier: dossierId,
    })
  ).documentsByDossier;

const shotDir = process.env.SCREENSHOT_DIR;

/** axe-core over the What if panel only (the shell's own findings are other tests' business). */
async function expectPanelAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('[data-testid="whatif-panel"]').analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 120)).join(' | ')}`);
  expect(serious, `${screen}: accessibility violations`).toEqual([]);
}

const VARIANTS = [
  { name: 'desktop-it-light', viewport: { width: 1440, height: 900 }, settings: { theme: 'LIGHT' }, language: 'it' },
  { name: 'mobile-en-dark', viewport: { width: 390, height: 844 }, settings: { theme: 'DARK' }, language: 'en' },
  { name: 'desktop-it-rtl', viewport: { width: 1440, height: 900 }, settings: { theme: 'LIGHT', direction: 'rtl' }, language: 'it' },
] as const;

async function useVariant(page: Page, variant: (typeof VARIANTS)[number]) {
  await page.setViewportSize(variant.viewport);
  await page.evaluate(
    ([settings, language]) => {
      localStorage.setItem('istruttoria.settings', settings);
      localStorage.setItem('istruttoria.language', language);
    },
    [JSON.stringify(variant.settings), variant.language],
  );
}

test('What if: the unsaved threshold over a dozen processed contracts lists exactly the documents that flip', async ({ page }) => {
  await page.goto('/');
  const suffix = unique();
  const catalogue: Catalogue = { documentType: `whatif-${suffix}`.slice(0, 30), dossierType: `whatif-d-${suffix}`.slice(0, 30), suffix };
  await graphqlAs(page, 'mutation E2eWhatIfType($name: String!) { createDocumentType(input: { name: $name }) { name } }', { name: catalogue.documentType });
  await graphqlAs(page, 'mutation E2eWhatIfDossierType($name: String!) { createDossierType(input: { name: $name }) { name } }', { name: catalogue.dossierType });
  const description = `What if ${suffix}`;
  const { createDocumentRule } = await graphqlAs<{ createDocumentRule: { id: string } }>(
    page,
    'mutation E2eWhatIfRule($input: CreateDocumentRuleInput!) { createDocumentRule(input: $input) { id } }',
    { input: { documentType: catalogue.documentType, description, code: thresholdRule(1000) } },
  );
  const ruleId = createDocumentRule.id;

  // A dozen contracts, processed by the saved rule (threshold 1000).
  const dossierId = await importContracts(page, catalogue, AMOUNTS);
  await expect
    .poll(async () => (await documentsOf(page, dossierId)).filter((document) => document.state === 'processed').length, { timeout: 240_000, intervals: [2000] })
    .toBe(AMOUNTS.length);
  const documents = await documentsOf(page, dossierId);
  const idOf = (name: string) => documents.find((document) => document.name === name)?.id ?? '';

  // The editor: the threshold moves to 1500, unsaved.
  await page.goto(`/playground/documenti/${ruleId}/aggiorna`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(description);
  const code = page.getByTestId('rule-code');
  await expect(code.locator('.cm-content')).toContainText('amount >= 1000');
  await typeInEditor(code, thresholdRule(1500));
  await expect(page.getByTestId('rule-dirty')).toBeVisible();

  await page.getByRole('tab', { name: 'Prova su documenti passati' }).click();
  await expect(page).toHaveURL(/tab=what-if/);
  await expect(page.getByTestId('whatif-code-note')).toHaveText("Prova il codice dell'editor con le modifiche non salvate");
  await expect(page.getByTestId('whatif-runs')).toHaveCount(0);
  await expectAccessible(page, 'what if: the form');

  // Inline validation first.
  await page.getByTestId('whatif-limit').fill('0');
  await page.getByTestId('whatif-start').click();
  await expect(page.getByTestId('whatif-form')).toContainText('Inserisci un numero intero da 1 a 1000');
  await page.getByTestId('whatif-limit').fill('100');

  const started = page.waitForResponse((response) => (response.request().postData() ?? '').includes('RuleEditorStartWhatIf'));
  await page.getByTestId('whatif-start').click();
  const body = (await (await started).json()) as { data: { startWhatIf: { id: string } } };
  const runId = body.data.startWhatIf.id;
  await expect(page).toHaveURL(new RegExp(`whatIf=${runId}`));
  const view = page.getByTestId('whatif-run');
  await expect(view).toHaveAttribute('data-state', 'finished', { timeout: 120_000 });
  await expect(page.getByTestId('whatif-state')).toHaveText('Terminata');
  await expect(page.getByTestId('whatif-count')).toHaveText('12 / 12 documenti provati');
  await expect(page.getByTestId('whatif-summary')).toHaveText('3 documenti su 12 cambierebbero esito.');

  // Exactly the documents whose outcome flips, each linking to its document.
  const table = page.getByTestId('whatif-changes');
  await expect(table.locator('tbody tr[data-row]')).toHaveCount(FLIPPING.length);
  const listed = await table.locator('tbody tr[data-row] td:first-child a').allTextContents();
  expect(listed.sort()).toEqual([...FLIPPING].sort());
  for (const name of FLIPPING) {
    const row = page.getByTestId(`row-${idOf(name)}`);
    await expect(row.getByRole('link', { name })).toHaveAttribute('href', `/dossier/dettagli/${dossierId}/documenti/${idOf(name)}`);
    await expect(row.getByTestId('whatif-kinds')).toHaveText('Riuscita cambiata');
    await expect(row.getByTestId('whatif-flip')).toHaveText('SI diventa NO');
  }

  // The comparison of one: the last recorded execution against the unsaved code.
  const first = idOf(FLIPPING[0] ?? '');
  await page.getByTestId(`whatif-details-${first}`).click();
  const detail = page.getByTestId(`whatif-detail-${first}`);
  await expect(detail.getByTestId('whatif-before')).toContainText('"success": true');
  await expect(detail.getByTestId('whatif-after')).toContainText('"success": false');
  await expectAccessible(page, 'what if: a finished run');

  // Nothing was saved: the rule keeps its threshold, the editor its edit.
  const saved = await graphqlAs<{ documentRule: { code: string } }>(page, 'query E2eWhatIfSaved($id: ID!) { documentRule(id: $id) { code } }', { id: ruleId });
  expect(saved.documentRule.code).toContain('amount >= 1000');
  await expect(page.getByTestId('rule-dirty')).toBeVisible();

  // The link opens the document.
  await page.getByTestId(`row-${first}`).getByRole('link').click();
  await page.getByRole('button', { name: 'Esci senza salvare' }).click();
  await expect(page).toHaveURL(`/dossier/dettagli/${dossierId}/documenti/${first}`);

  // A reload of the address shows the run again, from the list of the rule's runs too.
  await page.goto(`/playground/documenti/${ruleId}/aggiorna?tab=what-if&whatIf=${runId}`);
  await expect(page.getByTestId('whatif-run')).toHaveAttribute('data-state', 'finished');
  await expect(page.getByTestId('whatif-changes').locator('tbody tr[data-row]')).toHaveCount(FLIPPING.length);
  await expect(page.getByTestId(`whatif-run-${runId}`)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId(`whatif-run-${runId}`)).toContainText('3 cambiano su 12');

  // The saved code changes nothing: "Nessun dato trovato", nessun documento cambierebbe esito.
  const again = page.waitForResponse((response) => (response.request().postData() ?? '').includes('RuleEditorStartWhatIf'));
  await page.getByTestId('whatif-start').click();
  const sameId = ((await (await again).json()) as { data: { startWhatIf: { id: string } } }).data.startWhatIf.id;
  await expect(page).toHaveURL(new RegExp(`whatIf=${sameId}`));
  await expect(page.getByTestId('whatif-run')).toHaveAttribute('data-state', 'finished', { timeout: 120_000 });
  await expect(page.getByTestId('whatif-summary')).toHaveText('Nessun documento cambierebbe esito (12 documenti provati).');
  await expect(page.getByTestId('whatif-changes').getByTestId('table-empty')).toHaveText('Nessun dato trovato');

  // A slow variant, cancelled while it runs: what it found so far stays viewable.
  await page.getByRole('tab', { name: 'Codice' }).click();
  // 12 documents × 1.5 s on 2 cores: ~9 s, time enough to check the running view and cancel it.
  await typeInEditor(code, thresholdRule(1500, 1500));
  await page.getByRole('tab', { name: 'Prova su documenti passati' }).click();
  const slow = page.waitForResponse((response) => (response.request().postData() ?? '').includes('RuleEditorStartWhatIf'));
  await page.getByTestId('whatif-start').click();
  const slowId = ((await (await slow).json()) as { data: { startWhatIf: { id: string } } }).data.startWhatIf.id;
  await expect(page).toHaveURL(new RegExp(`whatIf=${slowId}`));
  await expect(page.getByTestId('whatif-progress')).toBeVisible();
  if (shotDir) {
    mkdirSync(shotDir, { recursive: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('whatif-run').evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${shotDir}/whatif-running-desktop-it-light.png` });
  }
  await expectAccessible(page, 'what if: a running run');
  await page.getByTestId('whatif-cancel').click();
  await expect(page.getByTestId('whatif-run')).toHaveAttribute('data-state', 'cancelled');
  await expect(page.getByTestId('whatif-state')).toHaveText('Annullata');
  await expect(page.getByTestId('whatif-cancel')).toBeHidden();
  await expect(page.getByTestId(`whatif-run-${slowId}`)).toContainText('Annullata');
  // It stays cancelled (the worker sees it and stops).
  await page.waitForTimeout(3000);
  const cancelled = await graphqlAs<{ whatIfRun: { state: string } }>(page, 'query E2eWhatIfCancelled($id: ID!) { whatIfRun(id: $id) { state } }', { id: slowId });
  expect(cancelled.whatIfRun.state).toBe('cancelled');

  if (!shotDir) return;
  // Screenshots: the form and the runs, the finished run with a comparison open, no change, cancelled.
  page.on('dialog', (dialog) => void dialog.accept());
  const shoot = async (name: string) => {
    await page.mouse.move(0, 0);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${shotDir}/${name}.png` });
  };
  for (const variant of VARIANTS) {
    await useVariant(page, variant);
    await page.goto(`/playground/documenti/${ruleId}/aggiorna?tab=what-if&whatIf=${runId}`);
    await expect(page.getByTestId('whatif-changes').locator('tbody tr[data-row]')).toHaveCount(FLIPPING.length);
    await shoot(`whatif-top-${variant.name}`);
    await page.getByTestId('whatif-run').evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await shoot(`whatif-finished-${variant.name}`);
    await page.getByTestId(`whatif-details-${first}`).click();
    await page.getByTestId(`whatif-detail-${first}`).waitFor();
    await page.getByTestId(`row-${first}`).evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await shoot(`whatif-detail-${variant.name}`);
    if (variant.name === 'mobile-en-dark') await expectPanelAccessible(page, 'what if: mobile, dark');
    await page.goto(`/playground/documenti/${ruleId}/aggiorna?tab=what-if&whatIf=${sameId}`);
    await expect(page.getByTestId('whatif-summary')).toBeVisible();
    await page.getByTestId('whatif-run').evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await shoot(`whatif-nochange-${variant.name}`);
    await page.goto(`/playground/documenti/${ruleId}/aggiorna?tab=what-if&whatIf=${slowId}`);
    await expect(page.getByTestId('whatif-cancelled')).toBeVisible();
    await page.getByTestId('whatif-run').evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await shoot(`whatif-cancelled-${variant.name}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.evaluate(() => {
    localStorage.setItem('istruttoria.settings', JSON.stringify({ theme: 'LIGHT' }));
    localStorage.setItem('istruttoria.language', 'it');
  });
});
