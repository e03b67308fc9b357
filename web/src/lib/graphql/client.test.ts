import { afterEach, describe, expect, it, vi } from 'vitest';
import { graphqlRequest, isUnauthenticated, setAccessToken } from './client';
import { PingDocument as PingQuery } from './generated/graphql';

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('graphqlRequest', () => {
  afterEach(() => setAccessToken(null));

  it('posts the document to /graphql and returns the typed data', async () => {
    const fetch = answer(200, { data: { ping: 'pong' } });
    await expect(graphqlRequest(PingQuery)).resolves.toEqual({ ping: 'pong' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body)).query).toContain('query Ping');
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
  });

  it('sends the access token once set', async () => {
    const fetch = answer(200, { data: { ping: 'pong' } });
    setAccessToken('abc');
    await graphqlRequest(PingQuery);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer abc');
  });

  it("throws the server's first error message", async () => {
    answer(200, { data: null, errors: [{ message: 'Non autorizzato' }, { message: 'second' }] });
    await expect(graphqlRequest(PingQuery)).rejects.toThrow('Non autorizzato');
  });

  it("keeps the error's extensions.code", async () => {
    answer(200, {
      data: null,
      errors: [{ message: 'Autenticazione richiesta', extensions: { code: 'UNAUTHENTICATED' } }],
    });
    const error: unknown = await graphqlRequest(PingQuery).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ message: 'Autenticazione richiesta', code: 'UNAUTHENTICATED' });
    expect(isUnauthenticated(error)).toBe(true);
    expect(isUnauthenticated(new Error('Autenticazione richiesta'))).toBe(false);
  });

  it('throws the HTTP status when the answer is not GraphQL', async () => {
    vi.stubGlobal('fetch', async () => new Response('Bad Gateway', { status: 502, statusText: 'Bad Gateway' }));
    await expect(graphqlRequest(PingQuery)).rejects.toMatchObject({ message: 'HTTP 502 Bad Gateway', status: 502 });
  });
});
