import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { graphqlAs, unique } from './api';
import { expect, test } from './fixtures';

// Types, data tables and the rules list against the real API (docs/domain.md#types,
// #document-rules, #data-tables). `test` starts logged in as the administrator (fixtures.ts);
// each test creates what it needs with names of its own, and removes it.
//
// Screenshots of every screen (1440×900 and 390×844, Italian light and English dark) are taken
// by the last test, only when SCREENSHOT_DIR is set:
//   SCREENSHOT_DIR=/tmp/shots npx playwright test e2e/types-datatables-rules.spec.ts

const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });

/** Puts `text` in a CodeMirror editor, replacing what it holds. */
async function typeInEditor(editor: Locator, text: string) {
  const content = editor.locator('.cm-content');
  await content.click();
  await content.press('ControlOrMeta+a');
  await content.press('Delete');
  await content.fill(text);
}

/** Ticks a check box of a select filter (its label takes the click). */
async function choose(checkbox: Locator) {
  await checkbox.locator('xpath=..').click();
  await expect(checkbox).toBeChecked();
}

async function createRule(page: Page, documentType: string, description: string): Promise<string> {
  const data = await graphqlAs<{ createDocumentRule: { id: string } }>(
    page,
    'mutation CreateRule($t: String, $d: String) { createDocumentRule(input: { documentType: $t, description: $d }) { id } }',
    { t: documentType, d: description },
  );
  return data.createDocumentRule.id;
}

