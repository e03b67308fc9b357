import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CodeEditorProps } from '../../../components/code/CodeEditor';
import { toast } from '../../../lib/toast';
import { GraphQLTestError, mockGraphql } from '../../../test/graphql';
import { renderRoutes } from '../../../test/render';
import { loggedInStore, sessionData } from '../../../test/session';
import { DocumentRuleEditorPage, DossierRuleEditorPage } from './RuleEditorPage';
import { metasDiff, parseOutcome, rangeOf, validateForm } from './whatIf';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));
// CodeMirror needs a real layout: a text area stands for it.
vi.mock('../../../components/code/CodeEditor', () => ({
  default: ({ value, onChange, label, testId, readOnly }: CodeEditorProps) => (
    <textarea aria-label={label} data-testid={testId} value={value} readOnly={readOnly} onChange={(event) => onChange?.(event.currentTarget.value)} />
  ),
}));

const ID = '0190a1b2-0000-7000-8000-0000000000aa';
const RUN_ID = '0190a1b2-0000-7000-8000-0000000000f1';
const CODE = 'export default function ({ rawText }) {\n  return { success: true };\n}\n';

const documentRule = {
  id: ID,
  description: 'Importo',
  code: CODE,
  packageJSON: '{"name":"rule"}',
  nota: '',
  active: true,
  documentType: { name: 'CUD' },
  dataTables: [{ name: 'tassi' }],
  updatedAt: '2026-11-02T09:05:00Z',
};

const dossierRule = {
  id: ID,
  description: 'Controllo mutuo',
  istitutoAppartenenza: 'Banca',
  code: CODE,
  packageJSON: '{"name":"rule"}',
  mustContain: [],
  notContain: [],
  nota: '',
  gruppo: [],
  active: true,
  valid: true,
  dossierType: { name: 'Mutuo' } as { name: string } | null,
  updatedAt: '2026-11-02T09:05:00Z',
};

/** A dossier rule's change: the second input item of a dossier. */
const ITEM_CHANGE = {
  itemId: 'dos-1/1',
  documentId: null,
  name: 'VAL-2026-001',
  dossierId: 'dos-1',
  inputIndex: 1,
  changes: ['success'],
  before: JSON.stringify({ success: true, metas: {}, errors: [] }),
  after: JSON.stringify({ success: false, metas: {}, errors: [] }),
};

type Run = {
  id: string;
  ruleId: string;
  state: string;
  requestedBy: string | null;
  limit: number;
  since: string | null;
  until: string | null;
  total: number;
  done: number;
  changed: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};

const runOf = (overrides: Partial<Run> = {}): Run => ({
  id: RUN_ID,
  ruleId: ID,
  state: 'queued',
  requestedBy: 'anna.rossi@example.com',
  limit: 100,
  since: null,
  until: null,
  total: 0,
  done: 0,
  changed: 0,
  error: null,
  createdAt: '2026-11-03T10:00:00Z',
  finishedAt: null,
  ...overrides,
});

const CHANGE = {
  itemId: 'doc-1',
  documentId: 'doc-1',
  name: 'contratto-1.pdf',
  dossierId: 'dos-1',
  inputIndex: null,
  changes: ['metasChanged', 'success'],
  before: JSON.stringify({ success: true, metas: { importo: 1500, soglia: 1000 }, errors: [] }),
  after: JSON.stringify({ success: false, metas: { importo: 1500, soglia: 2000 }, errors: [] }),
};

const emptyPage = { items: [], pages: 0, total: 0, more: false };

function fakeServer(overrides: Record<string, (variables: Record<string, unknown>) => unknown> = {}) {
  return mockGraphql({
    RuleEditorDocumentRule: () => ({ documentRule }),
    RuleEditorHelper: () => ({ getHelperCode: { id: ID, code: '// helper' } }),
    RuleEditorCheckCode: () => ({ checkRuleCode: { ok: true, file: null, line: null, column: null, message: null } }),
    RuleEditorWhatIfRuns: () => ({ whatIfRuns: [] }),
    RuleEditorWhatIfChanges: () => ({ whatIfRun: { id: RUN_ID, changes: emptyPage } }),
    ...overrides,
  });
}

