import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { graphqlAs, unique } from './api';
import { expect, test } from './fixtures';
import { makePdf, makeZip } from './pdf';

// The import wizard (/dossier/import) against the real API and worker: a zip of two real PDFs
// built here goes through the five steps, Carica sends it to POST /import_dossier, and the
// worker extracts and processes it (no mock of the server).

/** Two PDFs (one in a folder), plus a macOS resource fork and a folder entry the wizard ignores. */
function archive(): Buffer {
  return Buffer.from(
    makeZip({
      'contratto.pdf': makePdf(['Contratto di finanziamento', 'Importo finanziato 10000 euro']),
      'documenti/': new Uint8Array(0),
      'documenti/busta-paga.pdf': makePdf(['Busta paga di marzo', 'Netto mensile 1500 euro']),
      '__MACOSX/._contratto.pdf': new Uint8Array([0, 5, 22, 7]),
    }),
  );
}

const PDF_NAMES = ['contratto.pdf', 'documenti/busta-paga.pdf'];

interface DossierAnswer {
  dossier: { state: string; error: string | null; idValutazione: string; input: string; dossierType: { name: string } };
}
interface DocumentsAnswer {
  documentsByDossier: { id: string; name: string; state: string; error: string | null; documentType: { name: string } | null }[];
}

async function createDocumentType(page: Page): Promise<string> {
  const name = `e2e-import-${unique()}`.slice(0, 30);
  await graphqlAs(page, 'mutation($name: String!) { createDocumentType(input: { name: $name }) { name } }', { name });
  return name;
}

/** Waits (up to `timeoutMs`) until the worker is done with the dossier; fails at once on `cannot process`. */
async function waitForProcessed(page: Page, id: string, timeoutMs = 60_000): Promise<DossierAnswer['dossier']> {
  const query = 'query($id: ID!) { dossier(id: $id) { state error idValutazione input dossierType { name } } }';
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { dossier } = await graphqlAs<DossierAnswer>(page, query, { id });
    if (dossier.state === 'processed') return dossier;
    expect(dossier.state, `dossier ${id}: ${dossier.error ?? ''}`).not.toBe('cannot process');
    expect(Date.now(), `dossier ${id} still ${dossier.state} after ${timeoutMs} ms`).toBeLessThan(until);
    await page.waitForTimeout(1000);
  }
}

const next = (page: Page) => page.getByTestId('import-next').click();

