import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { expectAccessible } from './a11y';
import { graphqlAs, unique } from './api';
import { editorText, typeInEditor } from './editor';
import { expect, test } from './fixtures';
import { createCatalogue, importContracts, waitForDossier, type Catalogue } from './operations';

// The rule editor of both playgrounds (docs/domain.md#playgrounds, #input-rules-and-limits,
// #messages; issue 11) against the real API and worker: syntax errors from the server as you
// type, Esegui of unsaved code on an imported document, Salva, the unsaved-changes prompt,
// 'Deve contenere', the Playground zip run with node, and Storia. `test` starts logged in as the
// administrator (fixtures.ts).
//
// Screenshots of every tab (1440×900 Italian light, 390×844 English dark), only when
// SCREENSHOT_DIR is set:  SCREENSHOT_DIR=/tmp/rule-editor-shots npx playwright test e2e/rule-editor.spec.ts

test.setTimeout(240_000);

const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });

const EXTRACT_RULE = `export default function ({ rawText }) {
  const amount = rawText.match(/Importo:\\s*(\\d+)/);
  console.log("importo trovato: " + (amount ? amount[1] : "nessuno"));
  return { success: amount !== null, metas: { importoEditor: amount ? Number(amount[1]) : null } };
}
`;

const BROKEN_RULE = `export default function ({ rawText }) {
  const amount = rawText.match(/Importo/;
  return { success: true };
}
`;

async function createDocumentRule(page: Page, documentType: string, description: string, code?: string): Promise<string> {
  const data = await graphqlAs<{ createDocumentRule: { id: string } }>(
    page,
    'mutation E2eEditorCreateRule($input: CreateDocumentRuleInput!) { createDocumentRule(input: $input) { id } }',
    { input: { documentType, description, ...(code ? { code } : {}) } },
  );
  return data.createDocumentRule.id;
}

async function firstDocument(page: Page, dossierId: string): Promise<{ id: string; name: string }> {
  const { documentsByDossier } = await graphqlAs<{ documentsByDossier: { id: string; name: string }[] }>(
    page,
    'query E2eEditorDocuments($dossier: ID!) { documentsByDossier(dossier: $dossier) { id name } }',
    { dossier: dossierId },
  );
  const first = documentsByDossier[0];
  expect(first).toBeTruthy();
  return first as { id: string; name: string };
}

const shotDir = process.env.SCREENSHOT_DIR;

