import type { Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { graphqlAs, unique } from './api';
import { expect, test } from './fixtures';
import { makePdf } from './pdf';

// Rule validation against the real stack (docs/domain.md#rule-validation, #validation-states,
// #input-rules-and-limits, #messages; /validazione, /validazione/nuova, /validazione/{id}): two
// dossier rules of an institute of the test's own, a PDF of that institute uploaded through
// /validazione/nuova, the worker extracting its text and invalidating the rule whose
// `mustContain` it lacks; then the new dossier rule form tested on the same document. `test`
// starts logged in as the administrator (fixtures.ts).
//
// Screenshots of the three screens (1440×900 Italian light, 390×844 English dark, 1440×900
// right to left) are taken by the last test, only when SCREENSHOT_DIR is set:
//   SCREENSHOT_DIR=/tmp/validation-shots npx playwright test e2e/validation.spec.ts

const toast = (page: Page, text: string) => page.locator('.bp6-toast').filter({ hasText: text });
const UUID = /\/validazione\/([0-9a-f-]{36})$/;

interface Rule {
  description: string;
  mustContain: string[];
  notContain: string[];
}

async function createRule(page: Page, istituto: string, rule: Rule): Promise<string> {
  const created = await graphqlAs<{ createDossierRule: { id: string } }>(
    page,
    'mutation ValE2eRule($input: CreateDossierRuleInput!) { createDossierRule(input: $input) { id } }',
    { input: { ...rule, istitutoAppartenenza: istituto } },
  );
  return created.createDossierRule.id;
}

async function deleteRule(page: Page, id: string) {
  await graphqlAs(page, 'mutation ValE2eDeleteRule($id: ID!) { deleteDossierRule(id: $id) }', { id });
}

/** The validation documents of `istituto` (to clean up). */
async function documentsOf(page: Page, istituto: string): Promise<string[]> {
  const found = await graphqlAs<{ docValidationsPage: { items: { id: string }[] } }>(
    page,
    'query ValE2eDocs($input: TableInput) { docValidationsPage(input: $input) { items { id } } }',
    { input: { pageSize: 50, filters: [{ column: 'istitutoAppartenenza', type: 'text', value: [istituto] }] } },
  );
  return found.docValidationsPage.items.map((document) => document.id);
}

/** Uploads `pdf` for `istituto` through /validazione/nuova and answers the validation's row on /validazione. */
async function uploadThroughUi(page: Page, istituto: string, fileName: string, pdf: Uint8Array) {
  await page.goto('/validazione/nuova');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nuova validazione');
  const start = page.getByRole('button', { name: 'Avvia Validazione' });
  await expect(start).toBeDisabled();
  await page.getByLabel(/^Istituto/).fill(istituto);
  await expect(start).toBeDisabled();
  await page.getByTestId('validation-file').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
  await expect(page.getByTestId('validation-file-name')).toHaveText(fileName);
  await expect(start).toBeEnabled();
  await start.click();
  await expect(toast(page, 'Validazione avviata')).toBeVisible();
  await expect(page).toHaveURL(/\/validazione$/);
  await page.getByTestId('filter-istituto').fill(istituto);
  return page.getByTestId('validations-table').locator('tbody tr').filter({ hasText: fileName });
}

test('a PDF uploaded for an institute invalidates the rule it does not satisfy; the details link to the rule', async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = unique();
  const istituto = `Banca E2E ${suffix}`;
  const code = `CODICE-${suffix.toUpperCase()}`;
  await page.goto('/validazione');
  const passing = await createRule(page, istituto, { description: `Contiene IBAN ${suffix}`, mustContain: ['IBAN'], notContain: ['penale'] });
  const failing = await createRule(page, istituto, { description: `Contiene il codice ${suffix}`, mustContain: ['IBAN', code], notContain: [] });
  try {
    const fileName = `contratto-${suffix}.pdf`;
    const row = await uploadThroughUi(page, istituto, fileName, makePdf([`Contratto ${suffix}`, 'IBAN IT60X0542811101000000123456']));

    // The worker extracts the text and checks the institute's rules: one invalidated.
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('validation-state')).toHaveText('terminata', { timeout: 60_000 });
    await expect(row.getByTestId('rules-invalidated')).toHaveText('1');
    await expect(row).toContainText(istituto);
    await expectAccessible(page, 'validations list');

    // The document is in the other tab, with its text.
    await page.getByRole('tab', { name: 'Documenti validazione' }).click();
    await expect(page).toHaveURL(/tab=documenti/);
    await page.getByTestId('filter-istitutoAppartenenza').fill(istituto);
    const documentRow = page.getByTestId('validation-documents-table').locator('tbody tr').filter({ hasText: istituto });
    await expect(documentRow).toHaveCount(1);
    await expect(documentRow.getByTestId('download-ocr')).toBeEnabled();
    const download = page.waitForEvent('download');
    await documentRow.getByTestId('download-ocr').click();
    expect((await download).suggestedFilename()).toMatch(/\.txt$/);
    // The first document of the institute: nothing to compare it with, and it says why.
    await expect(documentRow.getByTestId('download-diff')).toBeDisabled();
    await documentRow.getByTestId('download-diff').locator('xpath=..').hover();
    // (The OCR button's tooltip may still be closing: look for this one by its text.)
    await expect(page.locator('.bp6-tooltip').filter({ hasText: 'Niente da confrontare' })).toBeVisible();
    await expectAccessible(page, 'validation documents');

    // Its details: the rule that failed, with the missing string, linking to its editor.
    await page.getByRole('tab', { name: 'Validazioni' }).click();
    await row.getByRole('button', { name: `Dettagli della validazione di ${fileName}` }).click();
    await expect(page).toHaveURL(UUID);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Validazione di ${fileName}`);
    await expect(page.getByTestId('validation-fields').getByTestId('validation-state')).toHaveText('terminata');
    const invalid = page.getByTestId(`invalid-rule-${failing}`);
    await expect(invalid).toContainText(`Contiene il codice ${suffix}`);
    await expect(invalid).toContainText(`manca «${code}»`);
    await expect(invalid).not.toContainText('manca «IBAN»');
    await expect(page.getByTestId(`invalid-rule-${passing}`)).toHaveCount(0);
    await expectAccessible(page, 'validation detail');
    await invalid.getByRole('link', { name: /^Apri regola/ }).click();
    await expect(page).toHaveURL(`/playground/dossier/${failing}/aggiorna`);

    // The playground lists it NON VALIDA, the other VALIDA.
    await page.goto(`/playground/dossier?dossierRules.f.description=${suffix}`);
    await expect(page.getByTestId(`row-${failing}`)).toContainText('NON VALIDA');
    await expect(page.getByTestId(`row-${passing}`)).toContainText('VALIDA');
    await expect(page.getByTestId(`row-${passing}`)).not.toContainText('NON VALIDA');
  } finally {
    await deleteRule(page, passing);
    await deleteRule(page, failing);
    const documents = await documentsOf(page, istituto);
    if (documents.length > 0) await graphqlAs(page, 'mutation ValE2eDeleteDocs($ids: [ID!]!) { deleteDocValidations(ids: $ids) }', { ids: documents });
  }
});

test('a refused upload says why and keeps the start disabled until another file is chosen', async ({ page }) => {
  await page.goto('/validazione/nuova');
  await page.getByLabel(/^Istituto/).fill(`Banca E2E ${unique()}`);
  await page.getByTestId('validation-file').setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('ciao') });
  await expect(page.getByTestId('validation-upload-error')).toHaveText('Il file deve essere un PDF (.pdf)');
  await expect(page.getByRole('button', { name: 'Avvia Validazione' })).toBeDisabled();
  // Named .pdf but not one: refused before anything is sent.
  await page.getByTestId('validation-file').setInputFiles({ name: 'finto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('non un pdf') });
  await page.getByRole('button', { name: 'Avvia Validazione' }).click();
  await expect(page.getByTestId('validation-upload-error')).toHaveText('Il file non è un PDF valido');
  await expect(page.getByRole('button', { name: 'Avvia Validazione' })).toBeDisabled();
  await expectAccessible(page, 'new validation (refused file)');
});

test('a new dossier rule tested on a validation file: refused with the missing string, then saved when valid', async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = unique();
  const istituto = `Banca E2E ${suffix}`;
  const description = `Regola provata ${suffix}`;
  await page.goto('/validazione');
  const created: string[] = [];
  try {
    // A document of the institute, with its text (validated here with no rule).
    const row = await uploadThroughUi(page, istituto, `prova-${suffix}.pdf`, makePdf([`Prova ${suffix}`, 'Tasso annuo nominale']));
    await expect(row.getByTestId('validation-state')).toHaveText('terminata', { timeout: 60_000 });

    await page.goto('/playground/dossier/nuova');
    await page.getByLabel(/^Nome/).fill(description);
    await page.getByLabel(/Istituto di appartenenza/).fill(istituto);
    const must = page.getByLabel('Deve contenere', { exact: true });
    await must.fill('Tasso annuo');
    await must.press('Enter');
    await must.fill(`assente-${suffix}`);
    await must.press('Enter');
    const picker = page.getByLabel('File di validazione');
    await expect(picker.locator('option')).toHaveCount(2);
    await picker.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByTestId('rule-verdict')).toContainText('Regola non valida');
    await expect(page.getByTestId('rule-verdict')).toContainText(`manca «assente-${suffix}»`);
    await expect(page).toHaveURL('/playground/dossier/nuova');
    await expectAccessible(page, 'new dossier rule (not valid)');

    // Without the missing string it is valid on the document, and saved.
    await page.locator('.bp6-tag', { hasText: `assente-${suffix}` }).getByRole('button').click();
    await expect(page.locator('.bp6-tag', { hasText: `assente-${suffix}` })).toHaveCount(0);
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(toast(page, 'Regola valida')).toBeVisible();
    await expect(page).toHaveURL(/\/playground\/dossier\/[0-9a-f-]{36}\/aggiorna$/);
    created.push(/\/playground\/dossier\/([0-9a-f-]{36})\/aggiorna$/.exec(page.url())?.[1] ?? '');
  } finally {
    for (const id of created.filter(Boolean)) await deleteRule(page, id);
    const documents = await documentsOf(page, istituto);
    if (documents.length > 0) await graphqlAs(page, 'mutation ValE2eDeleteDocs($ids: [ID!]!) { deleteDocValidations(ids: $ids) }', { ids: documents });
  }
});

const dir = process.env.SCREENSHOT_DIR;

test('screenshots of the validation screens', async ({ page }) => {
  test.skip(!dir, 'set SCREENSHOT_DIR to take screenshots');
  test.setTimeout(240_000);
  const suffix = unique();
  const istituto = `Banca Alfa ${suffix}`;
  await page.goto('/validazione');
  const rules = [
    await createRule(page, istituto, { description: `Importo minimo coerente con la durata ${suffix}`, mustContain: ['IBAN', 'Importo finanziato'], notContain: ['penale'] }),
    await createRule(page, istituto, { description: `Codice fiscale del richiedente ${suffix}`, mustContain: ['Codice fiscale'], notContain: [] }),
    await createRule(page, istituto, { description: `Tasso annuo ${suffix}`, mustContain: ['TAN'], notContain: [] }),
  ];
  try {
    const fileName = `contratto-finanziamento-${suffix}.pdf`;
    const row = await uploadThroughUi(page, istituto, fileName, makePdf([`Contratto ${suffix}`, 'TAN 5,2%', 'Clausola penale di estinzione']));
    await expect(row.getByTestId('validation-state')).toHaveText('terminata', { timeout: 60_000 });
    await row.getByTestId('validation-open').click();
    await expect(page).toHaveURL(UUID);
    const detail = new URL(page.url()).pathname;

    const screens: [string, string][] = [
      ['validations', `/validazione?validations.f.istituto=${encodeURIComponent(suffix)}`],
      ['validation-documents', `/validazione?tab=documenti&validationDocuments.f.istitutoAppartenenza=${encodeURIComponent(suffix)}`],
      ['validation-new', '/validazione/nuova'],
      ['validation-detail', detail],
    ];
    const looks = [
      { name: 'desktop-it-light', theme: 'LIGHT', language: 'it', width: 1440, height: 900, direction: 'ltr' },
      { name: 'mobile-en-dark', theme: 'DARK', language: 'en', width: 390, height: 844, direction: 'ltr' },
      { name: 'desktop-it-rtl', theme: 'NATURE', language: 'it', width: 1440, height: 900, direction: 'rtl' },
    ];
    for (const look of looks) {
      await page.evaluate(
        ({ theme, language, direction }) => {
          localStorage.setItem('istruttoria.settings', JSON.stringify({ theme, direction }));
          localStorage.setItem('istruttoria.language', language);
        },
        look,
      );
      await page.setViewportSize({ width: look.width, height: look.height });
      for (const [name, path] of screens) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        if (name === 'validation-new') {
          await page.getByTestId('validation-file').setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
          await page.getByTestId('existing-documents-table').locator('tbody tr').first().waitFor();
        }
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${dir}/${look.name}-${name}.png`, fullPage: true });
      }
    }
  } finally {
    await page.evaluate(() => {
      localStorage.setItem('istruttoria.settings', JSON.stringify({ theme: 'LIGHT' }));
      localStorage.setItem('istruttoria.language', 'it');
    });
    for (const id of rules) await deleteRule(page, id);
    const documents = await documentsOf(page, istituto);
    if (documents.length > 0) await graphqlAs(page, 'mutation ValE2eDeleteDocs($ids: [ID!]!) { deleteDocValidations(ids: $ids) }', { ids: documents });
  }
});