/** Accessibility violations of the screen's main area (CodeMirror's own scroller aside: its content is focusable). */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('main').exclude('.cm-scroller').analyze();
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test.describe('dossier import', () => {
  test.describe.configure({ timeout: 120_000 });

  test('imports a zip of two PDFs through the five steps; the worker processes it', async ({ page }) => {
    await page.goto('/');
    const documentType = await createDocumentType(page);
    const contractType = `e2e-imp-${unique()}`.slice(0, 30);

    await page.goto('/dossier/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();
    await expect(page.getByTestId('breadcrumbs').getByRole('link', { name: 'Dossier' })).toHaveAttribute('href', '/dossier');
    await expect(page.getByTestId('import-next')).toBeDisabled();

    // Step 0: the zip, listed in the browser.
    await page.getByTestId('import-file-input').setInputFiles({ name: 'pratica.zip', mimeType: 'application/zip', buffer: archive() });
    await expect(page.getByTestId('import-entries').getByRole('listitem')).toHaveText(PDF_NAMES);
    await expect(page.getByText('2 file da importare')).toBeVisible();
    await next(page);

    // Step 1: one type for all, a new contract type, an evaluation id.
    await expect(page.getByTestId('import-step-1')).toBeVisible();
    await expect(page.getByTestId('import-type-all').locator('option', { hasText: documentType })).toHaveCount(1);
    await page.getByTestId('import-type-all').selectOption(documentType);
    await page.getByTestId('import-type-all-apply').click();
    await expect(page.getByTestId('import-assigned-count')).toHaveText('2 di 2 file con tipologia');
    await expect(page.getByTestId('import-tipo-contratto')).toHaveValue('cessione');
    await page.getByTestId('import-tipo-contratto').fill(contractType);
    await page.getByTestId('import-id-valutazione').fill('VAL-E2E');
    await next(page);

    // Step 2: a syntax error sends the wizard back to step 1 (docs/domain.md#input-rules-and-limits), the default input is kept otherwise.
    await expect(page.getByTestId('import-input-message')).toHaveText(/JSON valido: 9 elementi/);
    const editor = page.locator('.cm-content');
    await editor.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(',');
    await expect(page.getByTestId('import-input-message')).toHaveText(/Riga 47, colonna 2: testo dopo la fine del JSON: «,»/);
    await next(page);
    await expect(page.getByText("Errore sintassi nell'input")).toBeVisible();
    await expect(page.getByTestId('import-step-1')).toBeVisible();
    await expect(page.getByTestId('import-assigned-count')).toHaveText('2 di 2 file con tipologia');
    await next(page);
    await page.getByTestId('import-input-restore').click();
    await expect(page.getByTestId('import-input-message')).toHaveText(/JSON valido: 9 elementi/);
    await next(page);

    // Step 3: no callback.
    await expect(page.getByTestId('import-callback-url')).toBeVisible();
    await page.getByTestId('import-callback-url').fill('non-un-url');
    await next(page);
    await expect(page.getByText('Serve un URL assoluto http o https')).toBeVisible();
    await page.getByTestId('import-callback-url').fill('');
    await next(page);

    // Step 4: the summary, then Carica.
    await expect(page.getByTestId('import-summary-count')).toHaveText('2');
    await expect(page.getByTestId('import-summary-input')).toHaveText('9 elementi');
    await expect(page.getByTestId('import-summary-contract')).toHaveText(contractType);
    await expect(page.getByTestId('import-summary-files').getByRole('listitem')).toHaveCount(2);
    await page.getByTestId('import-upload').click();
    await expect(page.getByText('Dossier caricato')).toBeVisible();
    await expect(page.getByText('Attendi la notifica...')).toBeVisible();

    const href = await page.getByTestId('import-open-dossier').getAttribute('href');
    const id = href?.split('/').at(-1) ?? '';
    expect(href).toBe(`/dossier/dettagli/${id}`);

    const dossier = await waitForProcessed(page, id);
    expect(dossier.idValutazione).toBe('VAL-E2E');
    expect(dossier.dossierType.name).toBe(contractType);
    expect(JSON.parse(dossier.input)).toHaveLength(9);
    const { documentsByDossier } = await graphqlAs<DocumentsAnswer>(
      page,
      'query($id: ID!) { documentsByDossier(dossier: $id) { id name state error documentType { name } } }',
      { id },
    );
    // The documents are named after the file, without the archive's folders.
    expect(documentsByDossier.map((document) => document.name).sort()).toEqual(['busta-paga.pdf', 'contratto.pdf']);
    for (const document of documentsByDossier) {
      expect(document.documentType?.name).toBe(documentType);
      expect(document.error, document.name).toBeNull();
    }
    const contract = documentsByDossier.find((document) => document.name === 'contratto.pdf');
    const { document } = await graphqlAs<{ document: { rawText: string | null } }>(page, 'query($id: ID!) { document(id: $id) { rawText } }', {
      id: contract?.id,
    });
    expect(document.rawText).toContain('Importo finanziato 10000 euro');

    // The waiting screen follows the dossier's state; Reset brings step 0 back with its defaults.
    await expect(page.getByTestId('import-waiting').getByTestId('state-tag')).toHaveAttribute('data-state', 'processed', { timeout: 15_000 });
    await page.getByTestId('import-reset').click();
    await expect(page.getByTestId('import-step-0')).toBeVisible();
    await expect(page.getByTestId('import-next')).toBeDisabled();
  });

  test('refuses what is not a zip and says so for an unreadable zip', async ({ page }) => {
    await page.goto('/dossier/import');
    await page.getByTestId('import-file-input').setInputFiles({ name: 'contratto.pdf', mimeType: 'application/pdf', buffer: Buffer.from(makePdf('ciao')) });
    await expect(page.getByTestId('import-archive-problem')).toHaveText('Il file «contratto.pdf» non è un archivio zip');
    await page.getByTestId('import-file-input').setInputFiles({ name: 'rotto.zip', mimeType: 'application/zip', buffer: Buffer.from('non sono uno zip, solo testo') });
    await expect(page.getByText('Errore nello zip')).toBeVisible();
    await expect(page.getByTestId('import-next')).toBeDisabled();
  });

  test('works with the keyboard alone up to the summary', async ({ page }) => {
    await page.goto('/dossier/import');
    const input = page.getByTestId('import-file-input');
    await input.focus();
    await expect(page.getByTestId('import-dropzone')).toHaveCSS('outline-style', 'solid');
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles({ name: 'pratica.zip', mimeType: 'application/zip', buffer: archive() });
    await expect(page.getByTestId('import-entries').getByRole('listitem')).toHaveCount(2);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('import-next').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Associa le tipologie' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('import-id-valutazione').focus();
    await page.keyboard.type('tastiera');
    await page.keyboard.press('Enter'); // the fields submit the step
    await expect(page.getByTestId('import-step-2')).toBeVisible();
    // Tab leaves the code editor (no keyboard trap) and reaches Avanti.
    await page.locator('.cm-content').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('import-back')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('import-next')).toBeFocused();
    await page.keyboard.press('Enter');
    await page.getByTestId('import-callback-url').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('import-summary')).toBeVisible();
    await expect(page.getByTestId('import-summary-id')).toHaveText('tastiera');
    expect(await axeViolations(page)).toEqual([]);
  });
});

