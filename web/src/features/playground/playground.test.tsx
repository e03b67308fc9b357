import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { GraphQLTestError, mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { loggedInStore, sessionData } from '../../test/session';
import { isZipName, looksLikeZip, toBase64 } from './api';
import { splitOnMatches } from './CodeMatches';
import { DocumentRulesPlaygroundPage } from './DocumentRulesPlaygroundPage';
import { DossierRulesPlaygroundPage } from './DossierRulesPlaygroundPage';
import { NewDocumentRulePage } from './NewDocumentRulePage';
import { NewDossierRulePage, normalizeGroups } from './NewDossierRulePage';
import { ltr } from '../../lib/format';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const routes = [
  { path: '/playground/documenti', element: <DocumentRulesPlaygroundPage /> },
  { path: '/playground/documenti/nuova', element: <NewDocumentRulePage /> },
  { path: '/playground/dossier', element: <DossierRulesPlaygroundPage /> },
  { path: '/playground/dossier/nuova', element: <NewDossierRulePage /> },
];

const DOC_ID = '0190a1b2-0000-7000-8000-000000000001';
const DOSSIER_ID = '0190a1b2-0000-7000-8000-0000000000d1';

const documentRule = (id: string, description: string, active: boolean, documentType = 'CUD', nota = '') => ({ id, description, active, nota, documentType: { name: documentType } });
const dossierRule = (id: string, description: string, overrides: Partial<{ istitutoAppartenenza: string; valid: boolean; gruppo: string[]; nota: string; active: boolean }> = {}) => ({
  id,
  description,
  istitutoAppartenenza: 'Banca Alfa',
  valid: true,
  gruppo: [],
  nota: '',
  active: true,
  ...overrides,
});

/** A session allowed only `resources`. */
const storeWith = (...resources: string[]) => loggedInStore(sessionData({ permissions: resources.map((resource) => ({ resource, action: 'allow' })) }));

function documentServer(overrides: Record<string, (variables: Record<string, unknown>) => unknown> = {}) {
  return mockGraphql({
    PlaygroundDocumentRulesList: () => ({
      documentRulesPage: {
        items: [documentRule(DOC_ID, 'Reddito annuo', true, 'CUD', 'Da verificare con l’ufficio'), documentRule('r2', 'Codice fiscale', false, 'Busta paga')],
        pages: 1,
        total: 2,
      },
    }),
    PlaygroundDocumentTypeNames: () => ({ documentTypes: [{ name: 'CUD' }, { name: 'Busta paga' }] }),
    PlaygroundListSetDocumentRuleActive: ({ id, active }) => ({ setDocumentRuleActive: { id, active } }),
    PlaygroundListDeleteDocumentRule: () => ({ deleteDocumentRule: true }),
    ...overrides,
  });
}

function dossierServer(overrides: Record<string, (variables: Record<string, unknown>) => unknown> = {}) {
  return mockGraphql({
    PlaygroundDossierRulesList: () => ({
      dossierRulesPage: {
        items: [
          dossierRule(DOSSIER_ID, 'Importo minimo', { gruppo: ['cessione', 'delega'], nota: 'Nota breve' }),
          dossierRule('d2', 'Durata massima', { valid: false, active: false, istitutoAppartenenza: 'Banca Beta' }),
        ],
        pages: 1,
        total: 2,
      },
    }),
    PlaygroundListSetDossierRuleActive: ({ id, active }) => ({ setDossierRuleActive: { id, active } }),
    PlaygroundListDeleteDossierRule: () => ({ deleteDossierRule: true }),
    PlaygroundImportDossierRules: () => ({ importDossierRules: [{ id: 'x' }] }),
    ...overrides,
  });
}

const zipBytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
const zipFile = (name = 'regole.zip', bytes: Uint8Array<ArrayBuffer> = zipBytes) => new File([bytes], name, { type: 'application/zip' });

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('document rules playground list', () => {
  it('shows Description, Tipologia, Nota, Attiva (SI / NO) and Azioni, newest first', async () => {
    const calls = documentServer();
    await renderRoutes(routes, { url: '/playground/documenti' });
    const row = await screen.findByTestId(`row-${DOC_ID}`);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Description', 'Tipologia', 'Nota', 'Attiva', 'Azioni']);
    expect(within(row).getByText('Reddito annuo')).toBeTruthy();
    expect(within(row).getByText('CUD')).toBeTruthy();
    expect(within(row).getByText('Da verificare con l’ufficio')).toBeTruthy();
    expect(within(row).getByTestId('rule-active').textContent).toBe('SI');
    expect(within(screen.getByTestId('row-r2')).getByTestId('rule-active').textContent).toBe('NO');
    expect(calls.PlaygroundDocumentRulesList).toHaveBeenCalledWith({ input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [] } });
    expect(screen.getByRole('button', { name: 'Nuova regola' })).toBeTruthy();
    expect(within(screen.getByTestId('breadcrumbs')).getByText('Playground documenti')).toBeTruthy();
  });

  it('filters Attiva on the server (SI: active)', async () => {
    const calls = documentServer();
    await renderRoutes(routes, { url: '/playground/documenti' });
    await screen.findByTestId(`row-${DOC_ID}`);
    fireEvent.click(screen.getByTestId('filter-state'));
    fireEvent.click(await screen.findByTestId('filter-state-active'));
    await waitFor(() =>
      expect(calls.PlaygroundDocumentRulesList).toHaveBeenLastCalledWith({
        input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [{ column: 'state', type: 'select', value: ['active'] }] },
      }),
    );
  });

  it('offers only what the user may do: no pause, delete or Nuova regola without their permissions', async () => {
    documentServer();
    await renderRoutes(routes, { url: '/playground/documenti', store: await storeWith('documentRules') });
    const row = await screen.findByTestId(`row-${DOC_ID}`);
    expect(within(row).queryByTestId('rule-toggle')).toBeNull();
    expect(within(row).queryByTestId('rule-delete')).toBeNull();
    expect(within(row).getByRole('button', { name: 'Dettagli della regola Reddito annuo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuova regola' })).toBeNull();
  });

  it('offers pause and delete with their permissions', async () => {
    documentServer();
    await renderRoutes(routes, { url: '/playground/documenti', store: await storeWith('documentRules', 'setDocumentRuleActive', 'deleteDocumentRule') });
    const row = await screen.findByTestId(`row-${DOC_ID}`);
    expect(within(row).getByRole('button', { name: 'Metti in pausa la regola Reddito annuo' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Elimina la regola Reddito annuo' })).toBeTruthy();
    expect(within(screen.getByTestId('row-r2')).getByRole('button', { name: 'Attiva la regola Codice fiscale' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuova regola' })).toBeNull();
  });

  it("pauses and activates, reloading the list; 'Impossibile aggiornare stato' when refused", async () => {
    let fail = false;
    const calls = documentServer({
      PlaygroundListSetDocumentRuleActive: ({ id, active }) => {
        if (fail) throw new Error('no');
        return { setDocumentRuleActive: { id, active } };
      },
    });
    await renderRoutes(routes, { url: '/playground/documenti' });
    fireEvent.click(await screen.findByRole('button', { name: 'Metti in pausa la regola Reddito annuo' }));
    await waitFor(() => expect(calls.PlaygroundListSetDocumentRuleActive).toHaveBeenCalledWith({ id: DOC_ID, active: false }));
    await waitFor(() => expect(calls.PlaygroundDocumentRulesList).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByRole('button', { name: 'Attiva la regola Codice fiscale' }));
    await waitFor(() => expect(calls.PlaygroundListSetDocumentRuleActive).toHaveBeenLastCalledWith({ id: 'r2', active: true }));
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Metti in pausa la regola Reddito annuo' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile aggiornare stato'));
    await waitFor(() => expect(calls.PlaygroundDocumentRulesList).toHaveBeenCalledTimes(4));
  });

  it("deletes only after the confirmation: 'Regola eliminata'; 'Impossibile eliminare la regola' when refused", async () => {
    let fail = false;
    const calls = documentServer({
      PlaygroundListDeleteDocumentRule: () => {
        if (fail) throw new GraphQLTestError('Non trovata', 'NOT_FOUND');
        return { deleteDocumentRule: true };
      },
    });
    await renderRoutes(routes, { url: '/playground/documenti' });
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina la regola Reddito annuo' }));
    expect(await screen.findByText('Azione irreversibile, continuare?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByText('Azione irreversibile, continuare?')).toBeNull());
    expect(calls.PlaygroundListDeleteDocumentRule).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Elimina la regola Reddito annuo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Regola eliminata'));
    expect(calls.PlaygroundListDeleteDocumentRule).toHaveBeenCalledWith({ id: DOC_ID });
    await waitFor(() => expect(calls.PlaygroundDocumentRulesList).toHaveBeenCalledTimes(2));

    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Elimina la regola Reddito annuo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile eliminare la regola'));
  });

  it('opens the editor from the details action and from the row', async () => {
    documentServer();
    const { router } = await renderRoutes(routes, { url: '/playground/documenti' });
    fireEvent.click(await screen.findByRole('button', { name: 'Dettagli della regola Reddito annuo' }));
    expect((await screen.findByTestId('where')).textContent).toBe(`/playground/documenti/${DOC_ID}/aggiorna`);
    await act(() => router.navigate('/playground/documenti'));
    fireEvent.click(await screen.findByText('Codice fiscale'));
    expect((await screen.findByTestId('where')).textContent).toBe('/playground/documenti/r2/aggiorna');
  });

  it('goes to the new rule form', async () => {
    documentServer();
    await renderRoutes(routes, { url: '/playground/documenti' });
    fireEvent.click(await screen.findByRole('button', { name: 'Nuova regola' }));
    expect(await screen.findByRole('heading', { name: 'Nuova regola documento' })).toBeTruthy();
  });

  it('is in English too', async () => {
    documentServer();
    await renderRoutes(routes, { url: '/playground/documenti', language: 'en' });
    const row = await screen.findByTestId(`row-${DOC_ID}`);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Description', 'Document type', 'Note', 'Active', 'Actions']);
    expect(within(row).getByTestId('rule-active').textContent).toBe('YES');
    expect(screen.getByRole('button', { name: 'New rule' })).toBeTruthy();
  });
});

describe('dossier rules playground list', () => {
  it('shows Description, Istituto, Stato (VALIDA / NON VALIDA), Gruppo chips, Nota, Attiva, Azioni', async () => {
    const calls = dossierServer();
    await renderRoutes(routes, { url: '/playground/dossier' });
    const row = await screen.findByTestId(`row-${DOSSIER_ID}`);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Description', 'Istituto', 'Stato', 'Gruppo', 'Nota', 'Attiva', 'Azioni']);
    expect(within(row).getByText('Banca Alfa')).toBeTruthy();
    expect(within(row).getByTestId('rule-valid').textContent).toBe('VALIDA');
    expect(within(row).getByText('cessione')).toBeTruthy();
    expect(within(row).getByText('delega')).toBeTruthy();
    expect(within(row).getByTestId('rule-active').textContent).toBe('SI');
    const other = screen.getByTestId('row-d2');
    expect(within(other).getByTestId('rule-valid').textContent).toBe('NON VALIDA');
    expect(within(other).getByTestId('rule-active').textContent).toBe('NO');
    expect(calls.PlaygroundDossierRulesList).toHaveBeenCalledWith({ input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [] }, code: '', withCode: false });
    expect(screen.getByRole('button', { name: 'Import ZIP' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nuova regola' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Cerca codice' })).toBeTruthy();
  });

  it('offers only what the user may do', async () => {
    dossierServer();
    await renderRoutes(routes, { url: '/playground/dossier', store: await storeWith('dossierRules', 'deleteDossierRule') });
    const row = await screen.findByTestId(`row-${DOSSIER_ID}`);
    expect(within(row).queryByTestId('rule-toggle')).toBeNull();
    expect(within(row).getByTestId('rule-delete')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import ZIP' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nuova regola' })).toBeNull();
  });

  it("pauses a dossier rule and deletes one after the confirmation", async () => {
    const calls = dossierServer();
    await renderRoutes(routes, { url: '/playground/dossier' });
    fireEvent.click(await screen.findByRole('button', { name: 'Attiva la regola Durata massima' }));
    await waitFor(() => expect(calls.PlaygroundListSetDossierRuleActive).toHaveBeenCalledWith({ id: 'd2', active: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Elimina la regola Importo minimo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Regola eliminata'));
    expect(calls.PlaygroundListDeleteDossierRule).toHaveBeenCalledWith({ id: DOSSIER_ID });
  });

  it('searches the code 1000 ms after typing stops, not before', async () => {
    const calls = dossierServer();
    await renderRoutes(routes, { url: '/playground/dossier' });
    await screen.findByTestId(`row-${DOSSIER_ID}`);
    const withCode = () => (calls.PlaygroundDossierRulesList?.mock.calls ?? []).filter(([variables]) => variables.withCode === true);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const box = screen.getByRole('searchbox', { name: 'Cerca codice' });
    fireEvent.change(box, { target: { value: 'imp' } });
    act(() => vi.advanceTimersByTime(600));
    fireEvent.change(box, { target: { value: 'importo' } });
    act(() => vi.advanceTimersByTime(999));
    expect(withCode()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(withCode()).toHaveLength(1));
    expect(withCode()[0]?.[0]).toEqual({
      input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [{ column: 'code', type: 'text', value: ['importo'] }] },
      code: 'importo',
      withCode: true,
    });
  });

  it('searches at once with Enter, and "Azzera filtri" empties the box', async () => {
    const calls = dossierServer();
    const { router } = await renderRoutes(routes, { url: '/playground/dossier' });
    await screen.findByTestId(`row-${DOSSIER_ID}`);
    const box = screen.getByRole('searchbox', { name: 'Cerca codice' });
    fireEvent.change(box, { target: { value: 'metas' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() =>
      expect(calls.PlaygroundDossierRulesList).toHaveBeenLastCalledWith({
        input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [{ column: 'code', type: 'text', value: ['metas'] }] },
        code: 'metas',
        withCode: true,
      }),
    );
    fireEvent.click(screen.getByTestId('table-reset'));
    // "Ricorda filtri" is on: the emptied filter is not brought back from the browser's memory.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect((box as HTMLInputElement).value).toBe(''));
    await waitFor(() =>
      expect(calls.PlaygroundDossierRulesList).toHaveBeenLastCalledWith({ input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [] }, code: '', withCode: false }),
    );
  });
});

describe('code search results', () => {
  it('shows the matching lines under each rule found: numbered, the hit marked', async () => {
    mockGraphql({
      PlaygroundDossierRulesList: ({ code }) => ({
        dossierRulesPage: {
          items: [
            {
              ...dossierRule(DOSSIER_ID, 'Importo minimo'),
              ...(code
                ? {
                    codeMatches: [
                      { line: 2, text: '  const amounts = Object.values(metas).map((m) => m.importo);' },
                      { line: 4, text: '  return { success: Math.min(...amounts) >= input.minimo, importo: 1 };' },
                    ],
                  }
                : {}),
            },
          ],
          pages: 1,
          total: 1,
        },
      }),
    });
    await renderRoutes(routes, { url: '/playground/dossier?dossierRules.f.code=IMPORTO' });
    expect((screen.getByRole('searchbox', { name: 'Cerca codice' }) as HTMLInputElement).value).toBe('IMPORTO');
    const matches = await screen.findByTestId(`expansion-${DOSSIER_ID}`);
    const lines = within(matches).getAllByTestId('code-match');
    expect(lines).toHaveLength(2);
    expect(lines[0]?.textContent).toBe('2Riga 2:  const amounts = Object.values(metas).map((m) => m.importo);');
    expect([...(lines[1]?.querySelectorAll('mark') ?? [])].map((mark) => mark.textContent)).toEqual(['importo']);
    expect(within(matches).getByText('2 righe del codice contengono il testo cercato')).toBeTruthy();
  });

  it('shows no line without a search', async () => {
    dossierServer();
    await renderRoutes(routes, { url: '/playground/dossier' });
    await screen.findByTestId(`row-${DOSSIER_ID}`);
    expect(screen.queryByTestId(`expansion-${DOSSIER_ID}`)).toBeNull();
  });
});

describe('Import ZIP', () => {
  async function openDialog() {
    const calls = dossierServer();
    await renderRoutes(routes, { url: '/playground/dossier' });
    fireEvent.click(await screen.findByRole('button', { name: 'Import ZIP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Carica file ZIP' });
    return { calls, dialog, input: within(dialog).getByTestId('import-file') as HTMLInputElement, upload: within(dialog).getByRole('button', { name: 'Carica' }) };
  }

  it('refuses two files dropped at once, and a file that is not a .zip', async () => {
    const { calls, dialog, input, upload } = await openDialog();
    fireEvent.drop(within(dialog).getByTestId('import-drop'), { dataTransfer: { files: [zipFile('a.zip'), zipFile('b.zip')] } });
    expect(within(dialog).getByRole('alert').textContent).toBe('Scegli un solo file: si può caricare un file ZIP alla volta');
    expect(upload).toHaveProperty('disabled', true);

    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'contratto.pdf', { type: 'application/pdf' })] } });
    expect(within(dialog).getByRole('alert').textContent).toBe('Il file deve essere un archivio ZIP (.zip)');
    expect(upload).toHaveProperty('disabled', true);

    fireEvent.change(input, { target: { files: [zipFile('finto.zip', new TextEncoder().encode('not a zip'))] } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.click(upload);
    expect(await within(dialog).findByText('Il file non è un archivio ZIP valido')).toBeTruthy();
    expect(calls.PlaygroundImportDossierRules).not.toHaveBeenCalled();
  });

  it("sends one zip as base64: 'File caricato', the dialog closes and the list reloads", async () => {
    const { calls, dialog, input, upload } = await openDialog();
    fireEvent.change(input, { target: { files: [zipFile()] } });
    expect(within(dialog).getByText('regole.zip')).toBeTruthy();
    fireEvent.click(upload);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('File caricato'));
    expect(calls.PlaygroundImportDossierRules).toHaveBeenCalledWith({ input: toBase64(zipBytes) });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls.PlaygroundDossierRulesList).toHaveBeenCalledTimes(2));
  });

  it("says 'Errore' with the server's message, which stays in the dialog", async () => {
    const calls = dossierServer({
      PlaygroundImportDossierRules: () => {
        throw new GraphQLTestError('Lo zip non contiene regole (nessun rule.json)', 'BAD_USER_INPUT');
      },
    });
    await renderRoutes(routes, { url: '/playground/dossier' });
    fireEvent.click(await screen.findByRole('button', { name: 'Import ZIP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Carica file ZIP' });
    fireEvent.change(within(dialog).getByTestId('import-file'), { target: { files: [zipFile()] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Carica' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Errore: Lo zip non contiene regole (nessun rule.json)'));
    expect(within(dialog).getByRole('alert').textContent).toBe('Lo zip non contiene regole (nessun rule.json)');
    expect(calls.PlaygroundImportDossierRules).toHaveBeenCalledTimes(1);
  });
});

describe('new document rule', () => {
  function formServer() {
    return mockGraphql({
      PlaygroundDocumentTypeOptions: ({ input }) => {
        const search = String((input as { filters: { value: string[] }[] }).filters[0]?.value[0] ?? '').toLowerCase();
        const names = ['Busta paga', 'CUD', 'Contratto'].filter((name) => name.toLowerCase().includes(search));
        return { documentTypesPage: { items: names.map((name) => ({ name })), total: names.length } };
      },
      PlaygroundDataTableOptions: () => ({ dataTablesPage: { items: [{ name: 'province' }, { name: 'tassi' }], total: 2 } }),
      PlaygroundNewDocumentRule: () => ({ createDocumentRule: { id: 'new-doc-rule' } }),
    });
  }

  it("says 'Tutti i campi sono obbligatori' while description or type is missing, focusing the first", async () => {
    const calls = formServer();
    await renderRoutes(routes, { url: '/playground/documenti/nuova' });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tutti i campi sono obbligatori');
    const description = screen.getByLabelText(/Descrizione/);
    await waitFor(() => expect(document.activeElement).toBe(description));
    expect(description.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(description, { target: { value: 'Reddito annuo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /Seleziona tipologia/ })));
    expect(screen.getByRole('alert').textContent).toBe('Tutti i campi sono obbligatori');
    expect(calls.PlaygroundNewDocumentRule).not.toHaveBeenCalled();
  });

  it("creates the rule with one type and any data tables: 'Regola salvata con successo', then its editor", async () => {
    const calls = formServer();
    await renderRoutes(routes, { url: '/playground/documenti/nuova' });
    fireEvent.change(screen.getByLabelText(/Descrizione/), { target: { value: '  Reddito annuo ' } });

    const type = screen.getByRole('combobox', { name: /Seleziona tipologia/ });
    fireEvent.focus(type);
    fireEvent.change(type, { target: { value: 'cu' } });
    await waitFor(() => expect(calls.PlaygroundDocumentTypeOptions).toHaveBeenLastCalledWith({ input: { pageSize: 20, pageIndex: 0, order: 'name ASC', filters: [{ column: 'name', type: 'text', value: ['cu'] }] } }));
    fireEvent.click(await screen.findByRole('option', { name: 'CUD' }));
    expect((type as HTMLInputElement).value).toBe('CUD');

    const tables = screen.getByRole('combobox', { name: /Seleziona datatable/ });
    fireEvent.focus(tables);
    fireEvent.click(await screen.findByRole('option', { name: 'tassi' }));
    fireEvent.keyDown(tables, { key: 'ArrowDown' }); // the first move shows the first one: province
    fireEvent.keyDown(tables, { key: 'Enter' });
    expect(within(screen.getByTestId('rule-data-tables-chosen')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['tassi', 'province']);
    fireEvent.click(screen.getByRole('button', { name: 'Togli tassi' }));
    fireEvent.click(await screen.findByRole('option', { name: 'tassi' }));

    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Regola salvata con successo'));
    expect(calls.PlaygroundNewDocumentRule).toHaveBeenCalledWith({ input: { description: 'Reddito annuo', documentType: 'CUD', dataTables: ['province', 'tassi'] } });
    expect((await screen.findByTestId('where')).textContent).toBe('/playground/documenti/new-doc-rule/aggiorna');
  });

  it('submits with Enter from a picker that has its choice (Enter chooses only after typing or moving)', async () => {
    const calls = formServer();
    await renderRoutes(routes, { url: '/playground/documenti/nuova' });
    fireEvent.change(screen.getByLabelText(/Descrizione/), { target: { value: 'Reddito' } });
    const type = screen.getByRole('combobox', { name: /Seleziona tipologia/ });
    fireEvent.focus(type);
    fireEvent.change(type, { target: { value: 'contr' } });
    fireEvent.keyDown(type, { key: 'Enter' }); // the server has not answered 'contr' yet: nothing chosen, nothing sent
    expect(calls.PlaygroundNewDocumentRule).not.toHaveBeenCalled();
    await screen.findByRole('option', { name: 'Contratto' });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    fireEvent.keyDown(type, { key: 'Enter' });
    expect((type as HTMLInputElement).value).toBe('Contratto');
    fireEvent.focus(type);
    await screen.findByRole('option', { name: 'CUD' }); // every type again, 'Contratto' ticked
    expect(screen.getByRole('option', { name: 'Contratto' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.submit(screen.getByTestId('document-rule-form'));
    await waitFor(() => expect(calls.PlaygroundNewDocumentRule).toHaveBeenCalledWith({ input: { description: 'Reddito', documentType: 'Contratto', dataTables: [] } }));
  });

  it("says 'Impossibile salvare la regola' with the server's message", async () => {
    mockGraphql({
      PlaygroundDocumentTypeOptions: () => ({ documentTypesPage: { items: [{ name: 'CUD' }], total: 1 } }),
      PlaygroundNewDocumentRule: () => {
        throw new GraphQLTestError('Tipologia «CUD» non trovata', 'NOT_FOUND');
      },
    });
    await renderRoutes(routes, { url: '/playground/documenti/nuova' });
    fireEvent.change(screen.getByLabelText(/Descrizione/), { target: { value: 'Reddito' } });
    fireEvent.focus(screen.getByRole('combobox', { name: /Seleziona tipologia/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'CUD' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile salvare la regola'));
    expect(screen.getByTestId('rule-form-error').textContent).toBe('Tipologia «CUD» non trovata');
  });
});

const VALIDATION_DOC_TIME = Date.UTC(2026, 10, 2, 9, 5, 0) / 1000;
/** `formatUnixSeconds` in the test's own time zone. */
const localSeconds = (seconds: number) => {
  const d = new Date(seconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  // As one left-to-right unit (the formatter isolates it for right-to-left pages).
  return ltr(`${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`);
};
/** The validation files the server finds: one with its text, one still being extracted. */
const validationDocuments = () => ({
  docValidationsPage: {
    items: [
      { id: 'doc-ready', description: 'Contratto 2026', istitutoAppartenenza: 'Banca Alfa', urlOCR: 'validation/doc-ready.txt', createdAt: VALIDATION_DOC_TIME },
      { id: 'doc-extracting', description: 'Contratto 2025', istitutoAppartenenza: 'Banca Alfa', urlOCR: null, createdAt: VALIDATION_DOC_TIME },
    ],
    total: 2,
  },
});

function fillDossierRule() {
  fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'Importo minimo' } });
  fireEvent.change(screen.getByLabelText(/Istituto di appartenenza/), { target: { value: 'Banca Alfa' } });
}

describe('new dossier rule', () => {
  it("requires the name ('Nome regola obbligatorio') and the institute, focusing the first", async () => {
    const calls = mockGraphql({ PlaygroundNewDossierRule: () => ({ createDossierRule: { id: 'x' } }) });
    await renderRoutes(routes, { url: '/playground/dossier/nuova' });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Nome regola obbligatorio')).toBeTruthy();
    expect(screen.getByText('Campo obbligatorio')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Nome/)));
    expect(calls.PlaygroundNewDossierRule).not.toHaveBeenCalled();
  });

  it("creates the rule with its groups and note: 'Regola salvata con successo', then its editor", async () => {
    const calls = mockGraphql({ PlaygroundNewDossierRule: () => ({ createDossierRule: { id: 'new-dossier-rule' } }) });
    await renderRoutes(routes, { url: '/playground/dossier/nuova' });
    fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'Importo minimo' } });
    fireEvent.change(screen.getByLabelText(/Istituto di appartenenza/), { target: { value: 'Banca Alfa' } });
    const groups = screen.getByLabelText('Gruppo');
    fireEvent.change(groups, { target: { value: 'cessione' } });
    fireEvent.keyDown(groups, { key: 'Enter' });
    fireEvent.change(groups, { target: { value: 'delega' } });
    fireEvent.keyDown(groups, { key: 'Enter' });
    fireEvent.change(screen.getByLabelText('Nota'), { target: { value: 'Da rivedere' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Regola salvata con successo'));
    expect(calls.PlaygroundNewDossierRule).toHaveBeenCalledWith({
      input: {
        description: 'Importo minimo',
        istitutoAppartenenza: 'Banca Alfa',
        gruppo: ['cessione', 'delega'],
        nota: 'Da rivedere',
        mustContain: [],
        notContain: [],
        validationDocumentID: null,
        dossierType: null,
        dataTables: [],
      },
    });
    expect((await screen.findByTestId('where')).textContent).toBe('/playground/dossier/new-dossier-rule/aggiorna');
  });

  it("says 'Impossibile salvare la regola' with the server's message", async () => {
    mockGraphql({
      PlaygroundNewDossierRule: () => {
        throw new GraphQLTestError('Descrizione troppo lunga', 'BAD_USER_INPUT');
      },
    });
    await renderRoutes(routes, { url: '/playground/dossier/nuova' });
    fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'Importo minimo' } });
    fireEvent.change(screen.getByLabelText(/Istituto di appartenenza/), { target: { value: 'Banca Alfa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile salvare la regola'));
    expect(screen.getByTestId('rule-form-error').textContent).toBe('Descrizione troppo lunga');
  });

  it("sends 'Deve contenere' and 'Non deve contenere' (Enter adds one; pasted lines one each)", async () => {
    const calls = mockGraphql({ PlaygroundNewDossierRule: () => ({ createDossierRule: { id: 'r' } }), PlaygroundValidationDocumentOptions: validationDocuments });
    await renderRoutes(routes, { url: '/playground/dossier/nuova' });
    fillDossierRule();
    const must = screen.getByLabelText('Deve contenere');
    fireEvent.change(must, { target: { value: 'IBAN, conto' } });
    fireEvent.keyDown(must, { key: 'Enter' });
    fireEvent.change(must, { target: { value: 'Codice fiscale' } });
    fireEvent.keyDown(must, { key: 'Enter' });
    const not = screen.getByLabelText('Non deve contenere');
    fireEvent.change(not, { target: { value: 'penale' } });
    fireEvent.keyDown(not, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(calls.PlaygroundNewDossierRule).toHaveBeenCalled());
    expect(calls.PlaygroundNewDossierRule?.mock.calls[0]?.[0]).toMatchObject({
      input: { mustContain: ['IBAN, conto', 'Codice fiscale'], notContain: ['penale'], validationDocumentID: null },
    });
    // Without a validation file nothing is tested: no 'Regola valida'.
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Regola salvata con successo'));
    expect(toast.success).not.toHaveBeenCalledWith('Regola valida');
  });

  it("offers the institute's validation files with text; a rule valid on the chosen one: 'Regola valida', then saved", async () => {
    const calls = mockGraphql({ PlaygroundNewDossierRule: () => ({ createDossierRule: { id: 'tested' } }), PlaygroundValidationDocumentOptions: validationDocuments });
    await renderRoutes(routes, { url: '/playground/dossier/nuova' });
    fillDossierRule();
    const picker = screen.getByLabelText('File di validazione') as HTMLSelectElement;
    // Asked for the institute typed, newest first; only documents with their text are offered.
    await waitFor(() =>
      expect(calls.PlaygroundValidationDocumentOptions).toHaveBeenLastCalledWith({
        input: { pageSize: 50, pageIndex: 0, order: 'createdAt DESC', filters: [{ column: 'istitutoAppartenenza', type: 'text', value: ['Banca Alfa'] }] },
      }),
    );
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(2));
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Nessuno: salva senza provare la regola',
      `Contratto 2026 — ${localSeconds(VALIDATION_DOC_TIME)}`,
    ]);
    fireEvent.change(picker, { target: { value: 'doc-ready' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Regola valida'));
    expect(toast.success).toHaveBeenLastCalledWith('Regola salvata con successo');
    expect(calls.PlaygroundNewDossierRule?.mock.calls[0]?.[0]).toMatchObject({ input: { validationDocumentID: 'doc-ready' } });
    expect((await screen.findByTestId('where')).textContent).toBe('/playground/dossier/tested/aggiorna');
  });

  it("says 'Regola non valida' with the strings that failed (RULE_NOT_VALID) and stays on the form", async () => {
    mockGraphql({
      PlaygroundValidationDocumentOptions: validationDocuments,
      PlaygroundNewDossierRule: () => {
        throw new GraphQLTestError('Regola non valida: manca «IBAN»; presente «penale»', 'RULE_NOT_VALID', { missing: ['IBAN'], present: ['penale'] });
      },
    });
    await renderRoutes(routes, { url: '/playground/dossier/nuova' });
    fillDossierRule();
    const picker = screen.getByLabelText('File di validazione');
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(picker, { target: { value: 'doc-ready' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    const verdict = await screen.findByTestId('rule-verdict');
    expect(within(verdict).getByText('Regola non valida')).toBeTruthy();
    expect(within(verdict).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['manca «IBAN»', 'presente «penale»']);
    expect(toast.error).toHaveBeenCalledWith('Regola non valida');
    expect(toast.error).not.toHaveBeenCalledWith('Impossibile salvare la regola');
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.getByTestId('dossier-rule-form')).toBeTruthy();
  });

  it("says 'Errore durante la validazione' when the test with a validation file fails otherwise", async () => {
    mockGraphql({
      PlaygroundValidationDocumentOptions: validationDocuments,
      PlaygroundNewDossierRule: () => {
        throw new GraphQLTestError('Il file non è più disponibile', 'NOT_FOUND');
      },
    });
    await renderRoutes(routes, { url: '/playground/dossier/nuova' });
    fillDossierRule();
    const picker = screen.getByLabelText('File di validazione');
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(picker, { target: { value: 'doc-ready' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Errore durante la validazione'));
    expect(screen.getByTestId('rule-form-error').textContent).toBe('Il file non è più disponibile');
    expect(screen.queryByTestId('rule-verdict')).toBeNull();
  });

  it('offers no validation file without testRule and ruleValidations', async () => {
    const calls = mockGraphql({ PlaygroundValidationDocumentOptions: validationDocuments });
    await renderRoutes(routes, { url: '/playground/dossier/nuova', store: await storeWith('createDossierRule', 'testRule') });
    expect(screen.getByLabelText('Deve contenere')).toBeTruthy();
    expect(screen.queryByLabelText('File di validazione')).toBeNull();
    expect(calls.PlaygroundValidationDocumentOptions).not.toHaveBeenCalled();
  });

  it('is in English too', async () => {
    mockGraphql({});
    await renderRoutes(routes, { url: '/playground/dossier/nuova', language: 'en' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Rule name required')).toBeTruthy();
    expect(screen.getByLabelText(/^Institute/)).toBeTruthy();
  });
});

describe('helpers', () => {
  it('cuts a line around its hits, any case', () => {
    expect(splitOnMatches('const Importo = importo;', 'IMPORTO')).toEqual(['const ', 'Importo', ' = ', 'importo', ';']);
    expect(splitOnMatches('nothing', 'x')).toEqual(['nothing']);
  });

  it('tells zips by name and by their first bytes, and encodes base64', () => {
    expect(isZipName({ name: 'REGOLE.ZIP' })).toBe(true);
    expect(isZipName({ name: 'regole.zip.pdf' })).toBe(false);
    expect(looksLikeZip(zipBytes)).toBe(true);
    expect(looksLikeZip(new TextEncoder().encode('%PDF'))).toBe(false);
    expect(toBase64(new TextEncoder().encode('ciao'))).toBe('Y2lhbw==');
  });

  it('keeps each group once, trimmed', () => {
    expect(normalizeGroups([' a ', 'b', 'a', ''])).toEqual(['a', 'b']);
  });
});