test('a document type is created (name checked), shown with its rules and deleted', async ({ page }) => {
  const name = `Tipo doc ${unique()}`;
  await page.goto('/tipologie/documenti');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tipologie documenti');
  await page.getByTestId('types-new').click();
  await expect(page).toHaveURL('/tipologie/documenti/nuova');

  await page.getByTestId('type-new-submit').click();
  await expect(page.getByText('Campo obbligatorio')).toBeVisible();
  await page.getByTestId('type-name').fill('x'.repeat(31));
  await page.getByTestId('type-new-submit').click();
  await expect(page.getByText('Massimo 30 caratteri')).toBeVisible();

  await page.getByTestId('type-name').fill(name);
  await page.getByTestId('type-new-submit').click();
  await expect(toast(page, 'Tipologia creata')).toBeVisible();
  await expect(page).toHaveURL(`/tipologie/documenti/dettagli/${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('type-rules-table')).toContainText('Nessun dato trovato');

  // The same name again: the server's message.
  await page.goto('/tipologie/documenti/nuova');
  await page.getByTestId('type-name').fill(name);
  await page.getByTestId('type-new-submit').click();
  await expect(page.getByTestId('type-new-error')).toContainText('Esiste già una tipologia');

  // A rule of the type: in its detail, code and package.json open under the row; delete is off.
  const ruleId = await createRule(page, name, 'Regola della tipologia');
  await page.goto(`/tipologie/documenti/dettagli/${encodeURIComponent(name)}`);
  const ruleRow = page.getByTestId(`row-${ruleId}`);
  await expect(ruleRow).toContainText('Regola della tipologia');
  await ruleRow.getByTestId('type-rule-toggle').click();
  await expect(page.getByTestId('type-rule-code')).toContainText('export default');
  await expect(page.getByTestId('type-rule-package')).toContainText('"name"');
  await expect(page.getByTestId('type-detail-delete')).toBeDisabled();
  await expectAccessible(page, 'document type detail');

  await page.goto('/tipologie/documenti');
  await page.getByTestId('filter-name').fill(name);
  const row = page.getByTestId(`row-${name}`);
  await expect(row.getByTestId('type-rule-count')).toHaveText('1');
  await expect(row.getByTestId('type-delete')).toBeDisabled();
  await graphqlAs(page, 'mutation DeleteRule($id: ID!) { deleteDocumentRule(id: $id) }', { id: ruleId });
  await page.getByTestId('table-refresh').click();
  await expect(row.getByTestId('type-rule-count')).toHaveText('0');
  await row.getByTestId('type-delete').click();
  await expect(page.getByTestId('confirm-dialog')).toHaveText('Azione irreversibile, continuare?');
  await page.getByRole('button', { name: 'Elimina definitivamente' }).click();
  await expect(toast(page, 'Tipologia eliminata')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('types-table')).toContainText('Nessun dato trovato');
});

test('a dossier type is created, its required metas edited, and deleted', async ({ page }) => {
  const name = `Tipo dossier ${unique()}`;
  await page.goto('/tipologie/documenti');
  await page.getByTestId('types-switch-dossier').click();
  await expect(page).toHaveURL('/tipologie/dossier');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tipologie dossier');
  await page.getByTestId('types-new').click();
  await expect(page).toHaveURL('/tipologie/dossier/nuova');
  await page.getByTestId('type-name').fill(name);
  await page.getByTestId('type-name').press('Enter');
  await expect(toast(page, 'Tipologia creata')).toBeVisible();
  await expect(page).toHaveURL(`/tipologie/dossier/dettagli/${encodeURIComponent(name)}`);

  const metas = page.getByLabel('Meta che ogni dossier della tipologia deve avere');
  await metas.fill('iban');
  await metas.press('Enter');
  await metas.fill('codiceFiscale');
  await metas.press('Enter');
  await page.getByTestId('type-metas-save').click();
  await expect(toast(page, 'Meta obbligatori aggiornati')).toBeVisible();
  await expect(page.getByTestId('type-metas-save')).toBeDisabled();

  // Kept by the server: there after a reload; one removed.
  await page.reload();
  const field = page.getByTestId('type-metas');
  await expect(field.locator('.bp6-tag')).toHaveText(['codiceFiscale', 'iban']);
  await field.locator('.bp6-tag').filter({ hasText: 'iban' }).locator('.bp6-tag-remove').click();
  await page.getByTestId('type-metas-save').click();
  await expect(toast(page, 'Meta obbligatori aggiornati')).toBeVisible();
  const saved = await graphqlAs<{ dossierType: { requiredMetas: string[] } }>(page, 'query DossierTypeMetas($n: String!) { dossierType(name: $n) { requiredMetas } }', { n: name });
  expect(saved.dossierType.requiredMetas).toEqual(['codiceFiscale']);

  await page.goto('/tipologie/dossier');
  await page.getByTestId('filter-name').fill(name);
  const row = page.getByTestId(`row-${name}`);
  await expect(row).toContainText('codiceFiscale');
  await row.getByTestId('type-details').click();
  await page.getByTestId('type-detail-delete').click();
  await page.getByRole('button', { name: 'Elimina definitivamente' }).click();
  await expect(toast(page, 'Tipologia eliminata')).toBeVisible();
  await expect(page).toHaveURL('/tipologie/dossier');
});

test('a data table is inserted with content and sort order, edited and deleted', async ({ page }) => {
  const name = `tabella_${unique()}`;
  await page.goto('/datatables');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datatables');
  await page.getByTestId('datatables-new').click();
  await expect(page).toHaveURL('/datatables/nuova');

  const editor = page.getByTestId('datatable-content');
  await expect(editor.locator('.cm-content')).toBeVisible();
  await page.getByTestId('datatable-name').fill(name);
  await page.getByTestId('datatable-ordinamento').fill('7');
  await typeInEditor(editor, '{ "24": 3.5, ');
  await page.getByTestId('datatable-submit').click();
  await expect(page.getByText('Json non valido')).toBeVisible();
  await typeInEditor(editor, '{ "24": 3.5, "36": 3.9 }');
  await page.getByTestId('datatable-submit').click();
  await expect(toast(page, 'Tabella inserita con successo')).toBeVisible();
  await expect(page).toHaveURL('/datatables');

  // The sort order, edited in its cell.
  await page.getByTestId('filter-name').fill(name);
  const row = page.getByTestId(`row-${name}`);
  await expect(row.getByTestId('datatable-order')).toHaveText('7');
  await row.getByTestId('datatable-edit-order').click();
  await row.getByTestId('datatable-order-input').fill('3');
  await row.getByTestId('datatable-order-input').press('Enter');
  await expect(toast(page, 'Datatable aggiornata')).toBeVisible();
  await expect(row.getByTestId('datatable-order')).toHaveText('3');

  // The content, edited in the detail.
  await row.getByTestId('datatable-details').click();
  await expect(page).toHaveURL(`/datatables/dettagli/${name}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('datatable-content').locator('.cm-content')).toContainText('"36": 3.9');
  await expect(page.getByTestId('datatable-ordinamento')).toHaveValue('3');
  await typeInEditor(page.getByTestId('datatable-content'), '{ "24": 4.1 }');
  await page.getByTestId('datatable-submit').click();
  await expect(toast(page, 'Tabella aggiornata con successo')).toBeVisible();
  const saved = await graphqlAs<{ dataTable: { content: string; ordinamento: number } }>(page, 'query DataTableSaved($n: String!) { dataTable(name: $n) { content ordinamento } }', { n: name });
  expect(JSON.parse(saved.dataTable.content)).toEqual({ '24': 4.1 });
  expect(saved.dataTable.ordinamento).toBe(3);

  // The other address of the detail.
  await page.goto(`/datatables/${name}`);
  await expect(page.getByTestId('datatable-content').locator('.cm-content')).toContainText('4.1');
  await expectAccessible(page, 'data table detail');
  await page.getByTestId('datatable-back').click();
  await expect(page).toHaveURL(/\/datatables(\?.*)?$/);

  await page.getByTestId('filter-name').fill(name);
  await page.getByTestId(`row-${name}`).getByTestId('datatable-delete').click();
  await page.getByRole('button', { name: 'Elimina definitivamente' }).click();
  await expect(toast(page, 'Datatable eliminata')).toBeVisible();
  await expect(page.getByTestId(`row-${name}`)).toHaveCount(0);
});

