import { vi } from 'vitest';

/** What a fake operation answers: its data, or an Error that becomes a GraphQL error. */
type Handler = (variables: Record<string, unknown>) => unknown;

export class GraphQLTestError extends Error {
  readonly code: string | undefined;
  /** More `extensions` of the error (e.g. `line` and `column`). */
  readonly extensions: Record<string, unknown>;
  constructor(message: string, code?: string, extensions: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.extensions = extensions;
  }
}

/**
 * Stubs `fetch` with a fake GraphQL server answering each operation (by its name) with its
 * handler; the handlers are mocks, so tests can check the variables sent.
 */
export function mockGraphql(handlers: Record<string, Handler>) {
  const calls = Object.fromEntries(Object.entries(handlers).map(([name, handler]) => [name, vi.fn(handler)]));
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    const { query, variables } = JSON.parse(String(init?.body)) as { query: string; variables?: Record<string, unknown> };
    const name = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? '';
    const handler = calls[name];
    if (handler === undefined) {
      return Response.json({ data: null, errors: [{ message: `no fake for ${name}` }] });
    }
    try {
      const data = await handler(variables ?? {});
      return Response.json({ data });
    } catch (error) {
      const code = error instanceof GraphQLTestError ? error.code : undefined;
      const extensions = error instanceof GraphQLTestError ? error.extensions : {};
      const message = error instanceof Error ? error.message : String(error);
      return Response.json({ data: null, errors: [{ message, extensions: { ...extensions, ...(code ? { code } : {}) } }] });
    }
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}
