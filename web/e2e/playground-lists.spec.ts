import { randomUUID } from 'node:crypto';
import { strToU8 } from 'fflate';
import type { Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { graphqlAs, unique } from './api';
import { expect, test } from './fixtures';
import { makeZip } from './pdf';

// The playground lists and new-rule forms against the real API (docs/domain.md#playgrounds,
// #input-rules-and-limits, #messages): /playground/documenti, /playground/documenti/nuova,
// /playground/dossier, /playground/dossier/nuova. `test` starts logged in as the administrator
// (fixtures.ts); each test creates what it needs with names of its own, and removes it.
//
// Screenshots of every screen (1440×900 Italian light, 390×844 English dark) are taken by the last
// test, only when SCREENSHOT_DIR is set:
//   SCREENSHOT_DIR=/tmp/playground-shots npx playwright test e2e/playground-lists.spec.ts

const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });
const editorUrl = (kind: 'documenti' | 'dossier') => new RegExp(`/playground/${kind}/([0-9a-f-]{36})/aggiorna$`);

async function createDocumentType(page: Page, name: string) {
  await graphqlAs(page, 'mutation PgE2eType($n: String!) { createDocumentType(input: { name: $n }) { name } }', { n: name });
}

async function createDataTable(page: Page, name: string) {
  await graphqlAs(page, 'mutation PgE2eTable($n: String) { createDataTable(input: { name: $n, ordinamento: 0, content: "{}" }) { name } }', { n: name });
}

/** A zip in the format of `importDossierRules` (shared::rules::archive): one folder per rule. */
function ruleZip(rule: { id: string; description: string; code: string }) {
  return Buffer.from(
    makeZip({
      [`${rule.id}/rule.json`]: strToU8(
        JSON.stringify({ formatVersion: 1, id: rule.id, description: rule.description, istitutoAppartenenza: 'Banca E2E', gruppo: ['import'], nota: 'Importata da zip' }),
      ),
      [`${rule.id}/index.js`]: strToU8(rule.code),
    }),
  );
}

test('a document rule is created through the form, lands on its editor, is paused, activated and deleted', async ({ page }) => {
  const suffix = unique();
  const documentType = `pg-tipo-${suffix}`.slice(0, 30);
  const tableA = `pg_tab_a_${suffix}`;
  const tableB = `pg_tab_b_${suffix}`;
  const description = `Regola playground ${suffix}`;
  await page.goto('/playground/documenti');
  await createDocumentType(page, documentType);
  await createDataTable(page, tableA);
  await createDataTable(page, tableB);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Playground documenti');
  await expectAccessible(page, 'document rules list');
  await page.getByRole('button', { name: 'Nuova regola' }).click();
  await expect(page).toHaveURL('/playground/documenti/nuova');
  await expect(page.getByTestId('breadcrumbs')).toContainText('Playground documenti');

  // Nothing given: the message of docs/domain.md#input-rules-and-limits, the description focused.
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByTestId('rule-form-required')).toHaveText('Tutti i campi sono obbligatori');
  await expect(page.getByLabel(/Descrizione/)).toBeFocused();
  await expectAccessible(page, 'new document rule (errors)');

  // By keyboard: the type found on the server and chosen with Enter, two data tables.
  await page.getByLabel(/Descrizione/).fill(description);
  const type = page.getByRole('combobox', { name: /Seleziona tipologia/ });
  await type.fill(documentType);
  await expect(page.getByRole('option', { name: documentType, exact: true })).toBeVisible();
  // Enter chooses only among the names of the latest search, once they are in.
  await expect(page.locator('.pg-picker__spinner')).toHaveCount(0);
  await type.press('Enter');
  await expect(type).toHaveValue(documentType);
  // Chosen (not just typed): a single picker closes its list on a choice.
  await expect(page.getByRole('listbox', { name: /Seleziona tipologia/ })).toHaveCount(0);
  const tables = page.getByRole('combobox', { name: /Seleziona datatable/ });
  await tables.fill(suffix);
  await expect(page.getByRole('option')).toHaveCount(2);
  // Enter chooses only among the names of the latest search, once they are in.
  await expect(page.locator('.pg-picker__spinner')).toHaveCount(0);
  await tables.press('ArrowDown');
  await tables.press('Enter'); // the second: tableB
  await expect(page.getByTestId('rule-data-tables-chosen')).toContainText(tableB);
  await page.getByRole('option', { name: tableA }).click();
  await expect(page.getByTestId('rule-data-tables-chosen')).toContainText(tableA);
  await expect(page.getByTestId('rule-data-tables-chosen')).toContainText(tableB);
  await tables.press('Escape');
  await expectAccessible(page, 'new document rule (filled)');
  // Enter in a picker that holds its choice (nothing typed) submits the form.
  await type.focus();
  await type.press('Enter');

  await expect(toast(page, 'Regola salvata con successo')).toBeVisible();
  await expect(page).toHaveURL(editorUrl('documenti'));
  const id = editorUrl('documenti').exec(new URL(page.url()).pathname)?.[1] ?? '';
  const saved = await graphqlAs<{ documentRule: { documentType: { name: string }; dataTables: { name: string }[] } }>(
    page,
    'query PgE2eRule($id: ID!) { documentRule(id: $id) { documentType { name } dataTables { name } } }',
    { id },
  );
  expect(saved.documentRule.documentType.name).toBe(documentType);
  expect(saved.documentRule.dataTables.map((table) => table.name).sort()).toEqual([tableA, tableB].sort());

  // In the list: SI, paused (NO), activated again (SI), then deleted after the confirmation.
  await page.goto('/playground/documenti');
  await page.getByTestId('filter-description').fill(description);
  const row = page.getByTestId(`row-${id}`);
  await expect(row).toContainText(documentType);
  await expect(row.getByTestId('rule-active')).toHaveText('SI');
  await row.getByRole('button', { name: `Metti in pausa la regola ${description}` }).click();
  await expect(row.getByTestId('rule-active')).toHaveText('NO');
  await row.getByRole('button', { name: `Attiva la regola ${description}` }).click();
  await expect(row.getByTestId('rule-active')).toHaveText('SI');
  await row.getByRole('button', { name: `Elimina la regola ${description}` }).click();
  await expect(page.getByText('Azione irreversibile, continuare?')).toBeVisible();
  await expectAccessible(page, 'delete confirmation');
  await page.getByRole('button', { name: 'Elimina', exact: true }).click();
  await expect(toast(page, 'Regola eliminata')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('table-empty')).toBeVisible();

  await graphqlAs(page, 'mutation PgE2eDeleteType($n: String!) { deleteDocumentType(name: $n) }', { n: documentType });
  for (const table of [tableA, tableB]) await graphqlAs(page, 'mutation PgE2eDeleteTable($n: String!) { deleteDataTable(name: $n) }', { n: table });
});

