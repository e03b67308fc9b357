import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EditorView } from '@uiw/react-codemirror';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { GraphQLTestError, mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { loggedInStore, sessionData } from '../../test/session';
import { DocumentPage } from './DocumentPage';
import type { PdfFocus } from './geometry';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), progress: vi.fn(async () => dismissProgress) } }));
const dismissProgress = vi.fn();
// pdf.js does not run in jsdom: the viewer shows what it was asked to highlight.
vi.mock('./PdfViewer', () => ({
  default: ({ file, focus }: { file: string; focus: PdfFocus }) => (
    <div data-testid="pdf-stub" data-file={file} data-page={focus.page ?? ''}>
      {focus.highlights.map((h) => (
        <span key={h.key} data-testid="stub-box" data-current={h.current ? 'yes' : 'no'}>
          {`${h.box.page}:${h.box.x0},${h.box.y0},${h.box.x1},${h.box.y1}`}
        </span>
      ))}
    </div>
  ),
}));

const DOSSIER = 'd0551e00-0000-4000-8000-000000000001';
const DOC = 'd0c00000-0000-4000-8000-000000000002';
const BASE = `/dossier/dettagli/${DOSSIER}/documenti/${DOC}`;
const RULE_A = 'a0000000-0000-4000-8000-00000000000a';
const RULE_B = 'b0000000-0000-4000-8000-00000000000b';

const DOCUMENT = {
  id: DOC,
  name: 'contratto.pdf',
  description: 'Contratto di cessione',
  state: 'processed',
  metas: '{"cliente":"Rossi"}',
  dossier: { id: DOSSIER, description: 'Pratica Rossi' },
  documentType: { name: 'contratto' },
  error: null,
  createdAt: '2026-03-04T10:20:00Z',
  updatedAt: '2026-03-04T10:21:00Z',
};
const WORDS = [
  { page: 1, text: 'Contratto', x0: 72, y0: 60, x1: 140, y1: 72 },
  { page: 1, text: 'di', x0: 144, y0: 60, x1: 152, y1: 72 },
  { page: 2, text: 'cessione', x0: 72, y0: 90, x1: 130, y1: 102 },
];
const RULES = [
  { id: RULE_A, description: 'Controlla importo', state: 'active', active: true, code: 'export default function () { return { success: true }; }' },
  { id: RULE_B, description: 'Controlla firma', state: 'active', active: false, code: '// firma' },
];

const routes = [
  { path: '/dossier/dettagli/:dossierId/documenti/:docId', element: <DocumentPage /> },
  { path: '/dossier/dettagli/:dossierId/documenti/:docId/regole', element: <DocumentPage /> },
];

/** Fakes for every call of the page; `overrides` replaces some. */
function fakes(overrides: Record<string, (variables: Record<string, unknown>) => unknown> = {}) {
  return mockGraphql({
    DocumentDetail: () => ({ document: DOCUMENT }),
    DocumentDetailPdf: () => ({ document: { id: DOC, pdfUrl: '/downloads/pdf-token' } }),
    DocumentDetailLogs: () => ({ getLogsByDocument: [{ id: 'l1', event: 'importato', timestamp: 1_772_620_800 }] }),
    DocumentDetailRules: () => ({ getRulesByDocument: RULES }),
    DocumentDetailExecutionLogs: () => ({ ruleExecutionLogs: { items: [], pages: 0, total: 0, more: false } }),
    DocumentDetailExtraction: () => ({
      document: { id: DOC, formData: '{"nome":"Mario"}', rawText: 'Contratto di\fcessione', rawTextWithGeometry: JSON.stringify(WORDS), tables: '[]' },
    }),
    ...overrides,
  });
}

const allowed = (...resources: string[]) => sessionData({ permissions: resources.map((resource) => ({ resource, action: 'allow' })) });

beforeEach(() => vi.clearAllMocks());

