import { describe, expect, it, vi } from 'vitest';
import { GraphQLRequestError, rawGraphqlRequest } from './graphql/client';
import type { TypedDocumentString } from './graphql/generated/graphql';
import { createI18n } from './i18n';
import { en } from './i18n/en';
import { it as italian } from './i18n/it';
import catalogue from './i18n/server-messages.json';
import { parseRestRefusal, ServerError } from './serverMessage';
import { errorMessage, failedBecause, refusalMessage, storedError } from './validation';

/** The catalogue's placeholders of a text (`{{name}}`), sorted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

async function inLanguage(language: 'it' | 'en') {
  const i18n = createI18n();
  await i18n.changeLanguage(language);
  return i18n;
}

/** A GraphQL error as the client makes it from the server's answer. */
const graphqlError = (message: string, extensions: Record<string, unknown>) =>
  new GraphQLRequestError(message, 200, typeof extensions.code === 'string' ? extensions.code : undefined, extensions);

const TYPE_NOT_FOUND = graphqlError('Tipologia «x» non trovata', { code: 'NOT_FOUND', messageCode: 'TYPE_NOT_FOUND', params: { name: 'x' } });

/** The nested example of issue 30: a check refused because no worker runs. */
const CHECK_UNAVAILABLE = graphqlError('Impossibile verificare il codice della regola: Nessun worker attivo: …', {
  code: 'NO_WORKER',
  messageCode: 'CHECK_UNAVAILABLE',
  params: { reason: { messageCode: 'NO_WORKER', params: {} } },
});

describe('failedBecause', () => {
  it('says what failed and why, the why in the user\'s language', async () => {
    const i18n = await inLanguage('en');
    expect(failedBecause(i18n.t('jobs.discardFailed'), TYPE_NOT_FOUND)).toBe(`${en.jobs.discardFailed}: Type “x” not found`);
  });
});

describe('errorMessage', () => {
  it("renders a GraphQL error's catalogue message in English, whatever the server's Italian text", async () => {
    await inLanguage('en');
    expect(errorMessage(TYPE_NOT_FOUND)).toBe('Type “x” not found');
  });

  it('renders it in Italian', async () => {
    await inLanguage('it');
    expect(errorMessage(TYPE_NOT_FOUND)).toBe('Tipologia «x» non trovata');
  });

  it('renders a nested message first, in the same language', async () => {
    await inLanguage('en');
    expect(errorMessage(CHECK_UNAVAILABLE)).toBe("Cannot check the rule's code: No worker is running: rules cannot be checked or run until one starts again");
    await inLanguage('it');
    expect(errorMessage(CHECK_UNAVAILABLE)).toBe(
      'Impossibile verificare il codice della regola: Nessun worker attivo: le regole non possono essere verificate né eseguite finché non ne riparte uno',
    );
  });

  it('renders nested messages at any depth, and a `count` placeholder as a value, not as a plural', async () => {
    await inLanguage('en');
    const locked = graphqlError('Account bloccato…', {
      code: 'TOO_MANY_REQUESTS',
      messageCode: 'ACCOUNT_LOCKED',
      params: { wait: { messageCode: 'MINUTES', params: { count: '5' } } },
    });
    expect(errorMessage(locked)).toBe('Account locked after too many failed sign-ins: try again in 5 minutes');
  });

  it('keeps values as they are: numbers as text, braces untouched', async () => {
    await inLanguage('en');
    expect(errorMessage(graphqlError('…', { messageCode: 'TYPE_HAS_RULES', params: { name: '{{x}}', count: 3 } }))).toBe(
      'Cannot delete the type “{{x}}”: it has 3 rules',
    );
  });

  it("falls back to the server's message for an unknown code, an unknown nested code, or no code", async () => {
    await inLanguage('en');
    expect(errorMessage(graphqlError('Messaggio nuovo', { code: 'CONFLICT', messageCode: 'NOT_IN_THIS_BUILD', params: {} }))).toBe('Messaggio nuovo');
    expect(
      errorMessage(graphqlError('Impossibile verificare: boh', { messageCode: 'CHECK_UNAVAILABLE', params: { reason: { messageCode: 'NOT_IN_THIS_BUILD', params: {} } } })),
    ).toBe('Impossibile verificare: boh');
    expect(errorMessage(graphqlError('Solo testo', { code: 'INTERNAL' }))).toBe('Solo testo');
    // The kind is not a message: NO_WORKER without a messageCode says the server's text.
    expect(errorMessage(graphqlError('Nessun worker', { code: 'NO_WORKER' }))).toBe('Nessun worker');
    expect(errorMessage(new Error('HTTP 502'))).toBe('HTTP 502');
    expect(errorMessage('boom')).toBe('boom');
  });

  it('reads the code and parameters the GraphQL client received', async () => {
    await inLanguage('en');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: null, errors: [{ message: 'Esiste già una tipologia di nome «busta»', extensions: { code: 'CONFLICT', messageCode: 'TYPE_EXISTS', params: { name: 'busta' } } }] })),
    );
    const query = 'query X { x }' as unknown as TypedDocumentString<unknown, Record<string, never>>;
    const failure = await rawGraphqlRequest(query).catch((error: unknown) => error);
    vi.unstubAllGlobals();
    expect(failure).toBeInstanceOf(GraphQLRequestError);
    expect((failure as GraphQLRequestError).code).toBe('CONFLICT');
    expect(errorMessage(failure)).toBe('A type named “busta” already exists');
  });

  it("renders a REST refusal's { messageCode, params } the same way", async () => {
    await inLanguage('en');
    const refusal = parseRestRefusal(
      JSON.stringify({ code: 'PAYLOAD_TOO_LARGE', message: 'Errore nello zip: la richiesta pesa 9 byte, oltre il limite di 8 byte', messageCode: 'IMPORT_BODY_TOO_LARGE', params: { length: '9', limit: '8' } }),
    );
    expect(refusal.code).toBe('PAYLOAD_TOO_LARGE');
    expect(errorMessage(new ServerError(refusal.message ?? '', refusal.serverMessage))).toBe('Zip error: the request is 9 bytes, over the limit of 8 bytes');
    // A body that is not ours (a proxy's page) carries nothing.
    expect(parseRestRefusal('<html>Bad gateway</html>')).toEqual({ code: undefined, message: undefined, serverMessage: null });
  });
});

