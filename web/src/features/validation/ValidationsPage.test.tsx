import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadBase64, ltr } from '../../lib/format';
import { toast } from '../../lib/toast';
import { GraphQLTestError, mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { loggedInStore, sessionData } from '../../test/session';
import { ValidationsPage } from './ValidationsPage';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));
vi.mock('../../lib/format', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../lib/format')>()), downloadBase64: vi.fn() }));

const routes = [{ path: '/validazione', element: <ValidationsPage /> }];

/** 2026-11-02 09:05:00 UTC and later, in unix seconds. */
const T0 = Date.UTC(2026, 10, 2, 9, 5, 0) / 1000;
/** `formatUnixSeconds` in the test's own time zone. */
const local = (seconds: number) => {
  const d = new Date(seconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  // As one left-to-right unit (the formatter isolates it for right-to-left pages).
  return ltr(`${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`);
};

const validation = (id: string, state: string, overrides: Record<string, unknown> = {}) => ({
  id,
  state,
  istituto: 'Banca Alfa',
  fileName: `${id}.pdf`,
  createdAt: T0,
  startedAt: T0 + 1,
  finishedAt: state === 'finished' || state === 'failed' ? T0 + 12 : null,
  rulesInvalidated: state === 'finished' ? 2 : 0,
  idDocument: `doc-${id}`,
  urlOcr: 'validation/x.txt',
  error: null,
  createdBy: 'anna.rossi@example.com',
  ...overrides,
});

const VALIDATIONS = [
  validation('v-finished', 'finished'),
  validation('v-created', 'created', { istituto: 'Banca Beta' }),
  validation('v-running', 'running'),
  validation('v-failed', 'failed', { error: 'Testo del documento non estraibile' }),
];

const document = (id: string, description: string, overrides: Record<string, unknown> = {}) => ({
  id,
  description,
  istitutoAppartenenza: 'Banca Alfa',
  fileName: `${description}.pdf`,
  urlOCR: `validation/${id}.txt`,
  ocrError: null,
  createdAt: T0,
  createdBy: 'anna.rossi@example.com',
  comparable: true,
  ...overrides,
});

const DOCUMENTS = [
  document('d-ready', 'Contratto 2026'),
  document('d-extracting', 'Contratto 2025', { urlOCR: null, comparable: false }),
  document('d-failed', 'Scansione', { urlOCR: null, ocrError: 'PDF senza testo', comparable: false }),
];

type Handlers = Record<string, (variables: Record<string, unknown>) => unknown>;

function fakeServer(overrides: Handlers = {}) {
  return mockGraphql({
    ValidationRuleValidationsPage: () => ({ ruleValidationsPage: { items: VALIDATIONS, pages: 1, total: VALIDATIONS.length, more: false } }),
    ValidationDocValidationsPage: () => ({ docValidationsPage: { items: DOCUMENTS, pages: 1, total: DOCUMENTS.length, more: false } }),
    ValidationDownloadOCR: () => ({ downloadOCR: { name: 'Contratto 2026.txt', base64: 'dGVzdG8=' } }),
    ValidationDownloadPDF: () => ({ downloadPDF: { name: 'Contratto 2026', base64: 'JVBERi0=' } }),
    ValidationDownloadDiff: () => ({ downloadDiff: { name: 'whatever.txt', base64: 'LSsr' } }),
    ValidationDownloadAllFiles: () => ({ downloadAllValidationFiles: { name: 'Contratto 2026.zip', base64: 'UEs=' } }),
    ValidationDeleteDocValidations: () => ({ deleteDocValidations: 1 }),
    ...overrides,
  });
}

/** A session allowed only `resources`. */
const storeWith = (...resources: string[]) => loggedInStore(sessionData({ permissions: resources.map((resource) => ({ resource, action: 'allow' })) }));

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/validazione, Validazioni', () => {
  it('shows state, institute, document, start, end, invalidated rules and details, newest first', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/validazione' });
    const finished = await screen.findByTestId('row-v-finished');
    expect(within(finished).getByTestId('validation-state').textContent).toBe('terminata');
    expect(within(finished).getByText('Banca Alfa')).toBeTruthy();
    expect(within(finished).getByText('v-finished.pdf')).toBeTruthy();
    expect(within(finished).getByText(local(T0))).toBeTruthy();
    expect(within(finished).getByText(local(T0 + 12))).toBeTruthy();
    expect(within(finished).getByTestId('rules-invalidated').textContent).toBe('2');
    expect(within(finished).getByRole('button', { name: 'Dettagli della validazione di v-finished.pdf' })).toBeTruthy();
    // Created and running are both "in corso", without an end.
    for (const id of ['v-created', 'v-running']) {
      const row = screen.getByTestId(`row-${id}`);
      expect(within(row).getByTestId('validation-state').textContent).toBe('in corso');
      expect(within(row).getByText('-')).toBeTruthy();
    }
    // A failure says so, and why.
    const failed = screen.getByTestId('row-v-failed');
    expect(within(failed).getByTestId('validation-state').textContent).toBe('non riuscita');
    expect(within(failed).getByTestId('validation-error').textContent).toBe('Testo del documento non estraibile');
    expect(calls.ValidationRuleValidationsPage).toHaveBeenCalledWith({ input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [] } });
    for (const header of ['Stato', 'Istituto', 'Documento', 'Inizio', 'Fine', 'Regole invalidate', 'Azioni']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    }
  });

  it('filters "in corso" as created and running, and by institute, on the server', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/validazione' });
    await screen.findByTestId('row-v-finished');
    fireEvent.click(screen.getByTestId('filter-state'));
    fireEvent.click(await screen.findByTestId('filter-state-running'));
    await waitFor(() =>
      expect(calls.ValidationRuleValidationsPage).toHaveBeenLastCalledWith({
        input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [{ column: 'state', type: 'select', value: ['running', 'created'] }] },
      }),
    );
    fireEvent.change(screen.getByTestId('filter-istituto'), { target: { value: 'Beta' } });
    await waitFor(() =>
      expect(calls.ValidationRuleValidationsPage).toHaveBeenLastCalledWith({
        input: {
          pageSize: 10,
          pageIndex: 0,
          order: 'createdAt DESC',
          filters: [
            { column: 'state', type: 'select', value: ['running', 'created'] },
            { column: 'istituto', type: 'text', value: ['Beta'] },
          ],
        },
      }),
    );
  });

  it('refreshes silently every 5 seconds: the rows stay, no spinner', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    let finishedNow = false;
    const calls = fakeServer({
      ValidationRuleValidationsPage: () => ({
        ruleValidationsPage: {
          items: [validation('v-running', finishedNow ? 'finished' : 'running')],
          pages: 1,
          total: 1,
        },
      }),
    });
    await renderRoutes(routes, { url: '/validazione' });
    const row = await screen.findByTestId('row-v-running');
    expect(within(row).getByTestId('validation-state').textContent).toBe('in corso');
    await waitFor(() => expect(calls.ValidationRuleValidationsPage).toHaveBeenCalledTimes(1));
    finishedNow = true;
    act(() => vi.advanceTimersByTime(4_000));
    expect(calls.ValidationRuleValidationsPage).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1_100));
    await waitFor(() => expect(calls.ValidationRuleValidationsPage).toHaveBeenCalledTimes(2));
    // No loading state while refreshing: the table never becomes busy, nor empties.
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBeNull();
    expect(screen.queryByRole('progressbar', { name: 'Caricamento…' })).toBeNull();
    await waitFor(() => expect(within(screen.getByTestId('row-v-running')).getByTestId('validation-state').textContent).toBe('terminata'));
  });

  it('refreshes at once with the refresh button', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/validazione' });
    await screen.findByTestId('row-v-finished');
    const before = calls.ValidationRuleValidationsPage?.mock.calls.length ?? 0;
    fireEvent.click(screen.getByTestId('table-refresh'));
    await waitFor(() => expect(calls.ValidationRuleValidationsPage).toHaveBeenCalledTimes(before + 1));
  });

  it("says 'Impossibile caricare le validazioni' when the list fails", async () => {
    fakeServer({
      ValidationRuleValidationsPage: () => {
        throw new GraphQLTestError('Database non raggiungibile');
      },
    });
    await renderRoutes(routes, { url: '/validazione' });
    expect((await screen.findByRole('alert')).textContent).toBe('Impossibile caricare le validazioni: Database non raggiungibile');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile caricare le validazioni'));
  });

  it("opens a validation's details from the action and from the row", async () => {
    fakeServer();
    const { router } = await renderRoutes(routes, { url: '/validazione' });
    fireEvent.click(await screen.findByRole('button', { name: 'Dettagli della validazione di v-failed.pdf' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/validazione/v-failed');
    await act(() => router.navigate('/validazione'));
    fireEvent.keyDown(await screen.findByTestId('row-v-finished'), { key: 'Enter' });
    expect((await screen.findByTestId('where')).textContent).toBe('/validazione/v-finished');
  });

  it("offers 'New Validation' only to who may start one (uploading or an existing document)", async () => {
    fakeServer();
    await renderRoutes(routes, { url: '/validazione' });
    fireEvent.click(await screen.findByRole('button', { name: 'New Validation' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/validazione/nuova');
  });

  it.each([[['ruleValidations', 'runValidation']], [['ruleValidations', 'createRuleValidation']]])('shows New Validation with %j', async (resources) => {
    fakeServer();
    await renderRoutes(routes, { url: '/validazione', store: await storeWith(...resources) });
    expect(await screen.findByTestId('validation-new')).toBeTruthy();
  });

  it('hides New Validation and delete from a reader', async () => {
    fakeServer();
    await renderRoutes(routes, { url: '/validazione?tab=documenti', store: await storeWith('ruleValidations') });
    await screen.findByTestId('row-d-ready');
    expect(screen.queryByTestId('validation-new')).toBeNull();
    expect(screen.queryByTestId('document-delete')).toBeNull();
  });
});

describe('/validazione, Documenti validazione', () => {
  it('is its own tab, kept in the address', async () => {
    fakeServer();
    const { router } = await renderRoutes(routes, { url: '/validazione' });
    await screen.findByTestId('row-v-finished');
    fireEvent.click(screen.getByRole('tab', { name: 'Documenti validazione' }));
    expect(await screen.findByTestId('row-d-ready')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=documenti');
  });

  it('shows description, institute, upload date and the state of the text', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/validazione?tab=documenti' });
    const ready = await screen.findByTestId('row-d-ready');
    expect(within(ready).getByText('Contratto 2026')).toBeTruthy();
    expect(within(ready).getByText('Banca Alfa')).toBeTruthy();
    expect(within(ready).getByText(local(T0))).toBeTruthy();
    expect(within(ready).queryByTestId('ocr-state')).toBeNull();
    expect(within(screen.getByTestId('row-d-extracting')).getByTestId('ocr-state').textContent).toBe('in estrazione…');
    expect(within(screen.getByTestId('row-d-failed')).getByTestId('ocr-state').textContent).toBe('Estrazione del testo non riuscita: PDF senza testo');
    expect(calls.ValidationDocValidationsPage).toHaveBeenCalledWith({ input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [] } });
    for (const header of ['Descrizione', 'Istituto', 'Data caricamento', 'Azioni']) expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
  });

  it('disables the OCR download of a document without text', async () => {
    fakeServer();
    await renderRoutes(routes, { url: '/validazione?tab=documenti' });
    const extracting = await screen.findByTestId('row-d-extracting');
    expect((within(extracting).getByTestId('download-ocr') as HTMLButtonElement).disabled).toBe(true);
    expect((within(extracting).getByTestId('download-pdf') as HTMLButtonElement).disabled).toBe(false);
    expect((within(screen.getByTestId('row-d-ready')).getByTestId('download-ocr') as HTMLButtonElement).disabled).toBe(false);
  });

  it('downloads the OCR text (.txt), the PDF (.pdf), the difference (diff.txt) and every file (.zip)', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/validazione?tab=documenti' });
    const row = await screen.findByTestId('row-d-ready');
    fireEvent.click(within(row).getByRole('button', { name: 'Scarica il testo OCR di Contratto 2026' }));
    await waitFor(() => expect(downloadBase64).toHaveBeenCalledWith('dGVzdG8=', 'Contratto 2026.txt', 'text/plain;charset=utf-8'));
    fireEvent.click(within(row).getByRole('button', { name: 'Scarica il PDF di Contratto 2026' }));
    await waitFor(() => expect(downloadBase64).toHaveBeenCalledWith('JVBERi0=', 'Contratto 2026.pdf', 'application/pdf'));
    fireEvent.click(within(row).getByRole('button', { name: 'Scarica le differenze di Contratto 2026' }));
    await waitFor(() => expect(downloadBase64).toHaveBeenCalledWith('LSsr', 'diff.txt', 'text/plain;charset=utf-8'));
    fireEvent.click(within(row).getByRole('button', { name: 'Scarica i file di validazione di Contratto 2026' }));
    await waitFor(() => expect(downloadBase64).toHaveBeenCalledWith('UEs=', 'Contratto 2026.zip', 'application/zip'));
    for (const name of ['ValidationDownloadOCR', 'ValidationDownloadPDF', 'ValidationDownloadDiff', 'ValidationDownloadAllFiles']) {
      expect(calls[name]).toHaveBeenCalledWith({ id: 'd-ready' });
    }
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('offers the differences only when there is something to compare, and says why not', async () => {
    fakeServer({});
    await renderRoutes(routes, { url: '/validazione?tab=documenti' });
    const ready = await screen.findByTestId('row-d-ready');
    expect(within(ready).getByTestId('download-diff').hasAttribute('disabled')).toBe(false);
    const extracting = screen.getByTestId('row-d-extracting');
    const diff = within(extracting).getByTestId('download-diff');
    expect(diff.hasAttribute('disabled')).toBe(true);
    expect(within(extracting).getByTestId('download-ocr').hasAttribute('disabled')).toBe(true);
    fireEvent.mouseEnter(diff.parentElement ?? diff);
    expect(await screen.findByText("Niente da confrontare: serve il testo di questo documento e di uno precedente dell'istituto Banca Alfa")).toBeTruthy();
  });

  it("says 'Impossibile scaricare le differenze' with the server's reason", async () => {
    fakeServer({
      ValidationDownloadDiff: () => {
        throw new GraphQLTestError("Nessun documento precedente dell'istituto Banca Alfa con cui confrontarlo", 'NOT_FOUND');
      },
      ValidationDownloadPDF: () => {
        throw new GraphQLTestError('Il file non è più disponibile', 'NOT_FOUND');
      },
      ValidationDownloadAllFiles: () => {
        throw new GraphQLTestError('Errore interno');
      },
    });
    await renderRoutes(routes, { url: '/validazione?tab=documenti' });
    const row = await screen.findByTestId('row-d-ready');
    fireEvent.click(within(row).getByTestId('download-diff'));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Impossibile scaricare le differenze: Nessun documento precedente dell'istituto Banca Alfa con cui confrontarlo"),
    );
    fireEvent.click(within(row).getByTestId('download-pdf'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile scaricare il file: Il file non è più disponibile'));
    fireEvent.click(within(row).getByTestId('download-all'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile scaricare i file: Errore interno'));
    expect(downloadBase64).not.toHaveBeenCalled();
  });

  it("deletes a document only after 'Azione irreversibile, continuare?': 'Documento eliminato', the list reloads", async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/validazione?tab=documenti' });
    const row = await screen.findByTestId('row-d-ready');
    fireEvent.click(within(row).getByRole('button', { name: 'Elimina il documento Contratto 2026' }));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toBe('Azione irreversibile, continuare?');
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(calls.ValidationDeleteDocValidations).not.toHaveBeenCalled();

    const loads = calls.ValidationDocValidationsPage?.mock.calls.length ?? 0;
    fireEvent.click(within(row).getByTestId('document-delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina definitivamente' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Documento eliminato'));
    expect(calls.ValidationDeleteDocValidations).toHaveBeenCalledWith({ ids: ['d-ready'] });
    await waitFor(() => expect(calls.ValidationDocValidationsPage?.mock.calls.length).toBeGreaterThan(loads));
  });

  it("says 'Impossibile eliminare il documento' when the delete is refused", async () => {
    fakeServer({
      ValidationDeleteDocValidations: () => {
        throw new GraphQLTestError('Permesso negato', 'FORBIDDEN');
      },
    });
    await renderRoutes(routes, { url: '/validazione?tab=documenti' });
    fireEvent.click(within(await screen.findByTestId('row-d-ready')).getByTestId('document-delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina definitivamente' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile eliminare il documento: Permesso negato'));
  });

  it('is in English too', async () => {
    fakeServer();
    await renderRoutes(routes, { url: '/validazione', language: 'en' });
    const failed = await screen.findByTestId('row-v-failed');
    expect(within(failed).getByTestId('validation-state').textContent).toBe('failed');
    expect(within(screen.getByTestId('row-v-finished')).getByTestId('validation-state').textContent).toBe('finished');
    expect(within(screen.getByTestId('row-v-created')).getByTestId('validation-state').textContent).toBe('in progress');
    fireEvent.click(screen.getByRole('tab', { name: 'Validation documents' }));
    expect(within(await screen.findByTestId('row-d-extracting')).getByTestId('ocr-state').textContent).toBe('extracting…');
  });
});