// CodeMirror measures text ranges, which jsdom does not lay out.
beforeAll(() => {
  const empty = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= empty;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

describe('document detail: tabs and address', () => {
  it('shows breadcrumbs, title, generale by default, with the details and the event log', async () => {
    fakes();
    await renderRoutes(routes, { url: BASE });
    expect(await screen.findByRole('heading', { level: 1, name: 'contratto.pdf' })).toBeTruthy();
    const crumbs = screen.getByTestId('breadcrumbs');
    expect(within(crumbs).getByText('Dashboard')).toBeTruthy();
    expect(within(crumbs).getByText('Dossier')).toBeTruthy();
    expect(within(crumbs).getByText('Pratica Rossi').closest('a')?.getAttribute('href')).toBe(`/dossier/dettagli/${DOSSIER}`);
    expect(screen.getByRole('tab', { name: 'Generale' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('field-state').textContent).toContain('REGOLE ESEGUITE');
    expect(screen.getByTestId('field-error').textContent).toContain('Nessuno');
    expect(screen.getByTestId('field-type').textContent).toContain('contratto');
    expect(within(screen.getByTestId('field-dossier')).getByRole('link').getAttribute('href')).toBe(`/dossier/dettagli/${DOSSIER}`);
    const logs = await screen.findByTestId('document-logs');
    expect(logs.textContent).toContain('importato');
    expect(logs.textContent).toMatch(/\d{2}\/\d{2}\/2026 \d{2}:\d{2}:\d{2}/);
    expect((await screen.findByTestId('pdf-stub')).getAttribute('data-file')).toBe('/downloads/pdf-token');
  });

  it("says the document's events in the reader's language from their messages, nested reasons too", async () => {
    const message = (messageCode: string, params: Record<string, unknown> = {}) => ({ messageCode, params });
    fakes({
      DocumentDetailLogs: () => ({
        getLogsByDocument: [
          { id: 'l3', event: 'errore: PDF protetto da password', message: message('EVENT_FAILED', { error: message('PDF_ENCRYPTED') }), timestamp: 1_772_620_900 },
          {
            id: 'l2',
            event: 'estratto (pagine: 2); pagina 2 non letta: oltre le 0 pagine lette con OCR per documento',
            message: message('SEMICOLON_LIST', {
              first: message('EVENT_EXTRACTED', { pages: '2' }),
              rest: message('PAGE_UNREAD', { page: '2', reason: message('OCR_DOCUMENT_CAP', { max: '0' }) }),
            }),
            timestamp: 1_772_620_850,
          },
          { id: 'l1', event: 'importato', message: message('EVENT_IMPORTED'), timestamp: 1_772_620_800 },
          { id: 'l0', event: 'un evento di prima', message: null, timestamp: 1_772_620_700 },
        ],
      }),
    });
    await renderRoutes(routes, { url: BASE, language: 'en' });
    const logs = await screen.findByTestId('document-logs');
    expect([...logs.querySelectorAll('tbody tr td:first-child')].map((cell) => cell.textContent)).toEqual([
      'error: Password-protected PDF',
      'extracted (pages: 2); page 2 not read: over the 0 pages read by OCR per document',
      'imported',
      'un evento di prima',
    ]);
  });

  it('changes tab by replacing the address, keeping the other parameters', async () => {
    fakes();
    const { router } = await renderRoutes(routes, { url: `${BASE}?x=1` });
    fireEvent.click(await screen.findByRole('tab', { name: 'Modifica' }));
    await waitFor(() => expect(router.state.location.search).toBe('?x=1&tab=modifica'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('tab', { name: 'Modifica' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Testo grezzo' }));
    await waitFor(() => expect(router.state.location.search).toBe('?x=1&tab=rawtext'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('opens the tab named in the address; …/regole opens regole; an unknown tab is generale', async () => {
    fakes();
    await renderRoutes(routes, { url: `${BASE}?tab=formdata` });
    expect((await screen.findByRole('tab', { name: 'Dati del modulo' })).getAttribute('aria-selected')).toBe('true');
    expect((await screen.findByTestId('formdata')).textContent).toContain('"nome": "Mario"');
  });

  it('opens regole on the …/regole route', async () => {
    fakes();
    await renderRoutes(routes, { url: `${BASE}/regole` });
    expect((await screen.findByRole('tab', { name: 'Regole' })).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByTestId(`rule-row-${RULE_A}`)).toBeTruthy();
  });

  it('falls back to generale for an unknown tab, and hides regoleeseguite without ruleExecutions', async () => {
    fakes();
    await renderRoutes(routes, { url: `${BASE}?tab=regoleeseguite`, store: await loggedInStore(allowed('documents')) });
    expect((await screen.findByRole('tab', { name: 'Generale' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tab', { name: 'Regole eseguite' })).toBeNull();
    expect(screen.getByTestId('document-download')).toBeTruthy();
    expect(screen.queryByTestId('document-delete')).toBeNull();
  });

  it('says when the document cannot be loaded', async () => {
    fakes({ DocumentDetail: () => { throw new Error('boom'); } });
    await renderRoutes(routes, { url: BASE });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile ottenere il documento'));
    expect(screen.getByTestId('document-failed')).toBeTruthy();
  });

  it('says when the logs cannot be loaded', async () => {
    fakes({ DocumentDetailLogs: () => { throw new Error('boom'); } });
    await renderRoutes(routes, { url: BASE });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile ottenere i logs'));
  });

  it('polls while the pipeline is working on the document', async () => {
    const calls = fakes({ DocumentDetail: () => ({ document: { ...DOCUMENT, state: 'extracted' } }) });
    await renderRoutes(routes, { url: BASE });
    expect((await screen.findByTestId('field-state')).textContent).toContain('IN CORSO');
    await waitFor(() => expect(calls.DocumentDetail).toHaveBeenCalledTimes(2), { timeout: 4500 });
  });
});

describe('document detail: actions', () => {
  it('deletes after confirmation and goes back to the dossier', async () => {
    const calls = fakes({ DocumentDetailDelete: () => ({ deleteDocument: true }) });
    const { router } = await renderRoutes(routes, { url: BASE });
    fireEvent.click(await screen.findByTestId('document-delete'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toBe('Azione irreversibile, continuare?');
    fireEvent.click(screen.getByRole('button', { name: 'Elimina definitivamente' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dossier/dettagli/${DOSSIER}`));
    expect(calls.DocumentDetailDelete).toHaveBeenCalledWith({ id: DOC });
    expect(toast.success).toHaveBeenCalledWith('Documento eliminato');
  });

  it('says when the deletion failed and stays', async () => {
    fakes({ DocumentDetailDelete: () => { throw new Error('in elaborazione'); } });
    const { router } = await renderRoutes(routes, { url: BASE });
    fireEvent.click(await screen.findByTestId('document-delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina definitivamente' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile eliminare il documento'));
    expect(router.state.location.pathname).toBe(BASE);
  });

  it('downloads the PDF from the link the API hands out', async () => {
    const calls = fakes({ DocumentDetailDownload: () => ({ downloadDocument: { filename: 'contratto', extension: 'pdf', url: '/downloads/token' } }) });
    const clicked: string[][] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push([this.getAttribute('href') ?? '', this.download]);
    });
    await renderRoutes(routes, { url: BASE });
    fireEvent.click(await screen.findByTestId('document-download'));
    await waitFor(() => expect(clicked).toEqual([['/downloads/token', 'contratto.pdf']]));
    expect(calls.DocumentDetailDownload).toHaveBeenCalledWith({ id: DOC });
    click.mockRestore();
  });
});

/** The CodeMirror view inside `container`. */
function editorIn(container: HTMLElement): EditorView {
  const dom = container.querySelector<HTMLElement>('.cm-editor');
  if (!dom) throw new Error('no editor');
  const view = EditorView.findFromDOM(dom);
  if (!view) throw new Error('no view');
  return view;
}

describe('document detail: tags (modifica)', () => {
  it('edits the metas JSON and saves it with replaceDocumentMetas', async () => {
    const saved = '{\n  "cliente": "Bianchi"\n}';
    const calls = fakes({
      DocumentDetailReplaceMetas: ({ metas }) => ({ replaceDocumentMetas: { id: DOC, metas, updatedAt: DOCUMENT.updatedAt } }),
    });
    await renderRoutes(routes, { url: `${BASE}?tab=modifica` });
    const editor = await screen.findByTestId('tags-editor', {}, { timeout: 5000 });
    await waitFor(() => expect(editor.querySelector('.cm-content')?.textContent).toContain('"cliente": "Rossi"'));
    const view = editorIn(editor);
    act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: saved } }));
    fireEvent.click(screen.getByTestId('tags-save'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Tag aggiornati'));
    expect(calls.DocumentDetailReplaceMetas).toHaveBeenCalledWith({ id: DOC, metas: saved });
  });

  it('says when the tags could not be saved', async () => {
    fakes({ DocumentDetailReplaceMetas: () => { throw new GraphQLTestError('Json non valido', 'BAD_USER_INPUT', { messageCode: 'INVALID_JSON', params: {} }); } });
    await renderRoutes(routes, { url: `${BASE}?tab=modifica` });
    await screen.findByTestId('tags-editor', {}, { timeout: 5000 });
    fireEvent.click(screen.getByTestId('tags-save'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile salvare i tag: Json non valido'));
  });

  it('is read-only without replaceDocumentMetas', async () => {
    fakes();
    await renderRoutes(routes, { url: `${BASE}?tab=modifica`, store: await loggedInStore(allowed('documents')) });
    const editor = await screen.findByTestId('tags-editor', {}, { timeout: 5000 });
    expect(screen.queryByTestId('tags-save')).toBeNull();
    expect(editor.querySelector('.cm-content')?.getAttribute('contenteditable')).toBe('false');
  });
});

describe('document detail: rules (regole)', () => {
  /** Execution rows of a fake server: `executions` before the run, `after` once it ran. */
  const execution = (id: string, result: string | null, errors: string[] = []) => ({ id, ruleId: RULE_A, ruleName: 'Controlla importo', documentId: DOC, executedAt: 1_772_620_800, platform: 'backend', result, errors });
  function runServer(mutation: string, field: string, after: ReturnType<typeof execution>[]) {
    const older = execution('01900000-0000-7000-8000-00000000000a', '{"success":true}');
    let ran = false;
    return fakes({
      [mutation]: () => {
        ran = true;
        return { [field]: true };
      },
      DocumentDetailExecutionLogs: () => ({ ruleExecutionLogs: { items: ran ? [...after, older] : [older], pages: 1, total: 1, more: false } }),
    });
  }

  it("runs all the rules and says how they ended, once their executions are recorded", async () => {
    const calls = runServer('DocumentDetailRunRules', 'runDocumentRules', [execution('01900000-0000-7000-8000-00000000000b', '{"success":true}')]);
    await renderRoutes(routes, { url: `${BASE}?tab=regole` });
    fireEvent.click(await screen.findByTestId('rules-run-all'));
    await waitFor(() => expect(toast.progress).toHaveBeenCalledWith('Regole in esecuzione'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Regole eseguite: 1 riuscite su 1'));
    expect(calls.DocumentDetailRunRules).toHaveBeenCalledWith({ id: DOC });
    expect(dismissProgress).toHaveBeenCalled();
  });

  it('never reports a rule that threw as a success (issue 30)', async () => {
    runServer('DocumentDetailRunRules', 'runDocumentRules', [execution('01900000-0000-7000-8000-00000000000b', null, ['Error: campo TAEG mancante'])]);
    await renderRoutes(routes, { url: `${BASE}?tab=regole` });
    fireEvent.click(await screen.findByTestId('rules-run-all'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Regole eseguite: 0 riuscite, 0 fallite, 1 in errore (dettagli in Regole eseguite)'));
    expect(toast.success).not.toHaveBeenCalled();
    expect(dismissProgress).toHaveBeenCalled();
  });

  it("says why running all failed, with the server's first message", async () => {
    fakes({ DocumentDetailRunRules: () => { throw new GraphQLTestError('Il documento non è ancora elaborato', 'CONFLICT'); } });
    await renderRoutes(routes, { url: `${BASE}?tab=regole` });
    fireEvent.click(await screen.findByTestId('rules-run-all'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile eseguire le regole: Il documento non è ancora elaborato'));
  });

  it('runs one rule', async () => {
    const calls = runServer('DocumentDetailRunRule', 'runDocumentRule', [execution('01900000-0000-7000-8000-00000000000b', '{"success":false}')]);
    await renderRoutes(routes, { url: `${BASE}?tab=regole` });
    const row = await screen.findByTestId(`rule-row-${RULE_B}`);
    fireEvent.click(within(row).getByRole('button', { name: 'Esegui la regola Controlla firma' }));
    await waitFor(() => expect(toast.progress).toHaveBeenCalledWith('Regola avviata'));
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith('Regola eseguita: fallita'));
    expect(calls.DocumentDetailRunRule).toHaveBeenCalledWith({ id: DOC, ruleId: RULE_B });
  });

  it('says when one rule could not run', async () => {
    fakes({ DocumentDetailRunRule: () => { throw new Error('no'); } });
    await renderRoutes(routes, { url: `${BASE}?tab=regole` });
    const row = await screen.findByTestId(`rule-row-${RULE_A}`);
    fireEvent.click(within(row).getByTestId('rule-run'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile eseguire la regola'));
  });

  it("shows a rule's code read-only in its expandable row", async () => {
    fakes();
    await renderRoutes(routes, { url: `${BASE}?tab=regole` });
    const row = await screen.findByTestId(`rule-row-${RULE_A}`);
    const toggle = within(row).getByRole('button', { name: 'Mostra il codice di Controlla importo' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const code = await screen.findByTestId('rule-code', {}, { timeout: 5000 });
    await waitFor(() => expect(code.textContent).toContain('return { success: true }'));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.queryByTestId('rule-code')).toBeNull());
  });

  it('hides the run buttons without their permissions', async () => {
    fakes();
    await renderRoutes(routes, { url: `${BASE}?tab=regole`, store: await loggedInStore(allowed('documents', 'runDocumentRule')) });
    const row = await screen.findByTestId(`rule-row-${RULE_A}`);
    expect(screen.queryByTestId('rules-run-all')).toBeNull();
    expect(within(row).getByTestId('rule-run')).toBeTruthy();
  });

  it('asks for and offers the rules\' code only to users who may read rules', async () => {
    const calls = fakes();
    await renderRoutes(routes, { url: `${BASE}?tab=regole`, store: await loggedInStore(allowed('documents')) });
    const row = await screen.findByTestId(`rule-row-${RULE_A}`);
    expect(within(row).queryByTestId('rule-expand')).toBeNull();
    expect(calls.DocumentDetailRules).toHaveBeenCalledWith({ id: DOC, withCode: false });
  });

  it('says when there are no rules', async () => {
    fakes({ DocumentDetailRules: () => ({ getRulesByDocument: [] }) });
    await renderRoutes(routes, { url: `${BASE}?tab=regole` });
    expect(await screen.findByText('Non ci sono regole associate al documento')).toBeTruthy();
  });

  it('says when the rules cannot be loaded', async () => {
    fakes({ DocumentDetailRules: () => { throw new Error('no'); } });
    await renderRoutes(routes, { url: `${BASE}?tab=regole` });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile ottenere le regole per il documento'));
  });
});

describe('document detail: rule execution logs (regoleeseguite)', () => {
  const LOG = { id: 'e1', ruleId: RULE_A, ruleName: 'Controlla importo', documentId: DOC, executedAt: 1_772_620_800, platform: 'backend', result: '{"success":false}', errors: ['importo mancante'] };

  it("lists this document's logs newest first and opens one with its input", async () => {
    const calls = fakes({
      DocumentDetailExecutionLogs: () => ({ ruleExecutionLogs: { items: [LOG], pages: 1, total: 1 } }),
      DocumentDetailExecutionLog: () => ({
        ruleExecutionLog: { ...LOG, logs: ['controllo avviato'], rawText: 'Contratto', formData: '{}', dataTables: '{}', tables: '[]', rawTextWithGeometry: '[]' },
      }),
    });
    await renderRoutes(routes, { url: `${BASE}?tab=regoleeseguite` });
    const row = await screen.findByTestId('row-e1');
    expect(row.textContent).toContain('Controlla importo');
    expect(row.textContent).toMatch(/\d{2}\/\d{2}\/2026 \d{2}:\d{2}:\d{2}/);
    expect(row.textContent).toContain('Errore');
    expect(row.textContent).toContain('importo mancante');
    expect(calls.DocumentDetailExecutionLogs).toHaveBeenCalledWith({
      input: { pageSize: 10, pageIndex: 0, order: 'executedAt DESC', filters: [{ column: 'document_id', type: 'text', value: [DOC] }] },
    });
    fireEvent.click(row);
    const dialog = await screen.findByTestId('execution-log-dialog');
    await waitFor(() => expect(within(dialog).getByTestId('execution-logs-text').textContent).toContain('controllo avviato'));
    expect(within(dialog).getByTestId('execution-result').textContent).toContain('"success": false');
    expect(calls.DocumentDetailExecutionLog).toHaveBeenCalledWith({ id: 'e1', withDataTables: true });
  });
});

describe('document detail: extraction tabs and the PDF', () => {
  it('highlights the box of the hovered or focused word on the PDF', async () => {
    fakes();
    await renderRoutes(routes, { url: `${BASE}?tab=textwithgeometry` });
    const rows = await screen.findAllByTestId('word-row');
    expect(rows).toHaveLength(3);
    expect(screen.getByTestId('word-count').textContent).toBe('3 parole');
    fireEvent.mouseEnter(rows[2] as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('pdf-stub').getAttribute('data-page')).toBe('2'));
    expect(screen.getByTestId('stub-box').textContent).toBe('2:72,90,130,102');
    const list = screen.getByRole('listbox', { name: 'Parole estratte' });
    fireEvent.keyDown(list, { key: 'Home' });
    await waitFor(() => expect(screen.getByTestId('stub-box').textContent).toBe('1:72,60,140,72'));
    expect(list.getAttribute('aria-activedescendant')).toBe(screen.getAllByTestId('word-row')[0]?.id);
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    await waitFor(() => expect(screen.getByTestId('stub-box').textContent).toBe('1:144,60,152,72'));
  });

  it('marks the search matches in the raw text and on the PDF', async () => {
    fakes();
    await renderRoutes(routes, { url: `${BASE}?tab=rawtext` });
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Cerca nel testo' }), { target: { value: 'contratto di' } });
    await waitFor(() => expect(screen.getAllByTestId('stub-box')).toHaveLength(1), { timeout: 2000 });
    expect(screen.getByTestId('stub-box').textContent).toBe('1:72,60,152,72');
    expect(screen.getByTestId('rawtext-matches').textContent).toBe('1 nel testo · 1 nel PDF');
    expect(screen.getByTestId('rawtext').querySelector('mark')?.textContent).toBe('Contratto di');
  });

  it('caps a long text until "Mostra tutto"', async () => {
    const long = Array.from({ length: 1000 }, (_, i) => `riga ${i}`).join('\n');
    fakes({ DocumentDetailExtraction: () => ({ document: { id: DOC, formData: null, rawText: long, rawTextWithGeometry: '[]', tables: null } }) });
    await renderRoutes(routes, { url: `${BASE}?tab=rawtext` });
    const text = await screen.findByTestId('rawtext');
    expect(text.querySelector('pre')?.textContent).not.toContain('riga 999');
    expect(text.textContent).toContain('Mostrate 400 righe su 1000');
    fireEvent.click(within(text).getByTestId('show-all'));
    expect(text.querySelector('pre')?.textContent).toContain('riga 999');
  });

  it('says when nothing was extracted', async () => {
    fakes({ DocumentDetailExtraction: () => ({ document: { id: DOC, formData: null, rawText: null, rawTextWithGeometry: null, tables: null } }) });
    await renderRoutes(routes, { url: `${BASE}?tab=tables` });
    expect(await screen.findByText('Nessun dato estratto')).toBeTruthy();
  });
});
