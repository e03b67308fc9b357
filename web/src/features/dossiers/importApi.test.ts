import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { errorMessage } from '../../lib/validation';
import { FakeXhr } from './importFakeXhr';
import { buildImportPayload, fileToBase64, ImportUploadError, isValidCallbackUrl, requestBody, uploadDossier, type ImportPayload } from './importApi';

const PAYLOAD: ImportPayload = {
  idValutazione: '42',
  tipoContratto: 'cessione',
  base64zip: 'UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==',
  files: [{ nomeFile: 'a.pdf', tipoDocumento: 'busta paga' }],
  input: '[]',
  callbackUrl: '',
};

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => FakeXhr.reset());

describe('import upload', () => {
  it('POSTs the JSON payload with the bearer token, reports progress and answers { id, state }', async () => {
    const progress: number[] = [];
    const answer = uploadDossier(PAYLOAD, { token: 'tok', onProgress: (sent) => progress.push(sent) });
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/import_dossier');
    expect(xhr.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'Bearer tok' });
    expect(await xhr.sent()).toEqual(PAYLOAD);
    expect((xhr.body as Blob).type).toBe('application/json');
    xhr.progress(50, 200);
    xhr.progress(200, 200);
    xhr.respond(200, { id: 'd-1', state: 'processing' });
    await expect(answer).resolves.toEqual({ id: 'd-1', state: 'processing' });
    expect(progress).toEqual([0.25, 1]);
  });

  it('splices the archive into a valid JSON body, whatever the other fields hold', async () => {
    const payload = { ...PAYLOAD, idValutazione: 'a "quoted" \\ id', input: '[{"nota": "è \\"ok\\""}]\n' };
    expect(JSON.parse(await requestBody(payload).text())).toEqual(payload);
  });

  it('sends no Authorization header without a token', () => {
    void uploadDossier(PAYLOAD, { token: null }).catch(() => {});
    expect(FakeXhr.last?.headers.Authorization).toBeUndefined();
  });

  it('rejects with the server message and status', async () => {
    const tooLarge = uploadDossier(PAYLOAD, { token: 't' });
    FakeXhr.last?.respond(413, { message: 'Errore nello zip: la richiesta pesa 9 byte, oltre il limite di 8 byte' });
    await expect(tooLarge).rejects.toMatchObject({ kind: 'server', status: 413, message: 'Errore nello zip: la richiesta pesa 9 byte, oltre il limite di 8 byte' });

    const proxy = uploadDossier(PAYLOAD, { token: 't' });
    FakeXhr.last?.respond(502, '<html>Bad gateway</html>');
    await expect(proxy).rejects.toMatchObject({ kind: 'server', status: 502, message: 'HTTP 502' });

    const network = uploadDossier(PAYLOAD, { token: 't' });
    FakeXhr.last?.fail();
    await expect(network).rejects.toMatchObject({ kind: 'network', status: 0 });

    const odd = uploadDossier(PAYLOAD, { token: 't' });
    FakeXhr.last?.respond(200, { nope: true });
    await expect(odd).rejects.toBeInstanceOf(ImportUploadError);
  });

  it("carries the refusal's catalogue message, which errorMessage says in the user's language", async () => {
    await createI18n().changeLanguage('en');
    const refused = uploadDossier(PAYLOAD, { token: 't' }).catch((error: unknown) => error);
    FakeXhr.last?.respond(413, {
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Errore nello zip: la richiesta pesa 9 byte, oltre il limite di 8 byte',
      messageCode: 'IMPORT_BODY_TOO_LARGE',
      params: { length: '9', limit: '8' },
    });
    const failure = await refused;
    expect(failure).toMatchObject({ kind: 'server', status: 413, serverMessage: { messageCode: 'IMPORT_BODY_TOO_LARGE' } });
    expect(errorMessage(failure)).toBe('Zip error: the request is 9 bytes, over the limit of 8 bytes');
  });

  it('is cancelled by its signal', async () => {
    const controller = new AbortController();
    const upload = uploadDossier(PAYLOAD, { token: 't', signal: controller.signal });
    controller.abort();
    await expect(upload).rejects.toMatchObject({ kind: 'aborted' });
    expect(FakeXhr.last?.aborted).toBe(true);
    await expect(uploadDossier(PAYLOAD, { token: 't', signal: controller.signal })).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('builds the payload of the import request (docs/domain.md#the-import-request)', () => {
    const payload = buildImportPayload(
      {
        idValutazione: ' 42 ',
        tipoContratto: '  ',
        files: ['a.pdf', 'cartella/b.pdf'],
        assignments: { 'a.pdf': 'busta paga' },
        input: '[{"durata_finanziamento": 24}]',
        callbackUrl: ' https://example.com/cb ',
      },
      'QUJD',
    );
    expect(payload).toEqual({
      idValutazione: '42',
      tipoContratto: 'cessione',
      base64zip: 'QUJD',
      files: [
        { nomeFile: 'a.pdf', tipoDocumento: 'busta paga' },
        { nomeFile: 'cartella/b.pdf', tipoDocumento: '' },
      ],
      input: '[{"durata_finanziamento": 24}]',
      callbackUrl: 'https://example.com/cb',
    });
  });

  it('accepts an empty or absolute http(s) callback URL only', () => {
    for (const ok of ['', '  ', 'http://example.com', 'https://example.com/cb?x=1']) expect(isValidCallbackUrl(ok), ok).toBe(true);
    for (const bad of ['example.com', 'ftp://example.com/x', '/relative', 'http://', 'javascript:alert(1)']) expect(isValidCallbackUrl(bad), bad).toBe(false);
  });

  it('reads a file as base64 without the data: prefix', async () => {
    expect(await fileToBase64(new Blob(['ABC']))).toBe('QUJD');
  });
});