test('a rule is found on /regole by type and state, opened and deleted', async ({ page }) => {
  const type = `Tipo regole ${unique()}`;
  await page.goto('/');
  await graphqlAs(page, 'mutation CreateType($n: String!) { createDocumentType(input: { name: $n }) { name } }', { n: type });
  const active = await createRule(page, type, 'Reddito presente');
  const paused = await createRule(page, type, 'Codice fiscale valido');
  await graphqlAs(page, 'mutation PauseRule($id: ID!) { setDocumentRuleActive(id: $id, active: false) { state } }', { id: paused });

  await page.goto('/regole');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Regole');
  await page.getByTestId('filter-documentType').click();
  await choose(page.getByTestId(`filter-documentType-${type}`));
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(`row-${active}`)).toContainText('ATTIVA');
  await expect(page.getByTestId(`row-${paused}`)).toContainText('IN PAUSA');
  await expect(page.getByTestId('table-range')).toHaveText('1–2 di 2');

  await page.getByTestId('filter-state').click();
  await choose(page.getByTestId('filter-state-paused'));
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(`row-${active}`)).toHaveCount(0);
  await expect(page.getByTestId('table-range')).toHaveText('1–1 di 1');
  // Kept in the address: a reload shows the same rows.
  await page.reload();
  await expect(page.getByTestId(`row-${paused}`)).toBeVisible();
  await expect(page.getByTestId(`row-${active}`)).toHaveCount(0);

  await page.getByTestId(`row-${paused}`).getByTestId('rule-open').click();
  await expect(page).toHaveURL(`/regole/dettagli/${paused}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Codice fiscale valido');
  await expect(page.getByTestId('rule-fields')).toContainText('IN PAUSA');
  await expect(page.getByTestId('rule-code').locator('.cm-content')).toContainText('export default');
  await expectAccessible(page, 'rule detail');
  await page.getByRole('tab', { name: 'Package.json' }).click();
  await expect(page.getByTestId('rule-package').locator('.cm-content')).toContainText('"name"');
  await page.getByRole('tab', { name: /Datatables/ }).click();
  await expect(page.getByText('Nessuna datatable associata alla regola')).toBeVisible();

  await page.getByTestId('rule-delete').click();
  await page.getByRole('button', { name: 'Elimina definitivamente' }).click();
  await expect(toast(page, 'Regola eliminata')).toBeVisible();
  await expect(page).toHaveURL(/\/regole(\?.*)?$/);
  await expect(page.getByTestId(`row-${paused}`)).toHaveCount(0);

  await graphqlAs(page, 'mutation DeleteRule($id: ID!) { deleteDocumentRule(id: $id) }', { id: active });
  await graphqlAs(page, 'mutation DeleteType($n: String!) { deleteDocumentType(name: $n) }', { n: type });
});

// ---------------------------------------------------------------------------------------
// Screenshots of every screen of the three areas.

const dir = process.env.SCREENSHOT_DIR;

test('screenshots of types, rules and data tables', async ({ page }) => {
  test.skip(!dir, 'set SCREENSHOT_DIR to take screenshots');
  test.setTimeout(240_000);
  const suffix = unique();
  const documentType = `CUD ${suffix}`;
  const dossierType = `cessione ${suffix}`;
  const table = `tassi_${suffix}`;
  await page.goto('/');
  await graphqlAs(page, 'mutation ShotType($n: String!) { createDocumentType(input: { name: $n }) { name } }', { n: documentType });
  await graphqlAs(page, 'mutation ShotDossierType($n: String!) { createDossierType(input: { name: $n }) { name } }', { n: dossierType });
  await graphqlAs(page, 'mutation ShotMetas($n: String!) { setDossierTypeRequiredMetas(name: $n, metas: ["iban", "codiceFiscale", "dataNascita"]) { name } }', { n: dossierType });
  await graphqlAs(page, 'mutation ShotTable($n: String) { createDataTable(input: { name: $n, ordinamento: 2, content: "{\\"24\\": 3.5, \\"36\\": 3.9, \\"48\\": [1, 2, 3]}" }) { name } }', { n: table });
  const ruleId = await createRule(page, documentType, 'Reddito annuo presente nel CUD');
  const otherRuleId = await createRule(page, documentType, 'Codice fiscale del dichiarante');
  const dossierRule = await graphqlAs<{ createDossierRule: { id: string } }>(
    page,
    'mutation ShotDossierRule($t: String) { createDossierRule(input: { description: "Durata coerente con la tabella tassi", istitutoAppartenenza: "Banca", dossierType: $t }) { id } }',
    { t: dossierType },
  );

  const screens: [string, string][] = [
    ['types-documents', '/tipologie/documenti'],
    ['types-dossier', '/tipologie/dossier'],
    ['types-new', '/tipologie/documenti/nuova'],
    ['types-document-detail', `/tipologie/documenti/dettagli/${encodeURIComponent(documentType)}`],
    ['types-dossier-detail', `/tipologie/dossier/dettagli/${encodeURIComponent(dossierType)}`],
    ['rules', '/regole'],
    ['rule-detail', `/regole/dettagli/${ruleId}`],
    ['datatables', '/datatables'],
    ['datatables-new', '/datatables/nuova'],
    ['datatable-detail', `/datatables/dettagli/${table}`],
  ];
  const looks = [
    { name: 'it-light', theme: 'LIGHT', language: 'it' },
    { name: 'en-dark', theme: 'DARK', language: 'en' },
  ];
  const sizes = [
    { name: 'desktop', width: 1440, height: 900 },
    { name: 'mobile', width: 390, height: 844 },
  ];
  for (const look of looks) {
    await page.evaluate(
      ([theme, language]) => {
        localStorage.setItem('istruttoria.settings', JSON.stringify({ theme }));
        localStorage.setItem('istruttoria.language', language);
      },
      [look.theme, look.language],
    );
    for (const size of sizes) {
      await page.setViewportSize({ width: size.width, height: size.height });
      for (const [name, path] of screens) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        if (name === 'types-document-detail') await page.getByTestId('type-rule-toggle').first().click();
        if (name === 'types-dossier-detail') await page.getByTestId('type-rule-toggle').first().click();
        if (['rule-detail', 'datatables-new', 'datatable-detail'].includes(name)) await page.locator('.cm-content').first().waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${dir}/${size.name}-${look.name}-${name}.png`, fullPage: true });
      }
    }
  }
  await page.evaluate(() => {
    localStorage.setItem('istruttoria.settings', JSON.stringify({ theme: 'LIGHT' }));
    localStorage.setItem('istruttoria.language', 'it');
  });
  for (const id of [ruleId, otherRuleId]) await graphqlAs(page, 'mutation ShotDeleteRule($id: ID!) { deleteDocumentRule(id: $id) }', { id });
  await graphqlAs(page, 'mutation ShotDeleteDossierRule($id: ID!) { deleteDossierRule(id: $id) }', { id: dossierRule.createDossierRule.id });
  await graphqlAs(page, 'mutation ShotDeleteType($n: String!) { deleteDocumentType(name: $n) }', { n: documentType });
  await graphqlAs(page, 'mutation ShotDeleteDossierType($n: String!) { deleteDossierType(name: $n) }', { n: dossierType });
  await graphqlAs(page, 'mutation ShotDeleteTable($n: String!) { deleteDataTable(name: $n) }', { n: table });
});
