import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { GraphQLTestError, mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { RuleDetailPage } from './RuleDetailPage';
import { RulesPage } from './RulesPage';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));
// CodeMirror needs a real layout; the viewer's text is what matters here.
vi.mock('../../components/code/CodeEditor', () => ({
  default: ({ value, label, testId }: { value: string; label: string; testId?: string }) => (
    <pre aria-label={label} data-testid={testId}>
      {value}
    </pre>
  ),
}));

const ID = '0190a1b2-0000-7000-8000-000000000001';
const rule = (id: string, description: string, state: string, documentType = 'CUD') => ({
  id,
  description,
  state,
  createdAt: '2026-11-02T09:05:00Z',
  documentType: { name: documentType },
});
const detail = {
  ...rule(ID, 'Reddito annuo', 'paused'),
  nota: '',
  code: 'export default function rule() {}',
  packageJSON: '{"name":"rule","version":"1.0.0"}',
  updatedAt: '2026-11-03T09:05:00Z',
  dataTables: [{ name: 'tassi' }],
};

const routes = [
  { path: '/regole', element: <RulesPage /> },
  { path: '/regole/dettagli/:id', element: <RuleDetailPage /> },
];

function fakeServer() {
  return mockGraphql({
    DocumentRulesPage: () => ({ documentRulesPage: { items: [rule(ID, 'Reddito annuo', 'paused'), rule('r2', 'Codice fiscale', 'active', 'Busta paga')], pages: 1, total: 2 } }),
    RuleDocumentTypeNames: () => ({ documentTypes: [{ name: 'CUD' }, { name: 'Busta paga' }] }),
    DocumentRuleDetail: () => ({ documentRule: detail }),
    DeleteDocumentRule: () => ({ deleteDocumentRule: true }),
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('rule list', () => {
  it('shows each rule with its state and type, newest first', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/regole' });
    const paused = await screen.findByTestId(`row-${ID}`);
    expect(within(paused).getByText('IN PAUSA')).toBeTruthy();
    expect(within(paused).getByText('CUD')).toBeTruthy();
    expect(within(screen.getByTestId('row-r2')).getByText('ATTIVA')).toBeTruthy();
    expect(calls.DocumentRulesPage).toHaveBeenCalledWith({ input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [] } });
  });

  it('filters on the server by state and by document type (several values each)', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/regole' });
    await screen.findByTestId(`row-${ID}`);
    fireEvent.click(screen.getByTestId('filter-state'));
    fireEvent.click(await screen.findByTestId('filter-state-paused'));
    await waitFor(() =>
      expect(calls.DocumentRulesPage).toHaveBeenLastCalledWith({
        input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [{ column: 'state', type: 'select', value: ['paused'] }] },
      }),
    );
    fireEvent.click(screen.getByTestId('filter-documentType'));
    fireEvent.click(await screen.findByTestId('filter-documentType-CUD'));
    fireEvent.click(await screen.findByTestId('filter-documentType-Busta paga'));
    await waitFor(() =>
      expect(calls.DocumentRulesPage).toHaveBeenLastCalledWith({
        input: {
          pageSize: 10,
          pageIndex: 0,
          order: 'createdAt DESC',
          filters: [
            { column: 'state', type: 'select', value: ['paused'] },
            { column: 'documentType', type: 'select', value: ['Busta paga', 'CUD'] },
          ],
        },
      }),
    );
  });

  it('opens the detail from the action', async () => {
    fakeServer();
    await renderRoutes(routes, { url: '/regole' });
    fireEvent.click(await screen.findByRole('button', { name: 'Dettagli della regola Reddito annuo' }));
    expect(await screen.findByRole('heading', { name: 'Reddito annuo' })).toBeTruthy();
  });
});

describe('rule detail', () => {
  it('shows code, package.json and data tables in their tabs', async () => {
    fakeServer();
    await renderRoutes(routes, { url: `/regole/dettagli/${ID}` });
    expect((await screen.findByTestId('rule-code')).textContent).toBe(detail.code);
    expect(within(screen.getByTestId('rule-fields')).getByText('IN PAUSA')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Package.json' }));
    expect((await screen.findByTestId('rule-package')).textContent).toBe('{\n  "name": "rule",\n  "version": "1.0.0"\n}');
    fireEvent.click(screen.getByRole('tab', { name: /Datatables/ }));
    expect(within(screen.getByTestId('rule-tables')).getByRole('link', { name: 'tassi' })).toBeTruthy();
  });

  it("deletes after the confirmation: 'Regola eliminata', then back to /regole", async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: `/regole/dettagli/${ID}` });
    await screen.findByTestId('rule-code');
    fireEvent.click(screen.getByTestId('rule-delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina definitivamente' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Regola eliminata'));
    expect(calls.DeleteDocumentRule).toHaveBeenCalledWith({ id: ID });
    expect(await screen.findByTestId('rules-table')).toBeTruthy();
  });

  it("says 'Impossibile cancellare la regola' when the deletion fails, and stays", async () => {
    mockGraphql({
      DocumentRuleDetail: () => ({ documentRule: detail }),
      DeleteDocumentRule: () => {
        throw new Error('boom');
      },
    });
    await renderRoutes(routes, { url: `/regole/dettagli/${ID}` });
    await screen.findByTestId('rule-code');
    fireEvent.click(screen.getByTestId('rule-delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina definitivamente' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile cancellare la regola: boom'));
    expect(screen.getByRole('heading', { name: 'Reddito annuo' })).toBeTruthy();
  });

  it("says 'Impossibile ottenere regola' when it can't be read; Indietro goes back", async () => {
    mockGraphql({
      DocumentRuleDetail: () => {
        throw new GraphQLTestError('Regola non trovata', 'NOT_FOUND');
      },
      DocumentRulesPage: () => ({ documentRulesPage: { items: [], pages: 0, total: 0 } }),
      RuleDocumentTypeNames: () => ({ documentTypes: [] }),
    });
    await renderRoutes(routes, { url: '/regole/dettagli/nope' });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile ottenere regola'));
    fireEvent.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(await screen.findByText('Nessun dato trovato')).toBeTruthy();
  });
});