// Screenshots of every step, taken only when SCREENSHOT_DIR is set:
//   SCREENSHOT_DIR=/tmp/import-shots npx playwright test e2e/import.spec.ts -g screenshots
const dir = process.env.SCREENSHOT_DIR;

const LOOKS = [
  { name: 'desktop-it-light', viewport: { width: 1440, height: 900 }, theme: 'LIGHT', language: 'it' },
  { name: 'mobile-en-dark', viewport: { width: 390, height: 844 }, theme: 'DARK', language: 'en' },
] as const;

test.describe('dossier import screenshots', () => {
  test.skip(!dir, 'set SCREENSHOT_DIR to take screenshots');
  test.describe.configure({ timeout: 120_000 });

  for (const look of LOOKS) {
    test(`screenshots, ${look.name}`, async ({ page }) => {
      await page.setViewportSize(look.viewport);
      await page.addInitScript(
        ([theme, language]) => {
          localStorage.setItem('istruttoria.settings', JSON.stringify({ theme }));
          localStorage.setItem('istruttoria.language', language);
        },
        [look.theme, look.language],
      );
      const shot = async (step: string) => {
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${dir}/import-${look.name}-${step}.png`, fullPage: true });
      };
      await page.goto('/');
      const documentType = await createDocumentType(page);
      await page.goto('/dossier/import');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shot('0-empty');
      await page.getByTestId('import-file-input').setInputFiles({ name: 'contratto.pdf', mimeType: 'application/pdf', buffer: Buffer.from(makePdf('x')) });
      await page.getByTestId('import-archive-problem').waitFor();
      await shot('0-refused');
      await page.getByTestId('import-file-input').setInputFiles({ name: 'pratica-di-finanziamento-marzo.zip', mimeType: 'application/zip', buffer: archive() });
      await page.getByTestId('import-entries').waitFor();
      await shot('0-chosen');
      await next(page);
      await page.getByTestId('import-type-select').first().selectOption(documentType);
      await page.getByTestId('import-tipo-contratto').fill('nuovo-tipo');
      await shot('1-types');
      await next(page);
      await page.locator('.cm-content').waitFor();
      await shot('2-input');
      await page.locator('.cm-content').click();
      await page.keyboard.press('ControlOrMeta+Home');
      await page.keyboard.type('x');
      await page.locator('.import-input__message--error').waitFor();
      await page.waitForTimeout(500); // the lint mark
      await shot('2-input-error');
      await page.getByTestId('import-input-restore').click();
      await next(page);
      await page.getByTestId('import-callback-url').fill('ftp://example');
      await next(page);
      await shot('3-callback-invalid');
      await page.getByTestId('import-callback-url').fill('https://example.com/callback/istruttoria');
      await next(page);
      await shot('4-summary');
      // No callback for the real upload (nobody would answer it).
      await page.getByTestId('import-back').click();
      await page.getByTestId('import-callback-url').fill('');
      await next(page);
      await page.getByTestId('import-upload').click();
      await page.getByTestId('import-waiting').waitFor();
      await shot('5-waiting');
    });
  }
});