const routes = [
  { path: '/playground/documenti/:id/aggiorna', element: <DocumentRuleEditorPage /> },
  { path: '/playground/dossier/:id/aggiorna', element: <DossierRuleEditorPage /> },
];

async function openWhatIf(query = '', store?: Awaited<ReturnType<typeof loggedInStore>>, language: 'it' | 'en' = 'it') {
  const rendered = await renderRoutes(routes, { url: `/playground/documenti/${ID}/aggiorna?tab=what-if${query}`, store, language });
  await screen.findByRole('heading', { name: 'Importo' });
  await screen.findByTestId('whatif-panel');
  return rendered;
}

const waitMs = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('What if: the model', () => {
  it('validates the number of documents and the dates, and turns the dates into moments', () => {
    expect(validateForm({ limit: '100', from: '', to: '' }, 'code')).toEqual({});
    expect(validateForm({ limit: '0', from: '', to: '' }, 'code')).toEqual({ limit: 'limit' });
    expect(validateForm({ limit: '1001', from: '', to: '' }, 'code')).toEqual({ limit: 'limit' });
    expect(validateForm({ limit: '2.5', from: '', to: '' }, 'code')).toEqual({ limit: 'limit' });
    expect(validateForm({ limit: '1000', from: '2026-11-05', to: '2026-11-01' }, ' ')).toEqual({ range: 'range', code: 'emptyCode' });
    const { since, until } = rangeOf({ from: '2026-11-01', to: '2026-11-05' });
    expect(new Date(since ?? '').getDate()).toBe(1);
    expect(new Date(since ?? '').getHours()).toBe(0);
    expect(new Date(until ?? '').getDate()).toBe(5);
    expect(new Date(until ?? '').getHours()).toBe(23);
    expect(rangeOf({ from: '', to: '' })).toEqual({ since: null, until: null });
  });

  it('reads both outcomes and lists what happened to each meta, changes first', () => {
    const before = parseOutcome(JSON.stringify({ success: true, metas: { a: 1, b: 2, c: 'x' }, errors: [] }));
    const after = parseOutcome(JSON.stringify({ success: null, metas: { a: 1, b: 3, d: true }, errors: ['TypeError: x'] }));
    expect(after).toEqual({ success: null, metas: { a: 1, b: 3, d: true }, errors: ['TypeError: x'] });
    expect(parseOutcome(null)).toBeNull();
    expect(metasDiff(before, after)).toEqual([
      { name: 'b', change: 'changed', before: 2, after: 3 },
      { name: 'd', change: 'added', after: true },
      { name: 'c', change: 'removed', before: 'x' },
      { name: 'a', change: 'same', before: 1, after: 1 },
    ]);
  });
});

