import { afterEach, describe, expect, it, vi } from 'vitest';
import { graphqlRequest, isUnauthenticated, setAccessToken, setUnauthenticatedHandler } from './client';
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

  describe('a request refused UNAUTHENTICATED', () => {
    const refused = () => Response.json({ data: null, errors: [{ message: 'Autenticazione richiesta', extensions: { code: 'UNAUTHENTICATED' } }] });
    const pong = () => Response.json({ data: { ping: 'pong' } });
    afterEach(() => setUnauthenticatedHandler(null));

    it('renews the token once and sends the request again with the new one', async () => {
      const fetch = vi.fn().mockResolvedValueOnce(refused()).mockResolvedValueOnce(pong());
      vi.stubGlobal('fetch', fetch);
      setAccessToken('old');
      const handler = { refresh: vi.fn(async () => (setAccessToken('new'), true)), expire: vi.fn() };
      setUnauthenticatedHandler(handler);
      await expect(graphqlRequest(PingQuery)).resolves.toEqual({ ping: 'pong' });
      expect(handler.refresh).toHaveBeenCalledOnce();
      const [, second] = fetch.mock.calls[1] as unknown as [string, RequestInit];
      expect(new Headers(second.headers).get('Authorization')).toBe('Bearer new');
      expect(handler.expire).not.toHaveBeenCalled();
    });

    it('logs out when the renewed token is refused too', async () => {
      vi.stubGlobal('fetch', vi.fn(async () => refused()));
      setAccessToken('old');
      const handler = { refresh: vi.fn(async () => (setAccessToken('new'), true)), expire: vi.fn() };
      setUnauthenticatedHandler(handler);
      await expect(graphqlRequest(PingQuery)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(handler.refresh).toHaveBeenCalledOnce();
      expect(handler.expire).toHaveBeenCalledOnce();
    });

    it('gives up when the renewal fails (the session has ended)', async () => {
      const fetch = vi.fn(async () => refused());
      vi.stubGlobal('fetch', fetch);
      setAccessToken('old');
      const handler = { refresh: vi.fn(async () => false), expire: vi.fn() };
      setUnauthenticatedHandler(handler);
      await expect(graphqlRequest(PingQuery)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(fetch).toHaveBeenCalledOnce();
    });

    it('does not renew for a request sent without a token, nor for other errors', async () => {
      vi.stubGlobal('fetch', vi.fn(async () => refused()));
      const handler = { refresh: vi.fn(async () => true), expire: vi.fn() };
      setUnauthenticatedHandler(handler);
      await expect(graphqlRequest(PingQuery)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      setAccessToken('old');
      vi.stubGlobal('fetch', vi.fn(async () => Response.json({ data: null, errors: [{ message: 'Vietato', extensions: { code: 'FORBIDDEN' } }] })));
      await expect(graphqlRequest(PingQuery)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect(handler.refresh).not.toHaveBeenCalled();
    });
  });
});