async function shootTabs(page: Page, url: string, tabs: readonly string[], prefix: string) {
  if (!shotDir) return;
  mkdirSync(shotDir, { recursive: true });
  const variants = [
    { name: 'desktop-it-light', viewport: { width: 1440, height: 900 }, settings: { theme: 'LIGHT' }, language: 'it' },
    { name: 'mobile-en-dark', viewport: { width: 390, height: 844 }, settings: { theme: 'DARK' }, language: 'en' },
    { name: 'desktop-it-rtl-nature', viewport: { width: 1440, height: 900 }, settings: { theme: 'NATURE', direction: 'rtl' }, language: 'it' },
  ];
  for (const variant of variants) {
    await page.setViewportSize(variant.viewport);
    await page.evaluate(
      ([settings, language]) => {
        localStorage.setItem('istruttoria.settings', settings);
        localStorage.setItem('istruttoria.language', language);
      },
      [JSON.stringify(variant.settings), variant.language],
    );
    for (const tab of tabs) {
      await page.goto(`${url}?tab=${tab}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByTestId('rule-editor').waitFor();
      if (tab === 'risultato' || tab === 'log') {
        // The run is not kept across a reload: run again on the remembered target.
        await page.getByTestId('rule-status').waitFor();
        await page.keyboard.press('ControlOrMeta+Enter');
        await page.getByTestId(tab === 'log' ? 'run-log-panel' : 'run-result').waitFor({ timeout: 30_000 });
      }
      await page.waitForTimeout(1200); // the editor loads and the syntax check answers
      await page.screenshot({ path: `${shotDir}/${prefix}-${tab}-${variant.name}.png`, fullPage: false });
    }
    // The choice of the document or dossier.
    await page.getByTestId('rule-run-choose').click();
    await page.getByTestId('target-dialog').waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${shotDir}/${prefix}-dialog-${variant.name}.png`, fullPage: false });
    await page.keyboard.press('Escape');
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.evaluate(() => {
    localStorage.setItem('istruttoria.settings', JSON.stringify({ theme: 'LIGHT' }));
    localStorage.setItem('istruttoria.language', 'it');
  });
}

test.describe('document rule editor', () => {
  let catalogue: Catalogue;
  let dossierId = '';
  let document = { id: '', name: '' };

  test('syntax errors as you type, Esegui on a document, Salva, reload, Playground zip run with node', async ({ page }) => {
    await page.goto('/');
    catalogue = await createCatalogue(page);
    const description = `Editor ${catalogue.suffix}`;
    const ruleId = await createDocumentRule(page, catalogue.documentType, description);
    dossierId = await importContracts(page, catalogue, [1500]);
    await waitForDossier(page, dossierId, 'processed');
    document = await firstDocument(page, dossierId);

    await page.goto(`/playground/documenti/${ruleId}/aggiorna`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(description);
    await expect(page.getByTestId('breadcrumbs')).toContainText('Playground documenti');
    const code = page.getByTestId('rule-code');
    await expect(code.locator('.cm-content')).toContainText('export default function');

    // A syntax error: the server's diagnostic at line 2, in the editor and under it.
    await typeInEditor(code, BROKEN_RULE);
    await expect(page.getByTestId('check-status')).toContainText('riga 2', { timeout: 20_000 });
    await expect(code.locator('.cm-lintRange-error')).toHaveCount(1);
    const marked = await code.locator('.cm-lintRange-error').evaluate((node) => node.closest('.cm-line')?.textContent ?? '');
    expect(marked).toContain('rawText.match');
    if (shotDir) {
      mkdirSync(shotDir, { recursive: true });
      await code.locator('.cm-lintRange-error').hover();
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${shotDir}/document-syntax-error-desktop-it-light.png` });
    }
    await expect(page.getByTestId('rule-dirty')).toBeVisible();

    // Fixed: no error.
    await typeInEditor(code, EXTRACT_RULE);
    await expect(page.getByTestId('check-status')).toHaveText('Nessun errore di sintassi', { timeout: 20_000 });
    await expect(code.locator('.cm-lintRange-error')).toHaveCount(0);

    // Completion of the rule's input.
    await code.locator('.cm-content').press('ControlOrMeta+End');
    await code.locator('.cm-content').pressSequentially('\n// ');
    await code.locator('.cm-content').press('Enter');
    await code.locator('.cm-content').pressSequentially('rawTextWi');
    await expect(page.locator('.cm-tooltip-autocomplete')).toContainText('rawTextWithGeometry');
    if (shotDir) await page.screenshot({ path: `${shotDir}/document-completion-desktop-it-light.png` });
    await code.locator('.cm-content').press('Escape');
    // The functions of the module "istruttoria": picked, the import is written too.
    await code.locator('.cm-content').press('Enter');
    await code.locator('.cm-content').pressSequentially('numer');
    await expect(page.locator('.cm-tooltip-autocomplete .cm-completionLabel', { hasText: /^numero$/ })).toHaveCount(1);
    await expect(page.locator('.cm-tooltip-autocomplete')).toContainText('istruttoria: (testo: unknown) => number | null');
    if (shotDir) await page.screenshot({ path: `${shotDir}/document-completion-istruttoria-desktop-it-light.png` });
    await code.locator('.cm-content').pressSequentially('o');
    await expect(page.locator('.cm-tooltip-autocomplete li[aria-selected="true"] .cm-completionLabel')).toHaveText('numero');
    await code.locator('.cm-content').press('Enter');
    await expect.poll(() => editorText(code)).toContain("import { numero } from 'istruttoria';");
    await typeInEditor(code, EXTRACT_RULE);

    // Esegui: the document chosen in the dialog, the unsaved code run on it.
    await page.getByTestId('rule-run').click();
    const dialog = page.getByTestId('target-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('target-search').fill(document.name);
    await dialog.getByTestId(`target-document-${document.id}`).locator('xpath=..').click();
    await expectAccessible(page, 'rule editor: run dialog');
    const answered = page.waitForResponse((response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('RuleEditorRunDocumentRule'));
    await dialog.getByTestId('target-confirm').click();
    const body = (await (await answered).json()) as { data: { runTemporaryRule: { Result: string; logs: string[] } } };
    const serverResult: unknown = JSON.parse(body.data.runTemporaryRule.Result);
    expect(serverResult).toEqual({ success: true, metas: { importoEditor: 1500 } });

    await expect(page).toHaveURL(/tab=risultato/);
    await expect(page.getByTestId('run-success')).toHaveText('Superata');
    await expect(page.getByTestId('run-metas')).toContainText('importoEditor');
    await expect(page.getByTestId('run-metas')).toContainText('1500');
    await expect(page.getByTestId('run-duration')).toContainText(' s');
    await expect(page.getByTestId('run-json').locator('.cm-content')).toContainText('"importoEditor": 1500');
    await expectAccessible(page, 'rule editor: risultato');
    await page.getByRole('tab', { name: 'Log Esecuzione' }).click();
    await expect(page.getByTestId('run-logs')).toContainText('importo trovato: 1500');
    await expectAccessible(page, 'rule editor: log');

    // A second Esegui is one click: the document is remembered.
    const again = page.waitForResponse((response) => (response.request().postData() ?? '').includes('RuleEditorRunDocumentRule'));
    await page.keyboard.press('ControlOrMeta+Enter');
    await again;
    await expect(page.getByTestId('target-dialog')).toBeHidden();

    // Salva (Ctrl/Cmd+S), then a reload shows the saved code.
    await page.getByRole('tab', { name: 'Codice' }).click();
    await code.locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+s');
    await expect(toast(page, 'Regola salvata con successo')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('rule-dirty')).toBeHidden();
    await page.reload();
    await expect(code.locator('.cm-content')).toContainText('importo trovato');
    await expect.poll(() => editorText(code)).toContain('importoEditor');

    // A save refused by the compiler: the error at its line.
    await typeInEditor(code, BROKEN_RULE);
    await page.getByTestId('rule-save').click();
    await expect(toast(page, 'Impossibile salvare la regola')).toBeVisible({ timeout: 20_000 });
    await expect(code.locator('.cm-lintRange-error').first()).toBeVisible();
    // The refusal now comes back within milliseconds: the click may land while the editor is
    // still leaving its saving state, so it is repeated until the confirmation shows.
    await expect(async () => {
      await page.getByTestId('rule-reset').click({ timeout: 2_000 });
      await expect(page.getByTestId('rule-reset-confirm')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Ripristina' }).click();
    await expect(page.getByTestId('rule-dirty')).toBeHidden();
    await expect.poll(() => editorText(code)).toContain('importoEditor');

    // Playground: the zip of the saved rule on the remembered document, run with node.
    await page.getByTestId('rule-playground').click();
    await expect(dialog.getByTestId(`target-document-${document.id}`)).toBeChecked();
    const downloading = page.waitForEvent('download');
    await dialog.getByTestId('target-confirm').click();
    const download = await downloading;
    const folder = mkdtempSync(path.join(tmpdir(), 'rule-editor-'));
    const zipPath = path.join(folder, download.suggestedFilename());
    await download.saveAs(zipPath);
    for (const [name, bytes] of Object.entries(unzipSync(readFileSync(zipPath)))) writeFileSync(path.join(folder, name), bytes);
    const printed = execFileSync('node', ['run.mjs'], { cwd: folder, encoding: 'utf8', timeout: 30_000 });
    const outcomes = JSON.parse(printed) as { result: unknown; logs: string[]; errors: string[] }[];
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]?.errors).toEqual([]);
    expect(outcomes[0]?.result).toEqual(serverResult);
    expect(outcomes[0]?.logs).toEqual(body.data.runTemporaryRule.logs);

    await shootTabs(page, `/playground/documenti/${ruleId}/aggiorna`, ['codice', 'helper', 'package', 'risultato', 'log', 'modifica', 'storia'], 'document');
  });

  test('leaving with unsaved changes asks first', async ({ page }) => {
    await page.goto('/');
    const kinds = catalogue ?? (await createCatalogue(page));
    const ruleId = await createDocumentRule(page, kinds.documentType, `Uscita ${unique()}`);
    await page.goto(`/playground/documenti/${ruleId}/aggiorna?tab=modifica`);
    await page.getByTestId('rule-description').fill(`Nome cambiato ${unique()}`);
    await expect(page.getByTestId('rule-dirty')).toBeVisible();
    // Changing tab is not leaving.
    await page.getByRole('tab', { name: 'Codice' }).click();
    await expect(page.getByTestId('rule-leave-confirm')).toBeHidden();

    await page.getByTestId('breadcrumbs').getByRole('link', { name: 'Playground documenti' }).click();
    await expect(page.getByTestId('rule-leave-confirm')).toBeVisible();
    await expectAccessible(page, 'rule editor: leave prompt');
    await page.getByRole('button', { name: 'Resta' }).click();
    await expect(page).toHaveURL(new RegExp(`/playground/documenti/${ruleId}/aggiorna`));

    await page.getByTestId('breadcrumbs').getByRole('link', { name: 'Playground documenti' }).click();
    await page.getByRole('button', { name: 'Esci senza salvare' }).click();
    await expect(page).toHaveURL('/playground/documenti');
  });

  test('Storia: two saves, their diff, and a restore', async ({ page }) => {
    await page.goto('/');
    const kinds = catalogue ?? (await createCatalogue(page));
    const first = `export default function () {\n  return { success: true, versione: 1 };\n}\n`;
    const ruleId = await createDocumentRule(page, kinds.documentType, `Storia ${unique()}`, first);
    await page.goto(`/playground/documenti/${ruleId}/aggiorna`);
    const code = page.getByTestId('rule-code');
    await expect(code.locator('.cm-content')).toContainText('versione: 1');
    for (const version of [2, 3]) {
      await typeInEditor(code, first.replace('versione: 1', `versione: ${version}`));
      const saved = page.waitForResponse((response) => (response.request().postData() ?? '').includes('RuleEditorUpdateDocumentRule'), { timeout: 60_000 });
      await page.getByTestId('rule-save').click();
      expect(((await (await saved).json()) as { errors?: unknown }).errors).toBeUndefined();
      await expect(page.getByTestId('rule-dirty')).toBeHidden();
    }

    await page.getByRole('tab', { name: 'Storia' }).click();
    const table = page.getByTestId('versions-table');
    await expect(table.locator('tbody tr')).toHaveCount(3);
    // At first: the newest (B) against the one before it (A).
    await expect(page.getByTestId('version-b-3')).toBeChecked();
    await expect(page.getByTestId('version-a-2')).toBeChecked();
    const diff = page.getByTestId('version-diff');
    await expect(diff).toContainText('versione: 3');
    await expect(diff).toContainText('versione: 2');
    await page.getByTestId('version-a-1').locator('xpath=..').click();
    await expect(diff).toContainText('versione: 1');
    await expect(diff.locator('.cm-changedText, .cm-deletedChunk, .cm-changedLine').first()).toBeVisible();
    await expectAccessible(page, 'rule editor: storia');

    await page.getByTestId('version-restore-1').click();
    await expect(page.getByTestId('version-restore-confirm')).toContainText('versione 1');
    await page.getByRole('button', { name: 'Ripristina', exact: true }).click();
    await expect(toast(page, 'Versione 1 ripristinata')).toBeVisible({ timeout: 20_000 });
    await expect(table.locator('tbody tr')).toHaveCount(4);
    await page.getByRole('tab', { name: 'Codice' }).click();
    await expect(code.locator('.cm-content')).toContainText('versione: 1');
    await expect(page.getByTestId('rule-dirty')).toBeHidden();
  });
});

test('dossier rule editor: Deve contenere parsed on save, Esegui on a dossier', async ({ page }) => {
  await page.goto('/');
  const kinds = await createCatalogue(page);
  const description = `Editor dossier ${kinds.suffix}`;
  const { createDossierRule } = await graphqlAs<{ createDossierRule: { id: string } }>(
    page,
    'mutation E2eEditorCreateDossierRule($input: CreateDossierRuleInput!) { createDossierRule(input: $input) { id } }',
    {
      input: {
        description,
        istitutoAppartenenza: 'Banca Editor',
        dossierType: kinds.dossierType,
        code: 'export default function ({ metas, input }) {\n  console.log("minimo " + input.minimo);\n  return { success: input.minimo < 1000 };\n}\n',
      },
    },
  );
  const ruleId = createDossierRule.id;
  const dossierId = await importContracts(page, kinds, [1500]);

  await page.goto(`/playground/dossier/${ruleId}/aggiorna?tab=deve-contenere`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(description);
  const list = page.getByTestId('rule-must-contain');
  await typeInEditor(list, '["IBAN",');
  await page.getByTestId('rule-save').click();
  await expect(page.getByTestId('rule-must-contain-error')).toContainText('JSON non valido');
  await typeInEditor(list, '{"a": 1}');
  await page.getByTestId('rule-save').click();
  await expect(page.getByTestId('rule-must-contain-error')).toContainText('Serve una lista JSON di testi');
  await typeInEditor(list, '["IBAN", "Codice fiscale"]');
  await page.getByTestId('rule-save').click();
  await expect(toast(page, 'Regola salvata con successo')).toBeVisible({ timeout: 20_000 });
  const saved = await graphqlAs<{ dossierRule: { mustContain: string[]; notContain: string[] } }>(
    page,
    'query E2eEditorDossierRule($id: ID!) { dossierRule(id: $id) { mustContain notContain } }',
    { id: ruleId },
  );
  expect(saved.dossierRule).toEqual({ mustContain: ['IBAN', 'Codice fiscale'], notContain: [] });
  await expectAccessible(page, 'dossier rule editor: deve contenere');

  // Modifica: Nome and the institute are required.
  await page.getByRole('tab', { name: 'Modifica' }).click();
  await page.getByTestId('rule-istituto').fill('');
  await page.getByTestId('rule-save').click();
  await expect(page.getByTestId('rule-edit-form')).toContainText('Campo obbligatorio');
  await page.getByTestId('rule-istituto').fill('Banca Editor 2');
  await page.getByTestId('rule-gruppo-input').fill('cessione');
  await page.getByTestId('rule-gruppo-input').press('Enter');
  await expectAccessible(page, 'dossier rule editor: modifica');
  await page.getByTestId('rule-save').click();
  await expect(toast(page, 'Regola salvata con successo').last()).toBeVisible({ timeout: 20_000 });

  // Esegui on the imported dossier: one result per input item.
  await waitForDossier(page, dossierId, 'processed');
  await page.getByTestId('rule-run').click();
  const dialog = page.getByTestId('target-dialog');
  await dialog.getByTestId('target-search').fill(dossierId);
  await dialog.getByTestId(`target-dossier-${dossierId}`).locator('xpath=..').click();
  await dialog.getByTestId('target-item-1').locator('xpath=..').click();
  await dialog.getByTestId('target-confirm').click();
  await expect(page.getByTestId('run-items').locator('tbody tr')).toHaveCount(2, { timeout: 30_000 });
  // Item 2 (minimo 5000) shown first, as chosen.
  await expect(page.getByTestId('run-item-1')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('run-item-0')).toContainText('Superata');
  await expect(page.getByTestId('run-item-1')).toContainText('Non superata');
  await page.getByRole('tab', { name: 'Log Esecuzione' }).click();
  await expect(page.getByTestId('run-log-panel')).toContainText('minimo 5000');

  await shootTabs(page, `/playground/dossier/${ruleId}/aggiorna`, ['deve-contenere', 'non-deve-contenere', 'modifica', 'risultato'], 'dossier');
});
