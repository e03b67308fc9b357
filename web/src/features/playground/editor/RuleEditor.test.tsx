import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CodeEditorProps } from '../../../components/code/CodeEditor';
import { toast } from '../../../lib/toast';
import { GraphQLTestError, mockGraphql } from '../../../test/graphql';
import { renderRoutes } from '../../../test/render';
import { loggedInStore, sessionData } from '../../../test/session';
import { DocumentRuleEditorPage, DossierRuleEditorPage } from './RuleEditorPage';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));
// CodeMirror needs a real layout: a text area stands for it, showing the marks it was given.
vi.mock('../../../components/code/CodeEditor', () => ({
  default: ({ value, onChange, label, testId, readOnly, marks, highlightLine }: CodeEditorProps) => (
    <textarea
      aria-label={label}
      data-testid={testId}
      value={value}
      readOnly={readOnly}
      data-marks={JSON.stringify(marks ?? [])}
      data-highlight={highlightLine ?? ''}
      onChange={(event) => onChange?.(event.currentTarget.value)}
    />
  ),
}));

const ID = '0190a1b2-0000-7000-8000-0000000000aa';
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
  description: 'Minimo',
  istitutoAppartenenza: 'Banca',
  code: 'export default () => ({ success: true });',
  packageJSON: '{"name":"rule"}',
  mustContain: ['IBAN'],
  notContain: [],
  nota: '',
  gruppo: ['a'],
  active: true,
  valid: true,
  dossierType: null,
  updatedAt: '2026-11-02T09:05:00Z',
};

function fakeServer(overrides: Record<string, (variables: Record<string, unknown>) => unknown> = {}) {
  return mockGraphql({
    RuleEditorDocumentRule: () => ({ documentRule }),
    RuleEditorDossierRule: () => ({ dossierRule }),
    RuleEditorHelper: () => ({ getHelperCode: { id: ID, code: '// helper' } }),
    RuleEditorUpdateDocumentRule: () => ({ updateDocumentRule: { id: ID } }),
    RuleEditorUpdateDossierRule: () => ({ updateDossierRule: { id: ID } }),
    RuleEditorUpdateHelper: () => ({ updateHelperCode: { id: ID } }),
    RuleEditorCheckCode: () => ({ checkRuleCode: { ok: true, file: null, line: null, column: null, message: null } }),
    RuleEditorDocumentTypes: () => ({ documentTypes: [{ name: 'CUD' }, { name: 'Busta paga' }] }),
    RuleEditorDataTables: () => ({ dataTables: [{ name: 'tassi' }, { name: 'soglie' }] }),
    ...overrides,
  });
}

const routes = [
  { path: '/playground/documenti/:id/aggiorna', element: <DocumentRuleEditorPage /> },
  { path: '/playground/dossier/:id/aggiorna', element: <DossierRuleEditorPage /> },
];

async function openDocumentRule(tab = 'codice', store?: Awaited<ReturnType<typeof loggedInStore>>) {
  const rendered = await renderRoutes(routes, { url: `/playground/documenti/${ID}/aggiorna?tab=${tab}`, store });
  await screen.findByRole('heading', { name: 'Importo' });
  return rendered;
}

const editor = (testId: string) => screen.findByTestId(testId) as Promise<HTMLTextAreaElement>;

const waitMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  vi.clearAllMocks();
});

