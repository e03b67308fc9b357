import { EditorView } from '@codemirror/view';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { FakeXhr } from './importFakeXhr';
import { DEFAULT_INPUT } from './importJson';
import { ImportWizardPage } from './ImportWizardPage';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const ZIP = zipSync({
  'busta-paga.pdf': strToU8('%PDF-1.4 busta'),
  'allegati/': new Uint8Array(0),
  'allegati/contratto.pdf': strToU8('%PDF-1.4 contratto'),
  '__MACOSX/._busta-paga.pdf': strToU8('fork'),
});
const zipFile = (bytes: Uint8Array = ZIP, name = 'pratica.zip', type = 'application/zip') => new File([new Uint8Array(bytes)], name, { type });

function api() {
  return mockGraphql({
    ImportDocumentTypes: () => ({ documentTypes: [{ name: 'contratto' }, { name: 'busta paga' }] }),
    ImportDossierTypes: () => ({ dossierTypes: [{ name: 'cessione' }, { name: 'delega' }] }),
    ImportedDossier: ({ id }) => ({ dossier: { id, state: 'processing', error: null } }),
  });
}

const render = () => renderRoutes([{ path: '/dossier/import', element: <ImportWizardPage /> }], { url: '/dossier/import' });
const next = () => fireEvent.click(screen.getByTestId('import-next'));
const back = () => fireEvent.click(screen.getByTestId('import-back'));
const step = (index: number) => screen.findByTestId(`import-step-${index}`);

async function chooseZip(file = zipFile()) {
  fireEvent.change(screen.getByTestId('import-file-input'), { target: { files: [file] } });
}