test('a dossier rule is created through the form and shown in the list', async ({ page }) => {
  const suffix = unique();
  const description = `Regola dossier ${suffix}`;
  await page.goto('/playground/dossier');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Playground dossier');
  await page.getByRole('button', { name: 'Nuova regola' }).click();
  await expect(page).toHaveURL('/playground/dossier/nuova');

  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Nome regola obbligatorio')).toBeVisible();
  await expect(page.getByText('Campo obbligatorio')).toBeVisible();
  await expect(page.getByLabel(/^Nome/)).toBeFocused();
  await expectAccessible(page, 'new dossier rule (errors)');

  await page.getByLabel(/^Nome/).fill(description);
  await page.getByLabel(/Istituto di appartenenza/).fill('Banca E2E');
  const groups = page.getByLabel('Gruppo');
  await groups.fill('cessione');
  await groups.press('Enter');
  await groups.fill('delega');
  await groups.press('Enter');
  await expect(page).toHaveURL('/playground/dossier/nuova'); // Enter in the tags adds a tag, it does not submit
  await page.getByLabel('Nota').fill('Nota di prova');
  await page.getByLabel(/Istituto di appartenenza/).press('Enter');

  await expect(toast(page, 'Regola salvata con successo')).toBeVisible();
  await expect(page).toHaveURL(editorUrl('dossier'));
  const id = editorUrl('dossier').exec(new URL(page.url()).pathname)?.[1] ?? '';

  await page.goto('/playground/dossier');
  await page.getByTestId('filter-description').fill(description);
  const row = page.getByTestId(`row-${id}`);
  await expect(row).toContainText('Banca E2E');
  await expect(row.getByTestId('rule-valid')).toHaveText('VALIDA');
  await expect(row).toContainText('cessione');
  await expect(row).toContainText('delega');
  await expect(row).toContainText('Nota di prova');
  await expect(row.getByTestId('rule-active')).toHaveText('SI');
  await row.getByRole('button', { name: `Metti in pausa la regola ${description}` }).click();
  await expect(row.getByTestId('rule-active')).toHaveText('NO');
  await row.getByRole('button', { name: `Elimina la regola ${description}` }).click();
  await page.getByRole('button', { name: 'Elimina', exact: true }).click();
  await expect(toast(page, 'Regola eliminata')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('Import ZIP refuses what is not one zip, imports a rule, and "Cerca codice" finds it by its code', async ({ page }) => {
  const suffix = unique();
  const id = randomUUID();
  const word = `parola${suffix}`;
  const description = `Regola importata ${suffix}`;
  const code = `export default function ({ metas, input }) {\n  const ${word} = Object.keys(metas).length;\n  return { success: ${word} >= 0 };\n}\n`;
  test.setTimeout(120_000); // the import compiles the rule in the rule workers
  await page.goto('/playground/dossier');

  await page.getByRole('button', { name: 'Import ZIP' }).click();
  const dialog = page.getByRole('dialog', { name: 'Carica file ZIP' });
  await expect(dialog).toBeVisible();
  const input = dialog.getByTestId('import-file');
  await input.setInputFiles({ name: 'regole.txt', mimeType: 'text/plain', buffer: Buffer.from('non uno zip') });
  await expect(dialog.getByRole('alert')).toHaveText('Il file deve essere un archivio ZIP (.zip)');
  await expect(dialog.getByRole('button', { name: 'Carica' })).toBeDisabled();
  await expectAccessible(page, 'import dialog (refused)');

  await input.setInputFiles({ name: `regole-${suffix}.zip`, mimeType: 'application/zip', buffer: ruleZip({ id, description, code }) });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog).toContainText(`regole-${suffix}.zip`);
  await dialog.getByRole('button', { name: 'Carica' }).click();
  await expect(toast(page, 'File caricato')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toHaveCount(0);

  await page.getByTestId('filter-description').fill(description);
  const row = page.getByTestId(`row-${id}`);
  await expect(row).toContainText('Banca E2E');
  await expect(row).toContainText('import');
  await page.getByTestId('table-reset').click();

  // The code search: the rule found by a word of its code, its two lines under it.
  await page.getByRole('searchbox', { name: 'Cerca codice' }).fill(word.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`dossierRules\\.f\\.code=${word.toUpperCase()}`));
  await expect(row).toBeVisible();
  await expect(page.getByTestId('table-range')).toContainText('1–1 di 1');
  const matches = page.getByTestId(`expansion-${id}`).getByTestId('code-match');
  await expect(matches).toHaveCount(2);
  await expect(matches.first()).toContainText(`const ${word} = Object.keys(metas).length;`);
  await expect(matches.first().locator('mark')).toHaveText(word);
  await expectAccessible(page, 'dossier rules list with code search');

  // Importing the same zip again updates the rule (no second one).
  await page.getByRole('button', { name: 'Import ZIP' }).click();
  await dialog.getByTestId('import-file').setInputFiles({ name: 'regole.zip', mimeType: 'application/zip', buffer: ruleZip({ id, description, code }) });
  await dialog.getByRole('button', { name: 'Carica' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('table-range')).toContainText('1–1 di 1');

  // A zip the server refuses: 'Errore' with its reason, also in the dialog.
  await page.getByRole('button', { name: 'Import ZIP' }).click();
  await dialog.getByTestId('import-file').setInputFiles({ name: 'vuoto.zip', mimeType: 'application/zip', buffer: Buffer.from(makeZip({ 'leggimi.txt': strToU8('niente') })) });
  await dialog.getByRole('button', { name: 'Carica' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Lo zip non contiene regole', { timeout: 30_000 });
  await expect(toast(page, 'Errore')).toBeVisible();
  await dialog.getByRole('button', { name: 'Annulla' }).click();

  await graphqlAs(page, 'mutation PgE2eDeleteDossierRule($id: ID!) { deleteDossierRule(id: $id) }', { id });
});

// ---------------------------------------------------------------------------------------
// Screenshots of the four screens.

const dir = process.env.SCREENSHOT_DIR;

test('screenshots of the playground lists and forms', async ({ page }) => {
  test.skip(!dir, 'set SCREENSHOT_DIR to take screenshots');
  test.setTimeout(240_000);
  const suffix = unique();
  const documentType = `CUD ${suffix}`;
  const [province, tassi] = [`province_${suffix}`, `tassi_${suffix}`];
  const tables = [province, tassi, `coefficienti_${suffix}`];
  await page.goto('/');
  await createDocumentType(page, documentType);
  for (const table of tables) await createDataTable(page, table);
  const documentRules: string[] = [];
  for (const [description, nota] of [
    ['Reddito annuo presente nel CUD', 'Verificare anche il quadro C: il reddito deve essere quello dell’anno precedente alla domanda.'],
    ['Codice fiscale del dichiarante', ''],
  ] as const) {
    const created = await graphqlAs<{ createDocumentRule: { id: string } }>(
      page,
      'mutation PgShotRule($t: String, $d: String, $n: String) { createDocumentRule(input: { documentType: $t, description: $d, nota: $n }) { id } }',
      { t: documentType, d: `${description} ${suffix}`, n: nota },
    );
    documentRules.push(created.createDocumentRule.id);
  }
  await graphqlAs(page, 'mutation PgShotPause($id: ID!) { setDocumentRuleActive(id: $id, active: false) { id } }', { id: documentRules[1] });
  const dossierRules: string[] = [];
  for (const [description, gruppo] of [
    ['Importo minimo coerente con la durata', ['cessione', 'delega']],
    ['Durata massima del finanziamento', ['cessione']],
  ] as const) {
    const created = await graphqlAs<{ createDossierRule: { id: string } }>(
      page,
      'mutation PgShotDossierRule($d: String, $g: [String!]) { createDossierRule(input: { description: $d, istitutoAppartenenza: "Banca Alfa", gruppo: $g, nota: "Controllo sul piano di ammortamento", code: "export default function ({ metas, input }) {\\n  const importo = input.importo;\\n  return { success: importo > 0 };\\n}\\n" }) { id } }',
      { d: `${description} ${suffix}`, g: gruppo },
    );
    dossierRules.push(created.createDossierRule.id);
  }

  const screens: [string, string][] = [
    ['playground-documents', `/playground/documenti?documentRules.f.description=${suffix}`],
    ['playground-documents-new', '/playground/documenti/nuova'],
    ['playground-dossier', `/playground/dossier?dossierRules.f.description=${suffix}`],
    ['playground-dossier-search', `/playground/dossier?dossierRules.f.description=${suffix}&dossierRules.f.code=importo`],
    ['playground-dossier-import', `/playground/dossier?dossierRules.f.description=${suffix}`],
    ['playground-dossier-new', '/playground/dossier/nuova'],
  ];
  const looks = [
    { name: 'desktop-it-light', theme: 'LIGHT', language: 'it', width: 1440, height: 900 },
    { name: 'mobile-en-dark', theme: 'DARK', language: 'en', width: 390, height: 844 },
    { name: 'desktop-it-rtl', theme: 'LIGHT', language: 'it', width: 1440, height: 900, direction: 'rtl' },
  ];
  for (const look of looks) {
    await page.evaluate(
      ({ theme, language, direction }) => {
        localStorage.setItem('istruttoria.settings', JSON.stringify({ theme, direction }));
        localStorage.setItem('istruttoria.language', language);
      },
      { theme: look.theme, language: look.language, direction: 'direction' in look ? look.direction : 'ltr' },
    );
    await page.setViewportSize({ width: look.width, height: look.height });
    for (const [name, path] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      if (name === 'playground-documents-new') {
        await page.getByRole('button', { name: look.language === 'it' ? 'Salva' : 'Save' }).click();
        await page.getByRole('combobox').nth(0).fill(documentType);
        await page.getByRole('option', { name: documentType, exact: true }).click();
        await page.getByRole('combobox').nth(1).fill(suffix);
        await page.getByRole('option', { name: tassi }).click();
        await page.getByRole('option', { name: province }).hover();
      }
      if (name === 'playground-dossier-new') await page.getByRole('button', { name: look.language === 'it' ? 'Salva' : 'Save' }).click();
      if (name === 'playground-dossier-import') {
        await page.getByTestId('playground-import').click();
        await page.getByTestId('import-file').setInputFiles({ name: 'regole.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
      }
      if (name === 'playground-dossier-search') await page.getByTestId('code-match').first().waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${dir}/${look.name}-${name}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => {
    localStorage.setItem('istruttoria.settings', JSON.stringify({ theme: 'LIGHT' }));
    localStorage.setItem('istruttoria.language', 'it');
  });
  for (const id of documentRules) await graphqlAs(page, 'mutation PgShotDeleteRule($id: ID!) { deleteDocumentRule(id: $id) }', { id });
  for (const id of dossierRules) await graphqlAs(page, 'mutation PgShotDeleteDossierRule($id: ID!) { deleteDossierRule(id: $id) }', { id });
  await graphqlAs(page, 'mutation PgShotDeleteType($n: String!) { deleteDocumentType(name: $n) }', { n: documentType });
  for (const table of tables) await graphqlAs(page, 'mutation PgShotDeleteTable($n: String!) { deleteDataTable(name: $n) }', { n: table });
});