describe('rule editor: edits, Reset and Salva', () => {
  it('loads the rule and its helper, tracks edits, and Reset restores the loaded values', async () => {
    fakeServer();
    await openDocumentRule();
    const code = await editor('rule-code');
    expect(code.value).toBe(CODE);
    expect(screen.queryByTestId('rule-dirty')).toBeNull();
    expect(screen.getByTestId('rule-reset')).toHaveProperty('disabled', true);

    fireEvent.change(code, { target: { value: 'export default () => ({ success: false });' } });
    expect(screen.getByTestId('rule-dirty').textContent).toBe('Modifiche non salvate');
    expect(screen.getByRole('tab', { name: /^Codice\s*\(con modifiche non salvate\)$/ })).toBeTruthy();

    fireEvent.click(screen.getByTestId('rule-reset'));
    fireEvent.click(await screen.findByRole('button', { name: 'Ripristina' }));
    await waitFor(() => expect(screen.queryByTestId('rule-dirty')).toBeNull());
    expect((await editor('rule-code')).value).toBe(CODE);
  });

  it('keeps helper.js when it arrives before the rule (issue 30: it once opened empty)', async () => {
    let answerRule = () => {};
    const ruleAnswered = new Promise<void>((resolve) => (answerRule = resolve));
    const calls = fakeServer({
      RuleEditorDocumentRule: async () => {
        await ruleAnswered;
        return { documentRule };
      },
    });
    const rendered = renderRoutes(routes, { url: `/playground/documenti/${ID}/aggiorna?tab=helper` });
    await waitFor(() => expect(calls.RuleEditorHelper).toHaveBeenCalled());
    // Let the helper's answer land first, then the rule's.
    await new Promise((resolve) => setTimeout(resolve, 50));
    answerRule();
    await rendered;
    await screen.findByRole('heading', { name: 'Importo' });
    await waitFor(async () => expect((await editor('rule-helper')).value).toBe('// helper'));
    expect(screen.queryByTestId('rule-dirty')).toBeNull();
  });

  it('Salva sends only what changed: the rule with its changed fields, helper.js on its own', async () => {
    const calls = fakeServer();
    await openDocumentRule();
    fireEvent.change(await editor('rule-code'), { target: { value: 'new code' } });
    fireEvent.click(screen.getByRole('tab', { name: /Modifica/ }));
    fireEvent.change(await screen.findByTestId('rule-nota'), { target: { value: 'una nota' } });
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Regola salvata con successo'));
    expect(calls.RuleEditorUpdateDocumentRule).toHaveBeenCalledTimes(1);
    expect(calls.RuleEditorUpdateDocumentRule).toHaveBeenCalledWith({ id: ID, input: { code: 'new code', nota: 'una nota' } });
    expect(calls.RuleEditorUpdateHelper).not.toHaveBeenCalled();

    // Then only helper.js changes: only it is sent.
    fireEvent.click(screen.getByRole('tab', { name: /helper\.js/ }));
    fireEvent.change(await editor('rule-helper'), { target: { value: 'export const x = 1;' } });
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(calls.RuleEditorUpdateHelper).toHaveBeenCalledWith({ id: ID, code: 'export const x = 1;' }));
    expect(calls.RuleEditorUpdateDocumentRule).toHaveBeenCalledTimes(1);
  });

  it('Salva of the code and helper.js together is one call: one version, compiled together', async () => {
    const calls = fakeServer();
    await openDocumentRule();
    fireEvent.change(await editor('rule-code'), { target: { value: 'new code' } });
    fireEvent.click(screen.getByRole('tab', { name: /helper\.js/ }));
    fireEvent.change(await editor('rule-helper'), { target: { value: 'export const y = 2;' } });
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Regola salvata con successo'));
    expect(calls.RuleEditorUpdateDocumentRule).toHaveBeenCalledTimes(1);
    expect(calls.RuleEditorUpdateDocumentRule).toHaveBeenCalledWith({ id: ID, input: { code: 'new code', helper: 'export const y = 2;' } });
    expect(calls.RuleEditorUpdateHelper).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('rule-dirty')).toBeNull());
  });

  it("shows the server's syntax error at its line and column, in the file it names", async () => {
    fakeServer({
      RuleEditorUpdateDocumentRule: () => {
        throw new GraphQLTestError('Errore di sintassi alla riga 2, colonna 9: Unexpected token', 'BAD_USER_INPUT', { line: 2, column: 9, file: 'index.js' });
      },
      RuleEditorUpdateHelper: () => {
        throw new GraphQLTestError('Errore di sintassi alla riga 1, colonna 3 di helper.js: Unexpected', 'BAD_USER_INPUT', { line: 1, column: 3, file: 'helper.js' });
      },
    });
    const { router } = await openDocumentRule();
    fireEvent.change(await editor('rule-code'), { target: { value: 'export default () => {\n  return ;;\n' } });
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile salvare la regola: Errore di sintassi alla riga 2, colonna 9: Unexpected token'));
    expect(JSON.parse((await editor('rule-code')).dataset.marks ?? '[]')).toMatchObject([{ line: 2, column: 9, message: expect.stringContaining('Unexpected token') }]);
    expect(screen.getByTestId('rule-dirty')).toBeTruthy();

    // helper.js refused: 'Impossibile salvare helper.js', the editor switches to it.
    fireEvent.click(screen.getByTestId('rule-reset'));
    fireEvent.click(await screen.findByRole('button', { name: 'Ripristina' }));
    fireEvent.click(screen.getByRole('tab', { name: /helper\.js/ }));
    fireEvent.change(await editor('rule-helper'), { target: { value: 'ex port' } });
    fireEvent.click(screen.getByRole('tab', { name: /Codice/ }));
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(expect.stringContaining('Impossibile salvare helper.js')));
    await waitFor(() => expect(router.state.location.search).toContain('tab=helper'));
    expect(JSON.parse((await editor('rule-helper')).dataset.marks ?? '[]')).toMatchObject([{ line: 1, column: 3 }]);
  });

  it('a dossier rule: the lists are parsed on save, with a clear error and nothing sent', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: `/playground/dossier/${ID}/aggiorna?tab=deve-contenere` });
    const list = await editor('rule-must-contain');
    expect(list.value).toBe('[\n  "IBAN"\n]');
    fireEvent.change(list, { target: { value: '["IBAN",' } });
    fireEvent.click(screen.getByTestId('rule-save'));
    expect((await screen.findByTestId('rule-must-contain-error')).textContent).toMatch(/^JSON non valido/);
    expect(calls.RuleEditorUpdateDossierRule).not.toHaveBeenCalled();

    fireEvent.change(await editor('rule-must-contain'), { target: { value: '["IBAN", "CF"]' } });
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(calls.RuleEditorUpdateDossierRule).toHaveBeenCalledWith({ id: ID, input: { mustContain: ['IBAN', 'CF'] } }));
  });

  it('a dossier rule: Nome and the institute are required', async () => {
    const calls = fakeServer();
    const { router } = await renderRoutes(routes, { url: `/playground/dossier/${ID}/aggiorna?tab=modifica` });
    fireEvent.change(await screen.findByTestId('rule-istituto'), { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('rule-save'));
    expect(await screen.findByText('Campo obbligatorio')).toBeTruthy();
    expect(router.state.location.search).toContain('tab=modifica');
    expect(calls.RuleEditorUpdateDossierRule).not.toHaveBeenCalled();
  });
});

