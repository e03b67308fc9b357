import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { GraphQLTestError, mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { loggedInStore, sessionData } from '../../test/session';
import { DocumentTypeDetailPage } from './DocumentTypeDetailPage';
import { DossierTypeDetailPage, normalizeMetas } from './DossierTypeDetailPage';
import { NewDocumentTypePage, NewDossierTypePage } from './NewTypePage';
import { DocumentTypesPage, DossierTypesPage } from './TypesPage';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const routes = [
  { path: '/tipologie/documenti', element: <DocumentTypesPage /> },
  { path: '/tipologie/documenti/nuova', element: <NewDocumentTypePage /> },
  { path: '/tipologie/documenti/dettagli/:name', element: <DocumentTypeDetailPage /> },
  { path: '/tipologie/dossier', element: <DossierTypesPage /> },
  { path: '/tipologie/dossier/nuova', element: <NewDossierTypePage /> },
  { path: '/tipologie/dossier/dettagli/:name', element: <DossierTypeDetailPage /> },
];

const type = (name: string, ruleCount: number, requiredMetas: string[] = []) => ({ name, createdAt: '2026-11-02T09:05:00Z', ruleCount, requiredMetas });
const allowed = (...resources: string[]) => sessionData({ permissions: resources.map((resource) => ({ resource, action: 'allow' })) });
const typeName = (value: string) => fireEvent.change(screen.getByLabelText('Nome'), { target: { value } });

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('type lists', () => {
  it('asks the server for a page, newest first, and shows each type with its rule count', async () => {
    const calls = mockGraphql({ DocumentTypesPage: () => ({ documentTypesPage: { items: [type('CUD', 2), type('Busta paga', 0)], pages: 1, total: 2 } }) });
    await renderRoutes(routes, { url: '/tipologie/documenti' });
    const cud = await screen.findByTestId('row-CUD');
    expect(within(cud).getByTestId('type-rule-count').textContent).toBe('2');
    expect(calls.DocumentTypesPage).toHaveBeenCalledWith({ input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [] } });
    expect(screen.getByRole('button', { name: 'Nuova tipologia' })).toBeTruthy();
  });

  it('keeps delete disabled while the type has rules, and deletes the others after the confirmation', async () => {
    const calls = mockGraphql({
      DocumentTypesPage: () => ({ documentTypesPage: { items: [type('CUD', 2), type('Busta paga', 0)], pages: 1, total: 2 } }),
      DeleteDocumentType: () => ({ deleteDocumentType: true }),
    });
    await renderRoutes(routes, { url: '/tipologie/documenti' });
    const withRules = within(await screen.findByTestId('row-CUD')).getByRole('button', { name: 'Elimina CUD' });
    expect(withRules.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(screen.getByTestId('row-Busta paga')).getByRole('button', { name: 'Elimina Busta paga' }));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toBe('Azione irreversibile, continuare?');
    expect(calls.DeleteDocumentType).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Elimina definitivamente' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Tipologia eliminata'));
    expect(calls.DeleteDocumentType).toHaveBeenCalledWith({ name: 'Busta paga' });
    await waitFor(() => expect(calls.DocumentTypesPage).toHaveBeenCalledTimes(2)); // reloaded
  });

  it('says when the deletion failed, with the reason', async () => {
    mockGraphql({
      DocumentTypesPage: () => ({ documentTypesPage: { items: [type('Busta paga', 0)], pages: 1, total: 1 } }),
      DeleteDocumentType: () => {
        throw new GraphQLTestError('usata da documenti importati', 'CONFLICT');
      },
    });
    await renderRoutes(routes, { url: '/tipologie/documenti' });
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina Busta paga' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina definitivamente' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile eliminare la tipologia: usata da documenti importati'));
  });

  it('opens a type from its row and hides what the user may not do', async () => {
    mockGraphql({ DocumentTypesPage: () => ({ documentTypesPage: { items: [type('CUD', 0)], pages: 1, total: 1 } }) });
    await renderRoutes(routes.slice(0, 1), { url: '/tipologie/documenti', store: await loggedInStore(allowed('documentTypes')) });
    const row = await screen.findByTestId('row-CUD');
    expect(screen.queryByTestId('types-new')).toBeNull();
    expect(within(row).queryByTestId('type-delete')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Dettagli di CUD' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/tipologie/documenti/dettagli/CUD');
  });

  it('lists dossier types with their required metas, and switches between the two lists', async () => {
    const calls = mockGraphql({
      DossierTypesPage: () => ({ dossierTypesPage: { items: [type('cessione', 1, ['cf', 'iban'])], pages: 1, total: 1 } }),
      DocumentTypesPage: () => ({ documentTypesPage: { items: [], pages: 0, total: 0 } }),
    });
    await renderRoutes(routes, { url: '/tipologie/dossier' });
    const row = await screen.findByTestId('row-cessione');
    expect(within(row).getByText('iban')).toBeTruthy();
    fireEvent.change(screen.getByTestId('filter-name'), { target: { value: 'cess' } });
    await waitFor(
      () =>
        expect(calls.DossierTypesPage).toHaveBeenLastCalledWith({
          input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [{ column: 'name', type: 'text', value: ['cess'] }] },
        }),
      { timeout: 2000 },
    );
    fireEvent.click(screen.getByTestId('types-switch-document'));
    expect(await screen.findByText('Nessun dato trovato')).toBeTruthy();
  });
});