/** Replaces the CodeMirror document (loaded lazily) with `text`. */
async function typeInput(text: string) {
  const editor = await waitFor(() => {
    const element = document.querySelector('.cm-editor');
    if (!(element instanceof HTMLElement)) throw new Error('no editor yet');
    return element;
  });
  const view = EditorView.findFromDOM(editor);
  if (view === null) throw new Error('no EditorView');
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

// jsdom lays nothing out: CodeMirror's measuring needs these on Range.
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= emptyRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

beforeEach(() => {
  vi.clearAllMocks();
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => FakeXhr.reset());

describe('import wizard', () => {
  it('shows the title, the breadcrumb and the five steps; Avanti waits for a zip', async () => {
    api();
    await render();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Import');
    const crumbs = screen.getByTestId('breadcrumbs');
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    expect(within(crumbs).getByRole('link', { name: 'Dossier' }).getAttribute('href')).toBe('/dossier');
    const steps = within(screen.getByTestId('import-stepper')).getAllByRole('listitem');
    expect(steps.map((item) => item.textContent?.replace(/^\d/, ''))).toEqual([
      "Seleziona l'archivio",
      'Associa le tipologie',
      'Inserisci gli input',
      'Callback URL',
      'Riepilogo',
    ]);
    expect(steps[0]?.getAttribute('aria-current')).toBe('step');
    expect(screen.getByTestId('import-next')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('import-back')).toHaveProperty('disabled', true);
    expect(screen.getByText('Un solo file .zip, al massimo 100 MB')).toBeTruthy();
  });

  it('lists the zip in the browser without __MACOSX entries and directories', async () => {
    api();
    await render();
    await chooseZip();
    const entries = await screen.findByTestId('import-entries');
    expect(within(entries).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['busta-paga.pdf', 'allegati/contratto.pdf']);
    expect(screen.getByText('2 file da importare')).toBeTruthy();
    expect(screen.getByTestId('import-next')).toHaveProperty('disabled', false);
  });

  it("says 'Errore nello zip' for an unreadable zip and refuses other files and several files", async () => {
    api();
    await render();
    await chooseZip(zipFile(strToU8('non sono uno zip, ma ne ho il nome e sono lungo abbastanza')));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Errore nello zip'));
    expect(screen.getByTestId('import-next')).toHaveProperty('disabled', true);

    await chooseZip(new File(['%PDF'], 'documento.pdf', { type: 'application/pdf' }));
    expect((await screen.findByTestId('import-archive-problem')).textContent).toBe('Il file «documento.pdf» non è un archivio zip');

    fireEvent.drop(screen.getByTestId('import-dropzone'), { dataTransfer: { files: [zipFile(), zipFile()] } });
    await waitFor(() => expect(screen.getByTestId('import-archive-problem').textContent).toBe('Scegli un solo archivio zip'));
    expect(screen.getByTestId('import-next')).toHaveProperty('disabled', true);

    fireEvent.drop(screen.getByTestId('import-dropzone'), { dataTransfer: { files: [zipFile()] } });
    await screen.findByTestId('import-entries');
    expect(screen.queryByTestId('import-archive-problem')).toBeNull();
  });

  it('refuses an archive over the server limit, showing its size', async () => {
    api();
    await render();
    const big = zipFile();
    Object.defineProperty(big, 'size', { value: 150 * 1024 * 1024 });
    await chooseZip(big);
    expect((await screen.findByTestId('import-archive-problem')).textContent).toBe('L’archivio pesa 150 MB, oltre il limite di 100 MB');
    expect(screen.getByTestId('import-next')).toHaveProperty('disabled', true);
  });

  it('assigns a type per file or to all; going back from step 1 clears the assignments', async () => {
    api();
    await render();
    await chooseZip();
    await screen.findByTestId('import-entries');
    next();
    await step(1);
    const select = (name: string) => screen.getByLabelText(`Tipologia di ${name}`) as HTMLSelectElement;
    await waitFor(() => expect(select('busta-paga.pdf').options).toHaveLength(3));
    expect(Array.from(select('busta-paga.pdf').options).map((option) => option.value)).toEqual(['', 'busta paga', 'contratto']);
    fireEvent.change(select('busta-paga.pdf'), { target: { value: 'busta paga' } });
    expect(screen.getByTestId('import-assigned-count').textContent).toBe('1 di 2 file con tipologia');

    fireEvent.change(screen.getByTestId('import-type-all'), { target: { value: 'contratto' } });
    fireEvent.click(screen.getByTestId('import-type-all-apply'));
    expect(select('busta-paga.pdf').value).toBe('contratto');
    expect(select('allegati/contratto.pdf').value).toBe('contratto');

    back();
    await step(0);
    expect(screen.getByTestId('import-entries')).toBeTruthy(); // the archive stays
    next();
    await step(1);
    expect(select('busta-paga.pdf').value).toBe('');
    expect(select('allegati/contratto.pdf').value).toBe('');
    expect((screen.getByTestId('import-tipo-contratto') as HTMLInputElement).value).toBe('cessione');
    expect((screen.getByTestId('import-id-valutazione') as HTMLInputElement).value).toBe('');
  });

  it('shows the line and column of an input syntax error; Avanti then returns to step 1', async () => {
    api();
    await render();
    await chooseZip();
    await screen.findByTestId('import-entries');
    next();
    await step(1);
    fireEvent.change(await screen.findByLabelText('Tipologia di busta-paga.pdf'), { target: { value: '' } });
    next();
    await step(2);
    await waitFor(() => expect(screen.getByTestId('import-input-message').textContent).toContain('JSON valido: 9 elementi'));
    await typeInput('[\n  {"durata_finanziamento": 24,}\n]');
    await waitFor(() => expect(screen.getByTestId('import-input-message').textContent).toContain('Riga 2, colonna 31: carattere inatteso «}»'));
    next();
    expect(toast.error).toHaveBeenCalledWith("Errore sintassi nell'input");
    await step(1);
    next();
    await step(2);
    await typeInput('{"non": "una lista"}');
    await waitFor(() => expect(screen.getByTestId('import-input-message').textContent).toContain('L’input deve essere una lista JSON'));
    fireEvent.click(screen.getByTestId('import-input-restore'));
    await waitFor(() => expect(screen.getByTestId('import-input-message').textContent).toContain('JSON valido: 9 elementi'));
    next();
    await step(3);
  });

  it('checks the callback URL, then Carica sends the payload and shows the waiting screen', async () => {
    api();
    FakeXhr.autoRespond = { status: 200, body: { id: '0190-dossier', state: 'processing' } };
    await render();
    await chooseZip();
    await screen.findByTestId('import-entries');
    next();
    await step(1);
    await waitFor(() => expect((screen.getByLabelText('Tipologia di busta-paga.pdf') as HTMLSelectElement).options).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Tipologia di busta-paga.pdf'), { target: { value: 'busta paga' } });
    fireEvent.change(screen.getByTestId('import-id-valutazione'), { target: { value: 'VAL-7' } });
    fireEvent.change(screen.getByTestId('import-tipo-contratto'), { target: { value: 'delega' } });
    next();
    await step(2);
    await typeInput('[{"durata_finanziamento": 24}, {"durata_finanziamento": 36}]');
    next();
    await step(3);
    fireEvent.change(screen.getByTestId('import-callback-url'), { target: { value: 'ftp://example.com' } });
    next();
    expect(await screen.findByText('Serve un URL assoluto http o https')).toBeTruthy();
    expect(screen.getByTestId('import-step-3')).toBeTruthy();
    fireEvent.change(screen.getByTestId('import-callback-url'), { target: { value: 'https://example.com/cb' } });
    next();
    await step(4);

    const summary = screen.getByTestId('import-summary');
    expect(within(summary).getByTestId('import-summary-count').textContent).toContain('2');
    expect(within(summary).getByTestId('import-summary-input').textContent).toBe('2 elementi');
    expect(within(summary).getByTestId('import-summary-callback').textContent).toBe('https://example.com/cb');
    expect(within(summary).getByTestId('import-summary-contract').textContent).toBe('delega');
    expect(within(summary).getByTestId('import-summary-files').textContent).toContain('busta paga');
    expect(within(summary).getByText('1 file senza tipologia')).toBeTruthy();

    fireEvent.click(screen.getByTestId('import-upload'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Dossier caricato'));
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.url).toBe('/import_dossier');
    expect(xhr.headers.Authorization).toBe('Bearer access-1');
    const sent = await xhr.sent<{ base64zip: string } & Record<string, unknown>>();
    expect({ ...sent, base64zip: '…' }).toEqual({
      idValutazione: 'VAL-7',
      tipoContratto: 'delega',
      base64zip: '…',
      files: [
        { nomeFile: 'busta-paga.pdf', tipoDocumento: 'busta paga' },
        { nomeFile: 'allegati/contratto.pdf', tipoDocumento: '' },
      ],
      input: '[{"durata_finanziamento": 24}, {"durata_finanziamento": 36}]',
      callbackUrl: 'https://example.com/cb',
    });
    const bytes = Uint8Array.from(atob(sent.base64zip), (c) => c.charCodeAt(0));
    expect(Object.keys(unzipSync(bytes))).toContain('allegati/contratto.pdf');

    expect(await screen.findByText('Attendi la notifica...')).toBeTruthy();
    expect(screen.getByTestId('import-open-dossier').getAttribute('href')).toBe('/dossier/dettagli/0190-dossier');
    expect((await screen.findByTestId('state-tag')).textContent).toBe('IN CORSO');

    fireEvent.click(screen.getByTestId('import-reset'));
    await step(0);
    expect(screen.queryByTestId('import-entries')).toBeNull();
    expect(screen.getByTestId('import-next')).toHaveProperty('disabled', true);
  });

  it("says 'Errore' with the server's message and stays on the summary", async () => {
    api();
    FakeXhr.autoRespond = { status: 400, body: { message: 'Tipo documento inesistente: busta paga' } };
    await render();
    await chooseZip();
    await screen.findByTestId('import-entries');
    for (let index = 1; index <= 4; index += 1) {
      next();
      await step(index);
    }
    expect(screen.getByTestId('import-summary-input').textContent).toBe('9 elementi');
    fireEvent.click(screen.getByTestId('import-upload'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Errore: Tipo documento inesistente: busta paga'));
    expect(await (FakeXhr.last as FakeXhr).sent()).toMatchObject({ input: DEFAULT_INPUT, callbackUrl: '', idValutazione: '', tipoContratto: 'cessione' });
    expect(screen.getByTestId('import-step-4')).toBeTruthy();
    expect(screen.getByTestId('import-upload')).toHaveProperty('disabled', false);
  });
});