describe('rule editor: permissions', () => {
  it('hides every action without its permission, and the editors are read-only', async () => {
    fakeServer();
    const store = await loggedInStore(sessionData({ permissions: [{ resource: 'documentRules', action: 'allow' }] }));
    await openDocumentRule('codice', store);
    expect((await editor('rule-code')).readOnly).toBe(true);
    expect(screen.queryByTestId('rule-save')).toBeNull();
    expect(screen.queryByTestId('rule-run')).toBeNull();
    expect(screen.queryByTestId('rule-playground')).toBeNull();
    expect(screen.queryByRole('tab', { name: /helper\.js/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: /Storia/ })).toBeNull();
    expect(screen.getByTestId('rule-reset')).toBeTruthy();
    // Ctrl+S does nothing.
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it('shows each action with its own permission', async () => {
    fakeServer();
    const store = await loggedInStore(
      sessionData({
        permissions: ['documentRules', 'updateDocumentRule', 'documents', 'runTemporaryRule'].map((resource) => ({ resource: resource.toLowerCase(), action: 'allow' })),
      }),
    );
    await openDocumentRule('codice', store);
    expect((await editor('rule-code')).readOnly).toBe(false);
    expect(screen.getByTestId('rule-save')).toBeTruthy();
    expect(screen.getByTestId('rule-run')).toBeTruthy();
    expect(screen.queryByTestId('rule-playground')).toBeNull();
  });
});

describe('rule editor: Esegui', () => {
  it('runs the unsaved code on the remembered document in one click, and shows result, metas, logs and the failing line', async () => {
    const calls = fakeServer({
      RuleEditorRunDocumentRule: () => ({
        runTemporaryRule: {
          Result: JSON.stringify({ success: true, metas: { importo: 1500 } }),
          executionId: 'e1',
          logs: ['[log] trovato 1500', '[warn] attenzione'],
          errorDescription: null,
        },
      }),
    });
    localStorage.setItem(`istruttoria.ruleEditor.target.document.${ID}`, JSON.stringify({ id: 'doc-1', label: 'contratto.pdf', dossierId: 'd1' }));
    const { router } = await openDocumentRule();
    fireEvent.change(await editor('rule-code'), { target: { value: 'unsaved code' } });
    await act(async () => {
      fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    });
    await waitFor(() =>
      expect(calls.RuleEditorRunDocumentRule).toHaveBeenCalledWith({ id: 'doc-1', ruleID: ID, ruleName: 'Importo', code: 'unsaved code', packagecode: '{"name":"rule"}', dataTables: ['tassi'], helper: '// helper' }),
    );
    await waitFor(() => expect(router.state.location.search).toContain('tab=risultato'));
    expect((await screen.findByTestId('run-success')).textContent).toBe('Superata');
    expect(screen.getByTestId('run-metas').textContent).toContain('importo');
    expect(screen.getByTestId('run-metas').textContent).toContain('1500');
    fireEvent.click(screen.getByRole('tab', { name: /Log Esecuzione/ }));
    expect((await screen.findByTestId('run-logs')).textContent).toContain('trovato 1500');
  });

  it('points at the line a run failed at', async () => {
    fakeServer({
      RuleEditorRunDocumentRule: () => ({
        runTemporaryRule: { Result: null, executionId: 'e2', logs: [], errorDescription: 'ReferenceError: nope is not defined\n    at default (rule.js:2:3)' },
      }),
    });
    localStorage.setItem(`istruttoria.ruleEditor.target.document.${ID}`, JSON.stringify({ id: 'doc-1', label: 'contratto.pdf' }));
    await openDocumentRule();
    fireEvent.click(screen.getByTestId('rule-run'));
    expect((await screen.findByTestId('run-error')).textContent).toContain('nope is not defined');
    fireEvent.click(screen.getByTestId('run-error-goto'));
    const code = await editor('rule-code');
    expect(code.dataset.highlight).toBe('2');
    expect(JSON.parse(code.dataset.marks ?? '[]')).toMatchObject([{ line: 2, column: 3 }]);
  });

  it("says 'Impossibile eseguire la regola' when the run fails", async () => {
    fakeServer({
      RuleEditorRunDocumentRule: () => {
        throw new GraphQLTestError('Impossibile eseguire la regola: nessun worker', 'UNAVAILABLE');
      },
    });
    localStorage.setItem(`istruttoria.ruleEditor.target.document.${ID}`, JSON.stringify({ id: 'doc-1', label: 'contratto.pdf' }));
    await openDocumentRule();
    fireEvent.click(screen.getByTestId('rule-run'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile eseguire la regola: nessun worker'));
  });

  it("the dossiers to run on are told apart: a dossier without a description by its whole id, its state in the user's words", async () => {
    const DOSSIER_ID = '01a21d28-a695-7048-9594-1970452f8acf';
    fakeServer({
      RuleEditorDossiers: () => ({
        getPaginatedDossier: {
          items: [{ id: DOSSIER_ID, description: null, state: 'processing', createdAt: '2026-11-02T09:05:00Z', input: '[]', dossierType: { name: 'cessione' } }],
          pages: 1,
          total: 1,
        },
      }),
    });
    await renderRoutes(routes, { url: `/playground/dossier/${ID}/aggiorna?tab=codice` });
    await screen.findByRole('heading', { name: 'Minimo' });
    fireEvent.click(screen.getByTestId('rule-run'));
    const dialog = await screen.findByTestId('target-dialog');
    const radio = await within(dialog).findByTestId(`target-dossier-${DOSSIER_ID}`);
    const choice = radio.closest('label') ?? radio;
    expect(within(choice).getByText(DOSSIER_ID).tagName).toBe('CODE');
    expect(choice.textContent).toContain('cessione · IN CORSO');
    expect(choice.textContent).not.toContain('processing');
  });

  it('focus coming back to Esegui from the picker opens no tooltip over it', async () => {
    fakeServer();
    await openDocumentRule();
    const choose = screen.getByTestId('rule-run-choose');
    fireEvent.focus(choose);
    choose.focus();
    fireEvent.focus(screen.getByTestId('rule-run'));
    await waitMs(400);
    expect(document.querySelector('.bp6-tooltip')).toBeNull();
    // Hovering still tells.
    fireEvent.mouseEnter(choose.parentElement ?? choose);
    await waitFor(() => expect(document.querySelector('.bp6-tooltip')).not.toBeNull());
  });

  it('without a remembered document, Esegui opens the choice of one', async () => {
    fakeServer({
      RuleEditorDocuments: () => ({ documentsInfo: [{ id: 'doc-9', name: 'busta.pdf', description: null, dossier: { id: 'd9', description: 'Rossi' } }] }),
      RuleEditorDocumentCheck: () => ({ document: { id: 'doc-9', name: 'busta.pdf', state: 'uploaded', documentType: { name: 'Busta paga' } } }),
    });
    await openDocumentRule();
    fireEvent.click(screen.getByTestId('rule-run'));
    const dialog = await screen.findByTestId('target-dialog');
    fireEvent.click(await within(dialog).findByLabelText(/busta\.pdf/));
    // Another type, not extracted yet: both said.
    const warnings = await within(dialog).findAllByTestId('target-warning');
    expect(warnings.map((warning) => warning.textContent)).toEqual([
      'Il documento non è ancora estratto (stato: IMPORTATO): la regola non può essere eseguita.',
      'Il documento è di tipologia «Busta paga», la regola è per «CUD».',
    ]);
  });
});
