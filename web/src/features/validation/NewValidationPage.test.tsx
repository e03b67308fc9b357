import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { GraphQLTestError, mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { loggedInStore, sessionData } from '../../test/session';
import { NewValidationPage } from './NewValidationPage';
import { UploadFakeXhr } from './uploadFakeXhr';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const routes = [{ path: '/validazione/nuova', element: <NewValidationPage /> }];

const UPLOAD_URL = '/uploads/validation/token-1';
const STORED = '0190a1b2-0000-7000-8000-00000000f11e';
const T0 = Date.UTC(2026, 10, 2, 9, 5, 0) / 1000;

const pdf = (name = 'Contratto 2026.pdf', text = '%PDF-1.4\nciao') => new File([text], name, { type: 'application/pdf' });

const document = (id: string, description: string, urlOCR: string | null) => ({
  id,
  description,
  istitutoAppartenenza: 'Banca Alfa',
  fileName: `${description}.pdf`,
  urlOCR,
  ocrError: null,
  createdAt: T0,
  createdBy: null,
});

type Handlers = Record<string, (variables: Record<string, unknown>) => unknown>;

function fakeServer(overrides: Handlers = {}) {
  return mockGraphql({
    ValidationRequestSignedURL: () => ({ requestSignedURLForValidationDocument: { url: UPLOAD_URL, name: STORED, expiresAt: T0 + 600, maxBytes: 1_000 } }),
    ValidationCreateRuleValidation: () => ({ createRuleValidation: { id: 'v-new' } }),
    ValidationRunValidation: () => ({ runValidation: { id: 'v-run' } }),
    ValidationDocValidationsPage: () => ({
      docValidationsPage: { items: [document('d-ready', 'Contratto 2026', 'validation/d.txt'), document('d-extracting', 'Contratto 2025', null)], pages: 1, total: 2 },
    }),
    ...overrides,
  });
}

const storeWith = (...resources: string[]) => loggedInStore(sessionData({ permissions: resources.map((resource) => ({ resource, action: 'allow' })) }));

const startButton = () => screen.getByRole('button', { name: 'Avvia Validazione' }) as HTMLButtonElement;
const chooseFiles = (...files: File[]) => fireEvent.change(screen.getByTestId('validation-file'), { target: { files } });

beforeEach(() => {
  vi.clearAllMocks();
  UploadFakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', UploadFakeXhr);
});

describe('/validazione/nuova, upload', () => {
  it("keeps 'Avvia Validazione' disabled until both the institute and a PDF are given", async () => {
    fakeServer();
    await renderRoutes(routes, { url: '/validazione/nuova' });
    expect(startButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Istituto/), { target: { value: 'Banca Alfa' } });
    expect(startButton().disabled).toBe(true);
    chooseFiles(pdf());
    expect(screen.getByTestId('validation-file-name').textContent).toBe('Contratto 2026.pdf');
    expect(startButton().disabled).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Istituto/), { target: { value: '   ' } });
    expect(startButton().disabled).toBe(true);
    const input = screen.getByTestId('validation-file') as HTMLInputElement;
    expect(input.accept).toBe('application/pdf,.pdf');
  });

  it('refuses a file that is not a PDF, and more than one file, with a clear message', async () => {
    fakeServer();
    await renderRoutes(routes, { url: '/validazione/nuova' });
    fireEvent.change(screen.getByLabelText(/^Istituto/), { target: { value: 'Banca Alfa' } });
    chooseFiles(new File(['PK'], 'regole.zip', { type: 'application/zip' }));
    expect(screen.getByTestId('validation-upload-error').textContent).toBe('Il file deve essere un PDF (.pdf)');
    expect(startButton().disabled).toBe(true);
    chooseFiles(pdf('a.pdf'), pdf('b.pdf'));
    expect(screen.getByTestId('validation-upload-error').textContent).toBe('Scegli un solo file: si può caricare un PDF alla volta');
    expect(startButton().disabled).toBe(true);
    chooseFiles(new File([], 'vuoto.pdf', { type: 'application/pdf' }));
    expect(screen.getByTestId('validation-upload-error').textContent).toBe('Il file è vuoto');
    chooseFiles(pdf());
    expect(screen.queryByTestId('validation-upload-error')).toBeNull();
    expect(startButton().disabled).toBe(false);
  });

  it("refuses a .pdf whose content is not a PDF before sending anything", async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/validazione/nuova' });
    fireEvent.change(screen.getByLabelText(/^Istituto/), { target: { value: 'Banca Alfa' } });
    chooseFiles(pdf('finto.pdf', 'non sono un pdf'));
    fireEvent.click(startButton());
    expect((await screen.findByTestId('validation-upload-error')).textContent).toBe('Il file non è un PDF valido');
    expect(calls.ValidationRequestSignedURL).not.toHaveBeenCalled();
    expect(startButton().disabled).toBe(true);
  });

  it("asks for an address, PUTs the bytes with progress, starts the validation: 'Validazione avviata', then /validazione", async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/validazione/nuova' });
    fireEvent.change(screen.getByLabelText(/^Istituto/), { target: { value: '  Banca Alfa ' } });
    const file = pdf();
    chooseFiles(file);
    fireEvent.click(startButton());
    await waitFor(() => expect(UploadFakeXhr.all).toHaveLength(1));
    expect(calls.ValidationRequestSignedURL).toHaveBeenCalledWith({ filename: 'Contratto 2026.pdf' });
    const xhr = UploadFakeXhr.last as UploadFakeXhr;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe(UPLOAD_URL);
    expect(xhr.headers).toEqual({ 'Content-Type': 'application/octet-stream' });
    expect(xhr.body).toBe(file);
    // Busy: the button waits, a progress bar shows what is sent.
    expect(startButton().disabled).toBe(true);
    act(() => xhr.progress(5, 10));
    expect(within(screen.getByTestId('validation-progress')).getByText('Caricamento del file: 50%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Avanzamento del caricamento' })).toBeTruthy();
    act(() => xhr.respond(201, { name: STORED }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Validazione avviata'));
    expect(calls.ValidationCreateRuleValidation).toHaveBeenCalledWith({ documentID: STORED, name: 'Contratto 2026.pdf', url: UPLOAD_URL, istitutoAppartenenza: 'Banca Alfa' });
    expect((await screen.findByTestId('where')).textContent).toBe('/validazione');
  });

  it('shows a refused upload (NOT_PDF) and keeps the start disabled until the file changes', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/validazione/nuova' });
    fireEvent.change(screen.getByLabelText(/^Istituto/), { target: { value: 'Banca Alfa' } });
    chooseFiles(pdf());
    fireEvent.click(startButton());
    await waitFor(() => expect(UploadFakeXhr.all).toHaveLength(1));
    act(() => (UploadFakeXhr.last as UploadFakeXhr).respond(415, { code: 'NOT_PDF', message: 'Il file non è un PDF' }));
    const error = await screen.findByTestId('validation-upload-error');
    expect(error.textContent).toContain('Il file non è un PDF');
    expect(error.textContent).toContain('Scegli un altro file per riprovare.');
    expect(toast.error).toHaveBeenCalledWith('Impossibile caricare il file: Il file non è un PDF');
    expect(calls.ValidationCreateRuleValidation).not.toHaveBeenCalled();
    expect(startButton().disabled).toBe(true);
    // The institute changing is not enough: the file must.
    fireEvent.change(screen.getByLabelText(/^Istituto/), { target: { value: 'Banca Beta' } });
    expect(startButton().disabled).toBe(true);
    chooseFiles(pdf('altro.pdf'));
    expect(screen.queryByTestId('validation-upload-error')).toBeNull();
    expect(startButton().disabled).toBe(false);
  });

  it("says a refused upload in English from the server's messageCode", async () => {
    fakeServer();
    await renderRoutes(routes, { url: '/validazione/nuova', language: 'en' });
    fireEvent.change(screen.getByLabelText(/^Institute/), { target: { value: 'Banca Alfa' } });
    chooseFiles(pdf());
    fireEvent.click(screen.getByRole('button', { name: 'Start validation' }));
    await waitFor(() => expect(UploadFakeXhr.all).toHaveLength(1));
    act(() => (UploadFakeXhr.last as UploadFakeXhr).respond(415, { code: 'NOT_PDF', message: 'Il file non è un PDF', messageCode: 'NOT_A_PDF', params: {} }));
    const error = await screen.findByTestId('validation-upload-error');
    expect(error.textContent).toContain('The file is not a PDF');
    expect(error.textContent).not.toContain('Il file');
  });

  it('refuses a file larger than the address allows, without sending it', async () => {
    fakeServer({
      ValidationRequestSignedURL: () => ({ requestSignedURLForValidationDocument: { url: UPLOAD_URL, name: STORED, expiresAt: T0 + 600, maxBytes: 4 } }),
    });
    await renderRoutes(routes, { url: '/validazione/nuova' });
    fireEvent.change(screen.getByLabelText(/^Istituto/), { target: { value: 'Banca Alfa' } });
    chooseFiles(pdf());
    fireEvent.click(startButton());
    expect((await screen.findByTestId('validation-upload-error')).textContent).toContain('File troppo grande: al massimo 4 B');
    expect(UploadFakeXhr.all).toHaveLength(0);
    expect(startButton().disabled).toBe(true);
  });

  it('says a network failure of the upload', async () => {
    fakeServer();
    await renderRoutes(routes, { url: '/validazione/nuova' });
    fireEvent.change(screen.getByLabelText(/^Istituto/), { target: { value: 'Banca Alfa' } });
    chooseFiles(pdf());
    fireEvent.click(startButton());
    await waitFor(() => expect(UploadFakeXhr.all).toHaveLength(1));
    act(() => (UploadFakeXhr.last as UploadFakeXhr).fail());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile caricare il file: Nessuna risposta dal server'));
  });

  it("says 'Impossibile avviare la validazione' with the server's message, and lets the user try again", async () => {
    const calls = fakeServer({
      ValidationCreateRuleValidation: () => {
        throw new GraphQLTestError('Nessun file caricato con questo nome', 'BAD_USER_INPUT');
      },
    });
    await renderRoutes(routes, { url: '/validazione/nuova' });
    fireEvent.change(screen.getByLabelText(/^Istituto/), { target: { value: 'Banca Alfa' } });
    chooseFiles(pdf());
    fireEvent.click(startButton());
    await waitFor(() => expect(UploadFakeXhr.all).toHaveLength(1));
    act(() => (UploadFakeXhr.last as UploadFakeXhr).respond(201, { name: STORED }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile avviare la validazione: Nessun file caricato con questo nome'));
    expect(calls.ValidationCreateRuleValidation).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(startButton().disabled).toBe(false));
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('asks for the institute when it is left empty', async () => {
    fakeServer();
    await renderRoutes(routes, { url: '/validazione/nuova' });
    const istituto = screen.getByLabelText(/^Istituto/);
    fireEvent.blur(istituto);
    expect(await screen.findByText('Campo obbligatorio')).toBeTruthy();
    expect(istituto.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('/validazione/nuova, existing document', () => {
  it('lists the documents (description, institute, upload date) and starts one with runValidation', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/validazione/nuova' });
    const ready = await screen.findByTestId('row-d-ready');
    expect(within(ready).getByText('Contratto 2026')).toBeTruthy();
    expect(within(ready).getByText('Banca Alfa')).toBeTruthy();
    fireEvent.click(within(ready).getByRole('button', { name: 'Avvia la validazione di Contratto 2026' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Validazione avviata'));
    expect(calls.ValidationRunValidation).toHaveBeenCalledWith({ idDocValidation: 'd-ready' });
    expect((await screen.findByTestId('where')).textContent).toBe('/validazione');
  });

  it('disables the start of a document without OCR text', async () => {
    fakeServer();
    await renderRoutes(routes, { url: '/validazione/nuova' });
    const extracting = await screen.findByTestId('row-d-extracting');
    expect((within(extracting).getByTestId('validation-run') as HTMLButtonElement).disabled).toBe(true);
    expect(within(extracting).getByText('in estrazione…')).toBeTruthy();
    expect((within(screen.getByTestId('row-d-ready')).getByTestId('validation-run') as HTMLButtonElement).disabled).toBe(false);
  });

  it("says 'Impossibile avviare validazione' when the start is refused", async () => {
    fakeServer({
      ValidationRunValidation: () => {
        throw new GraphQLTestError('Il testo del documento non è ancora stato estratto', 'BAD_USER_INPUT');
      },
    });
    await renderRoutes(routes, { url: '/validazione/nuova' });
    fireEvent.click(within(await screen.findByTestId('row-d-ready')).getByTestId('validation-run'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile avviare validazione: Il testo del documento non è ancora stato estratto'));
  });
});

describe('/validazione/nuova, permissions and language', () => {
  it('offers only the existing documents to a user who may only run validations', async () => {
    fakeServer();
    await renderRoutes(routes, { url: '/validazione/nuova', store: await storeWith('ruleValidations', 'runValidation') });
    expect(await screen.findByTestId('validation-existing')).toBeTruthy();
    expect(screen.queryByTestId('validation-upload')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Documenti già caricati' })).toBeTruthy();
  });

  it('offers only the upload to a user who may only upload', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/validazione/nuova', store: await storeWith('ruleValidations', 'requestSignedURLForValidationDocument', 'createRuleValidation') });
    expect(screen.getByTestId('validation-upload')).toBeTruthy();
    expect(screen.queryByTestId('validation-existing')).toBeNull();
    expect(calls.ValidationDocValidationsPage).not.toHaveBeenCalled();
  });

  it('is in English too', async () => {
    fakeServer();
    await renderRoutes(routes, { url: '/validazione/nuova', language: 'en' });
    expect(screen.getByRole('heading', { name: 'Upload a new document' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start validation' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Or validate a document already uploaded' })).toBeTruthy();
    chooseFiles(new File(['x'], 'nota.txt', { type: 'text/plain' }));
    expect(screen.getByTestId('validation-upload-error').textContent).toBe('The file must be a PDF (.pdf)');
  });
});