describe('What if: the tab', () => {
  it("sends the editor's unsaved code, helper.js and data tables, and shows the run it started", async () => {
    const calls = fakeServer({
      RuleEditorStartWhatIf: () => ({ startWhatIf: runOf({ limit: 250 }) }),
      RuleEditorWhatIfRun: () => ({ whatIfRun: runOf({ limit: 250 }) }),
    });
    const { router } = await renderRoutes(routes, { url: `/playground/documenti/${ID}/aggiorna?tab=codice` });
    fireEvent.change(await screen.findByTestId('rule-code'), { target: { value: 'unsaved code' } });
    await waitFor(() => expect(calls.RuleEditorHelper).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('tab', { name: /Prova su documenti passati/ }));
    expect(await screen.findByTestId('whatif-code-note')).toHaveProperty('textContent', "Prova il codice dell'editor con le modifiche non salvate");
    expect(screen.getByTestId('whatif-limit')).toHaveProperty('value', '100');
    fireEvent.change(screen.getByTestId('whatif-limit'), { target: { value: '250' } });
    fireEvent.change(screen.getByTestId('whatif-from'), { target: { value: '01/10/2026' } });
    fireEvent.change(screen.getByTestId('whatif-to'), { target: { value: '31/10/2026' } });
    await waitFor(() => expect(screen.getByTestId('whatif-start')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('whatif-start'));

    await waitFor(() => expect(calls.RuleEditorStartWhatIf).toHaveBeenCalledTimes(1));
    expect(calls.RuleEditorStartWhatIf).toHaveBeenCalledWith({
      input: {
        ruleId: ID,
        code: 'unsaved code',
        helper: '// helper',
        dataTables: ['tassi'],
        limit: 250,
        since: new Date('2026-10-01T00:00:00').toISOString(),
        until: new Date('2026-10-31T23:59:59.999').toISOString(),
      },
    });
    await waitFor(() => expect(router.state.location.search).toContain(`whatIf=${RUN_ID}`));
    expect(toast.success).toHaveBeenCalledWith('Prova avviata');
    const view = await screen.findByTestId('whatif-run');
    expect(within(view).getByTestId('whatif-state').textContent).toBe('In coda');
    expect(screen.getByTestId(`whatif-run-${RUN_ID}`).getAttribute('aria-current')).toBe('true');
    // Nothing of the rule was saved.
    expect(screen.getByTestId('rule-dirty')).toBeTruthy();
  });

  it('says inline what is wrong with the form, and sends nothing', async () => {
    const calls = fakeServer({ RuleEditorStartWhatIf: () => ({ startWhatIf: runOf() }) });
    await openWhatIf();
    await waitFor(() => expect(screen.getByTestId('whatif-start')).toHaveProperty('disabled', false));
    fireEvent.change(screen.getByTestId('whatif-limit'), { target: { value: '1500' } });
    fireEvent.change(screen.getByTestId('whatif-from'), { target: { value: '05/11/2026' } });
    fireEvent.change(screen.getByTestId('whatif-to'), { target: { value: '01/11/2026' } });
    fireEvent.click(screen.getByTestId('whatif-start'));
    expect(await screen.findByText('Inserisci un numero intero da 1 a 1000')).toBeTruthy();
    expect(screen.getByTestId('whatif-range-error').textContent).toBe('La data di inizio segue quella di fine');
    expect(screen.getByTestId('whatif-limit').getAttribute('aria-invalid')).toBe('true');
    expect(calls.RuleEditorStartWhatIf).not.toHaveBeenCalled();
  });

  it("shows the server's refusal under the form", async () => {
    fakeServer({
      RuleEditorStartWhatIf: () => {
        throw new GraphQLTestError('Il numero di documenti va da 1 a 1000', 'BAD_USER_INPUT', { field: 'limit' });
      },
    });
    await openWhatIf();
    await waitFor(() => expect(screen.getByTestId('whatif-start')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('whatif-start'));
    expect((await screen.findByTestId('whatif-start-error')).textContent).toBe('Impossibile avviare la prova: Il numero di documenti va da 1 a 1000');
  });

  it('polls the run every second while it runs, and stops when it ends', async () => {
    let reads = 0;
    const calls = fakeServer({
      RuleEditorWhatIfRun: () => {
        reads += 1;
        if (reads === 1) return { whatIfRun: runOf({ state: 'running', total: 10, done: 4, changed: 1 }) };
        return { whatIfRun: runOf({ state: 'finished', total: 10, done: 10, changed: 1, finishedAt: '2026-11-03T10:01:00Z' }) };
      },
      RuleEditorWhatIfChanges: () => ({ whatIfRun: { id: RUN_ID, changes: { items: [CHANGE], pages: 1, total: 1, more: false } } }),
    });
    await openWhatIf(`&whatIf=${RUN_ID}`);
    expect((await screen.findByTestId('whatif-count')).textContent).toBe('4 / 10 documenti provati');
    expect(screen.getByTestId('whatif-state').textContent).toBe('In corso');
    expect(screen.getByTestId('whatif-cancel')).toBeTruthy();

    await waitFor(() => expect(screen.getByTestId('whatif-run').dataset.state).toBe('finished'), { timeout: 3000 });
    expect(screen.getByTestId('whatif-count').textContent).toBe('10 / 10 documenti provati');
    expect(screen.queryByTestId('whatif-cancel')).toBeNull();
    expect(screen.getByTestId('whatif-summary').textContent).toBe('1 documenti su 10 cambierebbero esito.');
    const after = calls.RuleEditorWhatIfRun?.mock.calls.length ?? 0;
    expect(after).toBe(2);
    await waitMs(1600);
    expect(calls.RuleEditorWhatIfRun).toHaveBeenCalledTimes(after);
    // The changes were read again when the run ended.
    expect(calls.RuleEditorWhatIfChanges?.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('Annulla esecuzione cancels the run, which stays viewable', async () => {
    const calls = fakeServer({
      RuleEditorWhatIfRun: () => ({ whatIfRun: runOf({ state: 'running', total: 40, done: 20, changed: 0 }) }),
      RuleEditorCancelWhatIf: () => ({ cancelWhatIf: runOf({ state: 'cancelled', total: 40, done: 20, finishedAt: '2026-11-03T10:00:30Z' }) }),
    });
    await openWhatIf(`&whatIf=${RUN_ID}`);
    fireEvent.click(await screen.findByTestId('whatif-cancel'));
    await waitFor(() => expect(calls.RuleEditorCancelWhatIf).toHaveBeenCalledWith({ id: RUN_ID }));
    await waitFor(() => expect(screen.getByTestId('whatif-run').dataset.state).toBe('cancelled'));
    expect(screen.getByTestId('whatif-state').textContent).toBe('Annullata');
    expect(screen.getByTestId('whatif-cancelled').textContent).toContain('dopo 20 documenti su 40');
    expect(screen.queryByTestId('whatif-cancel')).toBeNull();
    const reads = calls.RuleEditorWhatIfRun?.mock.calls.length ?? 0;
    await waitMs(1300);
    expect(calls.RuleEditorWhatIfRun).toHaveBeenCalledTimes(reads);
  });

  it('a failed run says so, with its error', async () => {
    fakeServer({ RuleEditorWhatIfRun: () => ({ whatIfRun: runOf({ state: 'failed', error: 'datatable mancante', finishedAt: '2026-11-03T10:00:30Z' }) }) });
    await openWhatIf(`&whatIf=${RUN_ID}`);
    expect((await screen.findByTestId('whatif-failed')).textContent).toContain('datatable mancante');
    expect(screen.getByTestId('whatif-state').textContent).toBe('Fallita');
  });

  it('lists the changed documents, each linking to its document, with what changes and before → after', async () => {
    const calls = fakeServer({
      RuleEditorWhatIfRun: () => ({ whatIfRun: runOf({ state: 'finished', total: 12, done: 12, changed: 2, finishedAt: '2026-11-03T10:01:00Z' }) }),
      RuleEditorWhatIfChanges: () => ({
        whatIfRun: {
          id: RUN_ID,
          changes: {
            items: [
              CHANGE,
              { itemId: 'doc-2', documentId: 'doc-2', name: 'contratto-1.pdf', dossierId: 'dos-2', inputIndex: null, changes: ['noPrevious'], before: null, after: JSON.stringify({ success: null, metas: {}, errors: ['TypeError: boom'] }) },
            ],
            pages: 1,
            total: 2,
            more: false,
          },
        },
      }),
    });
    await openWhatIf(`&whatIf=${RUN_ID}`);
    const table = await screen.findByTestId('whatif-changes');
    const row = await within(table).findByTestId('row-doc-1');
    const link = within(row).getByRole('link', { name: 'contratto-1.pdf' });
    expect(link.getAttribute('href')).toBe('/dossier/dettagli/dos-1/documenti/doc-1');
    // Two documents with one file name: each says its dossier.
    expect(within(row).getByTestId('whatif-doc-dossier').textContent).toBe('del dossier dos-1');
    expect(within(screen.getByTestId('row-doc-2')).getByTestId('whatif-doc-dossier').textContent).toBe('del dossier dos-2');
    // The kinds in their order, with human labels.
    expect(within(row).getByTestId('whatif-kinds').textContent).toBe('Riuscita cambiataMetadati cambiati');
    expect(within(row).getByTestId('whatif-flip').textContent).toBe('SI diventa NO');
    expect(within(screen.getByTestId('row-doc-2')).getByTestId('whatif-flip').textContent).toBe('mai eseguita diventa nessun esito');
    expect(within(screen.getByTestId('row-doc-2')).getByTestId('whatif-kinds').textContent).toBe('Nessuna esecuzione precedente');
    expect(calls.RuleEditorWhatIfChanges).toHaveBeenCalledWith({ id: RUN_ID, input: expect.objectContaining({ pageIndex: 0, pageSize: expect.any(Number) }) });
    // No order: the API sorts the changes its own way (no column of them is sortable).
    expect(calls.RuleEditorWhatIfChanges?.mock.calls[0]?.[0]).not.toHaveProperty('input.order');

    fireEvent.click(within(row).getByTestId('whatif-details-doc-1'));
    const detail = await screen.findByTestId('whatif-detail-doc-1');
    const metas = within(detail).getByTestId('whatif-metas');
    const soglia = within(metas).getByText('soglia').closest('tr');
    expect(soglia?.textContent).toBe('soglia10002000cambiato');
    expect(within(detail).getByTestId('whatif-before').textContent).toContain('"soglia": 1000');
    expect(within(detail).getByTestId('whatif-after').textContent).toContain('"soglia": 2000');
    fireEvent.click(within(row).getByTestId('whatif-details-doc-1'));
    await waitFor(() => expect(screen.queryByTestId('whatif-detail-doc-1')).toBeNull());

    fireEvent.click(within(screen.getByTestId('row-doc-2')).getByTestId('whatif-details-doc-2'));
    const second = await screen.findByTestId('whatif-detail-doc-2');
    expect(within(second).getByTestId('whatif-before').textContent).toContain('Nessuna esecuzione della regola registrata');
    expect(within(second).getByTestId('whatif-after').textContent).toContain('TypeError: boom');
  });

  it("says 'Nessun dato trovato' and that no document would change outcome", async () => {
    fakeServer({ RuleEditorWhatIfRun: () => ({ whatIfRun: runOf({ state: 'finished', total: 12, done: 12, changed: 0, finishedAt: '2026-11-03T10:01:00Z' }) }) });
    await openWhatIf(`&whatIf=${RUN_ID}`);
    expect((await screen.findByTestId('whatif-summary')).textContent).toBe('Nessun documento cambierebbe esito (12 documenti provati).');
    expect((await screen.findByTestId('table-empty')).textContent).toBe('Nessun dato trovato');
  });

  it("lists the rule's past runs; one click shows one and keeps it in the address", async () => {
    const older = runOf({ id: 'run-old', state: 'finished', total: 30, done: 30, changed: 3, requestedBy: 'luca@example.com', createdAt: '2026-11-01T08:00:00Z', finishedAt: '2026-11-01T08:01:00Z' });
    const calls = fakeServer({
      RuleEditorWhatIfRuns: () => ({ whatIfRuns: [runOf({ state: 'cancelled', total: 20, done: 5 }), older] }),
      RuleEditorWhatIfRun: (variables) => ({ whatIfRun: variables.id === 'run-old' ? older : runOf({ state: 'cancelled', total: 20, done: 5 }) }),
    });
    const { router } = await openWhatIf();
    const list = await screen.findByTestId('whatif-runs');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const oldRun = screen.getByTestId('whatif-run-run-old');
    expect(oldRun.textContent).toContain('luca@example.com');
    expect(oldRun.textContent).toContain('3 cambiano su 30');
    expect(oldRun.textContent).toContain('Terminata');
    expect(calls.RuleEditorWhatIfRuns).toHaveBeenCalledWith({ ruleId: ID, limit: 10 });
    expect(screen.queryByTestId('whatif-run')).toBeNull();

    fireEvent.click(oldRun);
    await waitFor(() => expect(router.state.location.search).toContain('whatIf=run-old'));
    expect((await screen.findByTestId('whatif-run')).dataset.state).toBe('finished');
    expect(screen.getByTestId('whatif-run-run-old').getAttribute('aria-current')).toBe('true');
    expect(screen.getByTestId('whatif-summary').textContent).toBe('3 documenti su 30 cambierebbero esito.');
  });

  it('in English', async () => {
    fakeServer({ RuleEditorWhatIfRun: () => ({ whatIfRun: runOf({ state: 'running', total: 10, done: 3 }) }) });
    await renderRoutes(routes, { url: `/playground/documenti/${ID}/aggiorna?tab=what-if&whatIf=${RUN_ID}`, language: 'en' });
    expect(await screen.findByRole('tab', { name: 'What if' })).toBeTruthy();
    expect((await screen.findByTestId('whatif-count')).textContent).toBe('3 / 10 documents tried');
    expect(screen.getByTestId('whatif-cancel').textContent).toBe('Cancel run');
    expect(screen.getByTestId('whatif-start').textContent).toBe('Start');
  });
});

describe('What if: permissions', () => {
  const withPermissions = (resources: string[]) => loggedInStore(sessionData({ permissions: resources.map((resource) => ({ resource: resource.toLowerCase(), action: 'allow' })) }));

  it('is hidden without the permission to see runs, for either kind of rule', async () => {
    fakeServer({ RuleEditorDossierRule: () => ({ dossierRule }) });
    const store = await withPermissions(['documentRules', 'dossierRules', 'startWhatIf']);
    const { unmount } = await renderRoutes(routes, { url: `/playground/documenti/${ID}/aggiorna?tab=what-if`, store });
    await screen.findByRole('heading', { name: 'Importo' });
    expect(screen.queryByRole('tab', { name: /Prova su documenti passati/ })).toBeNull();
    expect(screen.queryByTestId('whatif-panel')).toBeNull();
    unmount();

    await renderRoutes(routes, { url: `/playground/dossier/${ID}/aggiorna?tab=what-if`, store });
    await screen.findByRole('heading', { name: 'Controllo mutuo' });
    expect(screen.getByRole('tab', { name: /Codice/ })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: /Prova su dossier passati/ })).toBeNull();
    expect(screen.queryByTestId('whatif-panel')).toBeNull();
  });

  it('without the permission to start runs: past runs only, no Avvia and no Annulla esecuzione', async () => {
    const calls = fakeServer({ RuleEditorWhatIfRun: () => ({ whatIfRun: runOf({ state: 'running', total: 10, done: 3 }) }) });
    await openWhatIf(`&whatIf=${RUN_ID}`, await withPermissions(['documentRules', 'whatIf']));
    expect(await screen.findByTestId('whatif-count')).toBeTruthy();
    expect(screen.queryByTestId('whatif-start')).toBeNull();
    expect(screen.queryByTestId('whatif-form')).toBeNull();
    expect(screen.queryByTestId('whatif-cancel')).toBeNull();
    expect(calls.RuleEditorWhatIfRuns).toHaveBeenCalled();
  });
});

describe('What if: dossier rules', () => {
  const dossierServer = (overrides: Record<string, (variables: Record<string, unknown>) => unknown> = {}, rule = dossierRule) =>
    fakeServer({ RuleEditorDossierRule: () => ({ dossierRule: rule }), ...overrides });
  const openDossierWhatIf = async (query = '', store?: Awaited<ReturnType<typeof loggedInStore>>, language: 'it' | 'en' = 'it') => {
    const rendered = await renderRoutes(routes, { url: `/playground/dossier/${ID}/aggiorna?tab=what-if${query}`, store, language });
    await screen.findByTestId('whatif-panel');
    return rendered;
  };

  it("has the tab after Log, speaks of dossiers and their items, and sends the unsaved code without data tables", async () => {
    const calls = dossierServer({
      RuleEditorStartWhatIf: () => ({ startWhatIf: runOf({ limit: 20 }) }),
      RuleEditorWhatIfRun: () => ({ whatIfRun: runOf({ limit: 20 }) }),
    });
    await renderRoutes(routes, { url: `/playground/dossier/${ID}/aggiorna?tab=codice` });
    fireEvent.change(await screen.findByTestId('rule-code'), { target: { value: 'unsaved dossier code' } });
    await waitFor(() => expect(calls.RuleEditorHelper).toHaveBeenCalled());
    const titles = screen.getAllByRole('tab').map((tab) => tab.textContent ?? '');
    const at = titles.findIndex((title) => title.startsWith('Prova su dossier passati'));
    expect(at).toBeGreaterThan(-1);
    expect(titles[at - 1]).toMatch(/^Log/);
    expect(titles[at + 1]).toMatch(/^Modifica/);
    fireEvent.click(screen.getAllByRole('tab')[at] as HTMLElement);

    expect((await screen.findByTestId('whatif-intro')).textContent).toContain("su ogni elemento dell'input degli ultimi dossier elaborati della tipologia «Mutuo»");
    expect(screen.getByLabelText('Numero di dossier più recenti')).toBe(screen.getByTestId('whatif-limit'));
    expect(screen.getByText('Da 1 a 1000; al massimo 5000 elementi in tutto (i dossier oltre restano esclusi)')).toBeTruthy();
    expect(screen.getByText('Data di creazione del dossier (facoltativa)')).toBeTruthy();
    expect(screen.getByText('Solo i dossier creati in questo intervallo, estremi compresi.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('whatif-limit'), { target: { value: '20' } });
    await waitFor(() => expect(screen.getByTestId('whatif-start')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('whatif-start'));
    await waitFor(() => expect(calls.RuleEditorStartWhatIf).toHaveBeenCalledTimes(1));
    expect(calls.RuleEditorStartWhatIf).toHaveBeenCalledWith({
      input: { ruleId: ID, code: 'unsaved dossier code', helper: '// helper', dataTables: [], limit: 20, since: null, until: null },
    });
    expect((await screen.findByTestId('whatif-run')).textContent).toContain('ultimi 20 dossier');
  });

  it('lists the changed input items: the dossier linked by its idValutazione, then "elemento N"', async () => {
    const calls = dossierServer({
      RuleEditorWhatIfRun: () => ({ whatIfRun: runOf({ state: 'finished', total: 8, done: 8, changed: 2, finishedAt: '2026-11-03T10:01:00Z' }) }),
      RuleEditorWhatIfChanges: () => ({
        whatIfRun: {
          id: RUN_ID,
          changes: { items: [ITEM_CHANGE, { ...ITEM_CHANGE, itemId: 'dos-2/0', name: 'VAL-2026-002', dossierId: 'dos-2', inputIndex: 0, changes: ['noPrevious'], before: null }], pages: 1, total: 2, more: false },
        },
      }),
    });
    await openDossierWhatIf(`&whatIf=${RUN_ID}`);
    expect(screen.getByTestId('whatif-intro').textContent).toContain('«Mutuo»');
    expect((await screen.findByTestId('whatif-count')).textContent).toBe('8 / 8 elementi provati');
    expect(screen.getByTestId('whatif-summary').textContent).toBe('2 elementi su 8 cambierebbero esito.');
    expect(screen.getByTestId('whatif-run').textContent).toContain('ultimi 100 dossier');
    const table = await screen.findByTestId('whatif-changes');
    expect(within(table).getByRole('columnheader', { name: 'Dossier · elemento' })).toBeTruthy();
    expect(within(table).getAllByText('Elementi il cui esito cambierebbe').length).toBeGreaterThan(0);
    // The changes' one sort column is `item`; no order is sent.
    expect(calls.RuleEditorWhatIfChanges?.mock.calls[0]?.[0]).not.toHaveProperty('input.order');

    const row = await screen.findByTestId('row-dos-1/1');
    const link = within(row).getByRole('link', { name: 'VAL-2026-001' });
    expect(link.getAttribute('href')).toBe('/dossier/dettagli/dos-1');
    expect(link.dataset.testid).toBe('whatif-dossier-dos-1/1');
    expect(within(row).getByTestId('whatif-item').textContent).toBe('elemento 2');
    expect(within(screen.getByTestId('row-dos-2/0')).getByTestId('whatif-item').textContent).toBe('elemento 1');
    expect(within(row).getByTestId('whatif-flip').textContent).toBe('SI diventa NO');

    const details = within(row).getByTestId('whatif-details-dos-1/1');
    expect(details.getAttribute('aria-label')).toBe('Mostra il confronto di VAL-2026-001 · elemento 2');
    fireEvent.click(details);
    expect(within(await screen.findByTestId('whatif-detail-dos-1/1')).getByTestId('whatif-after').textContent).toContain('"success": false');
    fireEvent.click(within(screen.getByTestId('row-dos-2/0')).getByTestId('whatif-details-dos-2/0'));
    expect(within(await screen.findByTestId('whatif-detail-dos-2/0')).getByTestId('whatif-before').textContent).toBe(
      'Ultima esecuzione registrataNessuna esecuzione della regola registrata su questo elemento.',
    );
    // Only the one opened.
    expect(screen.getByTestId('whatif-detail-dos-1/1')).toBeTruthy();
  });

  it('a rule of no type goes over any type; without the permission to open dossiers, no link', async () => {
    dossierServer(
      {
        RuleEditorWhatIfRun: () => ({ whatIfRun: runOf({ state: 'finished', total: 0, done: 0, changed: 0, finishedAt: '2026-11-03T10:01:00Z' }) }),
        RuleEditorWhatIfChanges: () => ({ whatIfRun: { id: RUN_ID, changes: { items: [ITEM_CHANGE], pages: 1, total: 1, more: false } } }),
      },
      { ...dossierRule, dossierType: null },
    );
    const store = await loggedInStore(sessionData({ permissions: ['dossierRules', 'whatIf'].map((resource) => ({ resource: resource.toLowerCase(), action: 'allow' })) }));
    await openDossierWhatIf(`&whatIf=${RUN_ID}`, store);
    expect(screen.getByTestId('whatif-intro').textContent).toContain('degli ultimi dossier elaborati di qualsiasi tipologia');
    expect((await screen.findByTestId('whatif-summary')).textContent).toBe('Nessun elemento da provare (nessun dossier elaborato, o input vuoti): nessun elemento cambierebbe esito.');
    const row = await screen.findByTestId('row-dos-1/1');
    expect(within(row).getByText('VAL-2026-001')).toBeTruthy();
    expect(within(row).queryByRole('link')).toBeNull();
    expect(within(row).getByTestId('whatif-item').textContent).toBe('elemento 2');
  });

  it('says how far a cancelled run went, in items', async () => {
    dossierServer({ RuleEditorWhatIfRun: () => ({ whatIfRun: runOf({ state: 'cancelled', total: 40, done: 20, finishedAt: '2026-11-03T10:00:30Z' }) }) });
    await openDossierWhatIf(`&whatIf=${RUN_ID}`);
    expect((await screen.findByTestId('whatif-cancelled')).textContent).toContain('dopo 20 elementi su 40');
  });

  it('in English', async () => {
    dossierServer({
      RuleEditorWhatIfRun: () => ({ whatIfRun: runOf({ state: 'finished', total: 12, done: 12, changed: 1, finishedAt: '2026-11-03T10:01:00Z' }) }),
      RuleEditorWhatIfChanges: () => ({ whatIfRun: { id: RUN_ID, changes: { items: [ITEM_CHANGE], pages: 1, total: 1, more: false } } }),
    });
    await openDossierWhatIf(`&whatIf=${RUN_ID}`, undefined, 'en');
    expect(screen.getByRole('tab', { name: 'What if' })).toBeTruthy();
    expect(screen.getByTestId('whatif-intro').textContent).toContain('on every input item of the latest processed dossiers of type «Mutuo»');
    expect(screen.getByLabelText('Number of latest dossiers')).toBeTruthy();
    expect((await screen.findByTestId('whatif-count')).textContent).toBe('12 / 12 items tried');
    expect(screen.getByTestId('whatif-summary').textContent).toBe('1 of 12 items would change outcome.');
    const row = await screen.findByTestId('row-dos-1/1');
    expect(within(row).getByTestId('whatif-item').textContent).toBe('item 2');
    expect(screen.getByRole('columnheader', { name: 'Dossier · item' })).toBeTruthy();
  });
});