describe('new type', () => {
  it('requires a name of at most 30 characters', async () => {
    const calls = mockGraphql({ CreateDocumentType: ({ name }) => ({ createDocumentType: { name } }) });
    await renderRoutes(routes, { url: '/tipologie/documenti/nuova' });
    fireEvent.click(screen.getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Campo obbligatorio')).toBeTruthy();
    typeName('   ');
    fireEvent.click(screen.getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Campo obbligatorio')).toBeTruthy();
    typeName('x'.repeat(31));
    fireEvent.click(screen.getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Massimo 30 caratteri')).toBeTruthy();
    expect(calls.CreateDocumentType).not.toHaveBeenCalled();
  });

  it("creates it: 'Tipologia creata' and on to its detail", async () => {
    const calls = mockGraphql({ CreateDocumentType: ({ name }) => ({ createDocumentType: { name } }) });
    await renderRoutes(routes.slice(1, 2), { url: '/tipologie/documenti/nuova' });
    typeName(` ${'è'.repeat(30)} `);
    fireEvent.click(screen.getByRole('button', { name: 'Crea' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Tipologia creata'));
    expect(calls.CreateDocumentType).toHaveBeenCalledWith({ name: 'è'.repeat(30) });
    expect((await screen.findByTestId('where')).textContent).toBe(`/tipologie/documenti/dettagli/${encodeURIComponent('è'.repeat(30))}`);
  });

  it("shows the server's message when the creation fails", async () => {
    mockGraphql({
      CreateDossierType: () => {
        throw new GraphQLTestError('Esiste già una tipologia di nome «cessione»', 'BAD_USER_INPUT');
      },
    });
    await renderRoutes(routes, { url: '/tipologie/dossier/nuova' });
    typeName('cessione');
    fireEvent.click(screen.getByRole('button', { name: 'Crea' }));
    expect((await screen.findByTestId('type-new-error')).textContent).toBe('Esiste già una tipologia di nome «cessione»');
    expect(toast.error).toHaveBeenCalledWith('Esiste già una tipologia di nome «cessione»');
    expect(toast.success).not.toHaveBeenCalled();
  });
});

describe('type details', () => {
  const rule = { id: '0190a1b2-0000-7000-8000-000000000001', description: 'Reddito', state: 'active', code: 'export default () => 1;', packageJSON: '{ "name": "rule" }' };

  it("shows a document type's rules, each opening on its code and package.json", async () => {
    const calls = mockGraphql({
      DocumentTypeDetail: ({ name }) => ({ documentType: type(String(name), 1) }),
      DocumentTypeRules: () => ({ documentRulesPage: { items: [rule], pages: 1, total: 1 } }),
    });
    await renderRoutes(routes, { url: '/tipologie/documenti/dettagli/CUD' });
    const row = await screen.findByTestId(`row-${rule.id}`);
    expect(within(row).getByText('Reddito')).toBeTruthy();
    expect(within(row).getByText('ATTIVA')).toBeTruthy();
    expect(calls.DocumentTypeRules).toHaveBeenCalledWith({
      input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [{ column: 'documentType', type: 'select', value: ['CUD'] }] },
    });
    expect(screen.queryByTestId('type-rule-code')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Mostra il codice di Reddito' }));
    expect(screen.getByTestId('type-rule-code').textContent).toBe(rule.code);
    expect(screen.getByTestId('type-rule-package').textContent).toBe('{\n  "name": "rule"\n}');
    fireEvent.click(within(row).getByRole('button', { name: 'Nascondi il codice di Reddito' }));
    expect(screen.queryByTestId('type-rule-code')).toBeNull();
    // A type with rules cannot be deleted.
    expect(screen.getByTestId('type-detail-delete').hasAttribute('disabled')).toBe(true);
  });

  it("says when the type can't be read", async () => {
    mockGraphql({
      DocumentTypeDetail: () => {
        throw new GraphQLTestError('Tipologia «X» non trovata', 'NOT_FOUND');
      },
    });
    await renderRoutes(routes, { url: '/tipologie/documenti/dettagli/X' });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile ottenere la tipologia'));
  });

  it("edits a dossier type's required metas and lists the rules its dossiers run, with their index and scope", async () => {
    const calls = mockGraphql({
      DossierTypeDetail: () => ({ dossierType: type('cessione', 0, ['iban']) }),
      DossierTypeRules: () => ({
        dossierRulesPage: {
          items: [
            { id: 'r1', description: 'Durata', code: 'export default 1', dossierType: { name: 'cessione' } },
            { id: 'r2', description: 'Importo', code: 'x', dossierType: null },
          ],
          pages: 1,
          total: 2,
        },
      }),
      SetDossierTypeRequiredMetas: ({ metas }) => ({ setDossierTypeRequiredMetas: { name: 'cessione', requiredMetas: metas } }),
    });
    await renderRoutes(routes, { url: '/tipologie/dossier/dettagli/cessione' });
    const second = await screen.findByTestId('row-r2');
    expect(within(second).getAllByRole('cell')[0]?.textContent).toBe('2');
    // Its own rules and those of every type: what its dossiers run.
    expect(calls.DossierTypeRules).toHaveBeenCalledWith({
      input: expect.objectContaining({ filters: [{ column: 'runsFor', type: 'select', value: ['cessione'] }] }),
    });
    expect(within(screen.getByTestId('row-r1')).getByTestId('type-rule-scope').textContent).toBe('Questa tipologia');
    expect(within(second).getByTestId('type-rule-scope').textContent).toBe('Tutte le tipologie');
    fireEvent.click(within(screen.getByTestId('row-r1')).getByRole('button', { name: 'Mostra il codice di Durata' }));
    expect(screen.getByTestId('type-rule-code').textContent).toBe('export default 1');

    const save = screen.getByRole('button', { name: 'Salva meta' });
    expect(save.hasAttribute('disabled')).toBe(true);
    const input = screen.getByLabelText('Meta che ogni dossier della tipologia deve avere');
    fireEvent.change(input, { target: { value: ' codiceFiscale ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Meta obbligatori aggiornati'));
    expect(calls.SetDossierTypeRequiredMetas).toHaveBeenCalledWith({ name: 'cessione', metas: ['codiceFiscale', 'iban'] });
  });

  it('deletes a dossier type without rules and goes back to the list', async () => {
    const calls = mockGraphql({
      DossierTypeDetail: () => ({ dossierType: type('vecchio', 0) }),
      DossierTypeRules: () => ({ dossierRulesPage: { items: [], pages: 0, total: 0 } }),
      DeleteDossierType: () => ({ deleteDossierType: true }),
    });
    await renderRoutes([routes[5]!], { url: '/tipologie/dossier/dettagli/vecchio' });
    fireEvent.click(await screen.findByTestId('type-detail-delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina definitivamente' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Tipologia eliminata'));
    expect(calls.DeleteDossierType).toHaveBeenCalledWith({ name: 'vecchio' });
    expect((await screen.findByTestId('where')).textContent).toBe('/tipologie/dossier');
  });

  it('keeps required metas as the server does: trimmed, once, sorted', () => {
    expect(normalizeMetas([' iban', '', 'cf', 'iban '])).toEqual(['cf', 'iban']);
  });
});