describe('storedError', () => {
  // What a worker stored on a dossier whose extraction child crashed: the Italian text and its message.
  const text = "il PDF ha superato i limiti di elaborazione: estrazione interrotta (SIGABRT; memoria massima 512 MiB)";
  const message = {
    messageCode: 'PDF_LIMITS',
    params: { breach: { messageCode: 'BREACH_CRASHED', params: { signal: 'SIGABRT', memory: '512 MiB' } } },
  };

  it("says a stored error's message in the user's language", async () => {
    await inLanguage('en');
    expect(storedError(text, message)).toBe('the PDF exceeded the processing limits: extraction stopped (SIGABRT; memory limit 512 MiB)');
    await inLanguage('it');
    expect(storedError(text, message)).toBe(text);
  });

  it('keeps the stored text without a message, or with one this build does not know', async () => {
    await inLanguage('en');
    expect(storedError('Error: campo TAEG mancante', null)).toBe('Error: campo TAEG mancante');
    expect(storedError('testo', { messageCode: 'NOT_IN_THIS_BUILD', params: {} })).toBe('testo');
    expect(storedError(null, undefined)).toBeNull();
  });
});

describe('refusalMessage', () => {
  it("says a refused login's messageCode in the user's language, else its message, else the fallback", async () => {
    await inLanguage('en');
    expect(refusalMessage({ message: 'Credenziali non valide', messageCode: 'INVALID_CREDENTIALS' }, 'Sign-in failed')).toBe('Invalid credentials');
    expect(refusalMessage({ message: 'Credenziali non valide', messageCode: null }, 'Sign-in failed')).toBe('Credenziali non valide');
    expect(refusalMessage({ message: null, messageCode: 'NOT_IN_THIS_BUILD' }, 'Sign-in failed')).toBe('Sign-in failed');
  });
});

describe("the server's catalogue (server-messages.json)", () => {
  const codes = Object.keys(catalogue.it);

  it('has the same codes in both languages, and they are registered as serverErrors in both', () => {
    expect(Object.keys(catalogue.en).sort()).toEqual([...codes].sort());
    expect(codes.length).toBeGreaterThan(100);
    expect(italian.serverErrors).toBe(catalogue.it);
    expect(en.serverErrors).toBe(catalogue.en);
  });

  it('resolves every code through i18next in Italian and in English', async () => {
    for (const language of ['it', 'en'] as const) {
      const i18n = await inLanguage(language);
      const texts = catalogue[language] as Record<string, string>;
      for (const code of codes) {
        const key = `serverErrors.${code}`;
        expect(i18n.exists(key, { lng: language, fallbackLng: false }), `${key} in ${language}`).toBe(true);
        // Every placeholder filled: the text with its values, none left as {{name}}.
        const values = Object.fromEntries(placeholders(texts[code] ?? '').map((name) => [name, `<${name}>`]));
        const rendered = i18n.t(key, { replace: values });
        expect(rendered, `${key} in ${language}`).not.toMatch(/\{\{/);
        expect(rendered).toBe((texts[code] ?? '').replace(/\{\{(\w+)\}\}/g, (_, name: string) => `<${name}>`));
      }
    }
  });

  it('uses the same placeholders in Italian and English for every code', () => {
    const italianTexts = catalogue.it as Record<string, string>;
    const englishTexts = catalogue.en as Record<string, string>;
    const mismatched = codes.filter((code) => placeholders(italianTexts[code] ?? '').join() !== placeholders(englishTexts[code] ?? '').join());
    expect(mismatched).toEqual([]);
  });
});
