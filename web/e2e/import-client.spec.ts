import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createClient } from '../rest-client/generated/client';
import { getDossiersById, postImportDossier, type ImportDossierRequest } from '../rest-client/generated';
import { graphqlAs, unique } from './api';
import { expect, test } from './fixtures';
import { makePdf, makeZip, zipBase64 } from './pdf';

// The importing system's whole integration (issue 31), through the REST client that
// @hey-api/openapi-ts generates from docs/openapi.json (web/rest-client): an administrator makes
// an API key that may only import; the system imports with an Idempotency-Key and retries,
// imports a second dossier as multipart/form-data, receives the signed callback and verifies it
// with the Standard Webhooks reference library (npm `standardwebhooks`, not our code), reads its
// dossier; once the key is revoked the same client is refused. No user account is involved
// after the key is made.

/** A callback as the receiver got it: its headers and raw body. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP server on 127.0.0.1 (the e2e API allows callbacks there) that keeps what it gets. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/callback`, received, close: () => server.close() };
}

/** The Standard Webhooks headers of a callback, as the library reads them. */
function webhookHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const named = ['webhook-id', 'webhook-timestamp', 'webhook-signature'];
  return Object.fromEntries(named.map((name) => [name, String(headers[name] ?? '')]));
}

test('an importing system integrates through the generated client with an API key alone', async ({ page, baseURL }) => {
  await page.goto('/');
  const receiver = await startReceiver();
  try {
    // The administrator's part: a role that may only import, a key with it, its callback secret.
    const name = `lender-${unique()}`;
    const role = `importer-${unique()}`;
    await graphqlAs(page, 'mutation($r: String!) { createRole(name: $r) { name } }', { r: role });
    await graphqlAs(page, 'mutation($r: String!) { AddPolicy(subject: $r, object: "importDossier", action: "allow") { subject } }', { r: role });
    const { createApiKey } = await graphqlAs<{ createApiKey: { secret: string; apiKey: { id: string } } }>(
      page,
      'mutation($n: String!, $r: String!) { createApiKey(input: { name: $n, roles: [$r] }) { secret apiKey { id } } }',
      { n: name, r: role },
    );
    const { callbackSecret } = await graphqlAs<{ callbackSecret: { secret: string } }>(
      page,
      'mutation($c: String!) { callbackSecret(consumer: $c) { secret } }',
      { c: `apikey:${name.toLowerCase()}` },
    );
    expect(callbackSecret.secret).toMatch(/^whsec_/);

    // The importing system's part: the generated client and the key, nothing else.
    const client = createClient({ baseUrl: baseURL });
    const auth = (scheme: { type: string }) => (scheme.type === 'apiKey' ? createApiKey.secret : undefined);
    const request: ImportDossierRequest = {
      idValutazione: `PRATICA-${unique()}`,
      tipoContratto: 'cessione',
      base64zip: zipBase64({ 'contratto.pdf': makePdf(['Contratto di prova']) }),
      files: [{ nomeFile: 'contratto.pdf', tipoDocumento: '' }],
      input: '[]',
      callbackUrl: receiver.url,
    };
    const headers = { 'Idempotency-Key': `import-${request.idValutazione}` };
    const first = await postImportDossier({ client, auth, body: request, headers });
    expect(first.response.status, JSON.stringify(first.error)).toBe(200);
    expect(first.response.headers.get('Idempotent-Replayed')).toBeNull();
    const dossierId = first.data?.id ?? '';
    expect(dossierId).not.toBe('');

    // A retry (say the first answer was lost) answers the same dossier and creates nothing.
    const retry = await postImportDossier({ client, auth, body: request, headers });
    expect(retry.response.status).toBe(200);
    expect(retry.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retry.data?.id).toBe(dossierId);
    // The same key with another body is refused, with the documented error body.
    const changed = await postImportDossier({ client, auth, body: { ...request, input: '[{}]' }, headers });
    expect(changed.response.status).toBe(422);
    expect(changed.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });

    // The same import as multipart/form-data, the zip streamed as a file part. The generator
    // types an operation's body by its first media type (hey-api/hey-api#2311), so the form
    // goes through the same generated operation with its own serializer.
    const form = new FormData();
    const zip = makeZip({ 'contratto.pdf': makePdf(['Contratto in un modulo']) });
    form.set('zip', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'pratica.zip');
    form.set('idValutazione', `MODULO-${unique()}`);
    form.set('files', JSON.stringify([{ nomeFile: 'contratto.pdf', tipoDocumento: '' }]));
    form.set('input', '[]');
    const uploaded = await postImportDossier({
      client,
      auth,
      body: form as unknown as ImportDossierRequest,
      bodySerializer: null,
      headers: { 'Content-Type': null },
    });
    expect(uploaded.response.status, JSON.stringify(uploaded.error)).toBe(200);
    expect(uploaded.data?.id).not.toBe(dossierId);

    // The callback arrives signed; the reference verifier accepts it and refuses it tampered.
    await expect.poll(() => receiver.received.length, { timeout: 60_000 }).toBeGreaterThan(0);
    const callback = receiver.received[0];
    const verified = new Webhook(callbackSecret.secret).verify(callback.body, webhookHeaders(callback.headers)) as { idDossier: string; state: string };
    expect(verified.idDossier).toBe(dossierId);
    expect(() => new Webhook(callbackSecret.secret).verify(callback.body.replace('"state"', '"State"'), webhookHeaders(callback.headers))).toThrow();

    // The dossier, read with the same key (a key that may only import reads its own dossiers).
    const dossier = await getDossiersById({ client, auth, path: { id: dossierId } });
    expect(dossier.response.status, JSON.stringify(dossier.error)).toBe(200);
    expect(dossier.data).toMatchObject({ id: dossierId, idValutazione: request.idValutazione, state: verified.state });

    // Revoked, the key is refused at once.
    await graphqlAs(page, 'mutation($id: ID!) { revokeApiKey(id: $id) { id } }', { id: createApiKey.apiKey.id });
    const refused = await getDossiersById({ client, auth, path: { id: dossierId } });
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  } finally {
    receiver.close();
  }
});
