import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { GraphQLTestError, mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { loggedInStore, sessionData } from '../../test/session';
import { ValidationDetailPage } from './ValidationDetailPage';
import { ltr } from '../../lib/format';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const routes = [{ path: '/validazione/:id', element: <ValidationDetailPage /> }];

const ID = '0190a1b2-0000-7000-8000-0000000000aa';
const RULE_A = '0190a1b2-0000-7000-8000-0000000000a1';
const RULE_B = '0190a1b2-0000-7000-8000-0000000000b2';
const T0 = Date.UTC(2026, 10, 2, 9, 5, 0) / 1000;
const local = (seconds: number) => {
  const d = new Date(seconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  // As one left-to-right unit (the formatter isolates it for right-to-left pages).
  return ltr(`${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`);
};

const validation = (state: string, overrides: Record<string, unknown> = {}) => ({
  id: ID,
  state,
  istituto: 'Banca Alfa',
  fileName: 'Contratto 2026.pdf',
  createdAt: T0,
  startedAt: T0 + 1,
  finishedAt: state === 'finished' || state === 'failed' ? T0 + 12 : null,
  rulesInvalidated: 2,
  idDocument: 'doc-1',
  urlOcr: 'validation/doc-1.txt',
  error: null,
  createdBy: 'anna.rossi@example.com',
  invalidRules: [
    { id: 'log-1', idRule: RULE_A, description: 'Importo minimo', missing: ['IBAN', 'Codice fiscale'], present: [] },
    { id: 'log-2', idRule: RULE_B, description: 'Nessuna penale', missing: [], present: ['penale'] },
    { id: 'log-3', idRule: null, description: 'Regola cancellata', missing: ['x'], present: [] },
  ],
  ...overrides,
});

const storeWith = (...resources: string[]) => loggedInStore(sessionData({ permissions: resources.map((resource) => ({ resource, action: 'allow' })) }));

beforeEach(() => {
  vi.clearAllMocks();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/validazione/{id}', () => {
  it("shows the validation's facts and its invalid rules with the strings that failed", async () => {
    const calls = mockGraphql({ ValidationRuleValidation: () => ({ ruleValidation: validation('finished') }) });
    await renderRoutes(routes, { url: `/validazione/${ID}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Validazione di Contratto 2026.pdf' })).toBeTruthy();
    expect(calls.ValidationRuleValidation).toHaveBeenCalledWith({ id: ID });
    const fields = screen.getByTestId('validation-fields');
    expect(within(fields).getByTestId('validation-state').textContent).toBe('terminata');
    expect(within(fields).getByText('Banca Alfa')).toBeTruthy();
    expect(within(fields).getByText(local(T0))).toBeTruthy();
    expect(within(fields).getByText(local(T0 + 12))).toBeTruthy();
    expect(within(fields).getByText('anna.rossi@example.com')).toBeTruthy();
    expect(within(fields).getByTestId('validation-invalidated').textContent).toBe('2');

    const first = screen.getByTestId(`invalid-rule-${RULE_A}`);
    expect(within(first).getByText(RULE_A)).toBeTruthy();
    expect(within(first).getByText('Importo minimo')).toBeTruthy();
    expect(within(first).getByText('manca «IBAN»')).toBeTruthy();
    expect(within(first).getByText('manca «Codice fiscale»')).toBeTruthy();
    expect(within(screen.getByTestId(`invalid-rule-${RULE_B}`)).getByText('presente «penale»')).toBeTruthy();
    // A rule deleted since: no link.
    const deleted = screen.getByTestId('invalid-rule-log-3');
    expect(within(deleted).getByText('regola eliminata')).toBeTruthy();
    expect(within(deleted).queryByRole('link')).toBeNull();
  });

  it("links each rule to its editor, /playground/dossier/{idRule}/aggiorna", async () => {
    mockGraphql({ ValidationRuleValidation: () => ({ ruleValidation: validation('finished') }) });
    await renderRoutes(routes, { url: `/validazione/${ID}` });
    const link = await screen.findByRole('link', { name: 'Apri regola «Importo minimo» nel playground' });
    expect(link.getAttribute('href')).toBe(`/playground/dossier/${RULE_A}/aggiorna`);
    fireEvent.click(link);
    expect((await screen.findByTestId('where')).textContent).toBe(`/playground/dossier/${RULE_A}/aggiorna`);
  });

  it('shows no editor link to a user who may not read dossier rules', async () => {
    mockGraphql({ ValidationRuleValidation: () => ({ ruleValidation: validation('finished') }) });
    await renderRoutes(routes, { url: `/validazione/${ID}`, store: await storeWith('ruleValidations') });
    expect(await screen.findByTestId(`invalid-rule-${RULE_A}`)).toBeTruthy();
    expect(screen.queryByTestId('invalid-rule-open')).toBeNull();
  });

  it('is asked again every 5 seconds while under way, and no more once finished', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    let state = 'running';
    const calls = mockGraphql({
      ValidationRuleValidation: () => ({ ruleValidation: validation(state, state === 'finished' ? {} : { invalidRules: [], rulesInvalidated: 0 }) }),
    });
    await renderRoutes(routes, { url: `/validazione/${ID}` });
    expect((await screen.findByTestId('validation-running')).textContent).toContain('Validazione in corso');
    expect(screen.getByTestId('invalid-rules-empty').textContent).toBe('Nessuna regola invalidata finora');
    await waitFor(() => expect(calls.ValidationRuleValidation).toHaveBeenCalledTimes(1));
    state = 'finished';
    act(() => vi.advanceTimersByTime(5_100));
    await waitFor(() => expect(calls.ValidationRuleValidation).toHaveBeenCalledTimes(2));
    expect(await screen.findByTestId(`invalid-rule-${RULE_A}`)).toBeTruthy();
    expect(screen.queryByTestId('validation-running')).toBeNull();
    act(() => vi.advanceTimersByTime(15_000));
    await act(async () => {
      await Promise.resolve();
    });
    expect(calls.ValidationRuleValidation).toHaveBeenCalledTimes(2);
  });

  it('shows why a validation failed', async () => {
    mockGraphql({
      ValidationRuleValidation: () => ({ ruleValidation: validation('failed', { error: 'Testo del documento non estraibile', invalidRules: [], rulesInvalidated: 0 }) }),
    });
    await renderRoutes(routes, { url: `/validazione/${ID}` });
    const failure = await screen.findByTestId('validation-failure');
    expect(failure.textContent).toContain('Validazione non riuscita');
    expect(failure.textContent).toContain('Testo del documento non estraibile');
    expect(screen.getByTestId('invalid-rules-empty').textContent).toBe('Nessuna regola invalidata');
  });

  it('says a validation is not found', async () => {
    mockGraphql({
      ValidationRuleValidation: () => {
        throw new GraphQLTestError('Validazione x non trovata', 'NOT_FOUND');
      },
    });
    await renderRoutes(routes, { url: '/validazione/x' });
    expect(await screen.findByText('Validazione non trovata')).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says 'Impossibile caricare i log' when the load fails", async () => {
    mockGraphql({
      ValidationRuleValidation: () => {
        throw new GraphQLTestError('Database non raggiungibile');
      },
    });
    await renderRoutes(routes, { url: `/validazione/${ID}` });
    expect((await screen.findByRole('alert')).textContent).toBe('Impossibile caricare i log: Database non raggiungibile');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile caricare i log'));
  });

  it('is in English too', async () => {
    mockGraphql({ ValidationRuleValidation: () => ({ ruleValidation: validation('finished') }) });
    await renderRoutes(routes, { url: `/validazione/${ID}`, language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Validation of Contratto 2026.pdf' })).toBeTruthy();
    expect(screen.getByText('missing «IBAN»')).toBeTruthy();
    expect(screen.getByText('present «penale»')).toBeTruthy();
  });
});
