import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { AuditPage, detailsSummary } from './AuditPage';
import { ltr } from '../../lib/format';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const routes = [{ path: '/audit', element: <AuditPage /> }];

/** `formatDateTimeSeconds` in the test's own time zone. */
const local = (iso: string) => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  // As one left-to-right unit (the formatter isolates it for right-to-left pages).
  return ltr(`${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`);
};

const entry = (id: string, action: string, overrides: Record<string, unknown> = {}) => ({
  id,
  createdAt: '2026-11-25T09:05:07Z',
  actorEmail: 'admin@example.com',
  impersonatorEmail: null,
  action,
  targetType: 'user',
  targetId: 'carla@example.com',
  details: '{}',
  ...overrides,
});

const ENTRIES = [
  entry('e-end', 'impersonation.end', {
    createdAt: '2026-11-25T09:06:00Z',
    actorEmail: 'carla@example.com',
    impersonatorEmail: 'admin@example.com',
    details: '{"session":"0193-abc"}',
  }),
  entry('e-start', 'impersonation.start', { details: '{"session":"0193-abc"}' }),
  entry('e-rule', 'rule.update', {
    targetType: 'rule',
    targetId: '0193aaaa-0000-7000-8000-000000000001',
    details: JSON.stringify({ description: 'Reddito', fields: ['code', 'nota'], kind: 'document' }),
  }),
  entry('e-system', 'job.retry', { actorEmail: null, targetType: 'job', targetId: 'extract/42' }),
];

const ACTIONS = ['user.delete', 'impersonation.start', 'impersonation.end', 'rule.update', 'job.retry', 'queue.pause'];

function fakeServer(overrides: Record<string, (variables: Record<string, unknown>) => unknown> = {}) {
  return mockGraphql({
    AuditLog: () => ({ auditLog: { items: ENTRIES, pages: 1, total: ENTRIES.length, more: false } }),
    AuditActions: () => ({ auditActions: ACTIONS }),
    ...overrides,
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('/audit', () => {
  it('lists who did what and when, newest first, with the impersonator and the details on one line', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/audit' });
    const end = await screen.findByTestId('row-e-end');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Registro attività');
    expect(within(end).getByTestId('audit-when').textContent).toBe(local('2026-11-25T09:06:00Z'));
    expect(within(end).getByTestId('audit-who').textContent).toBe('carla@example.comimpersonificato da admin@example.com');
    expect(within(end).getByTestId('audit-impersonator').textContent).toBe('impersonificato da admin@example.com');
    expect(within(end).getByTestId('audit-action').textContent).toBe('Fine impersonificazione');
    expect(within(end).getByTestId('audit-target').textContent).toBe('Utentecarla@example.com');
    expect(within(end).getByTestId('audit-details').textContent).toBe('session: 0193-abc');

    const start = screen.getByTestId('row-e-start');
    expect(within(start).getByTestId('audit-action').textContent).toBe('Inizio impersonificazione');
    expect(within(start).queryByTestId('audit-impersonator')).toBeNull();
    const rule = screen.getByTestId('row-e-rule');
    expect(within(rule).getByTestId('audit-action').textContent).toBe('Regola modificata');
    expect(within(rule).getByTestId('audit-details').textContent).toBe('description: Reddito · fields: ["code","nota"] · kind: document');
    // No actor: the system.
    expect(within(screen.getByTestId('row-e-system')).getByTestId('audit-who').textContent).toBe('Sistema');
    expect(within(screen.getByTestId('row-e-system')).getByTestId('audit-target').textContent).toBe('Jobextract/42');

    expect(calls.AuditLog).toHaveBeenCalledWith({ input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [] } });
    for (const header of ['Quando', 'Chi', 'Azione', 'Oggetto', 'Dettagli']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    }
    expect(screen.getByTestId('table-range').textContent).toBe('1–4 di 4');
  });

  it('filters on the server by action (translated choices), by the start of the e-mail and by date', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/audit' });
    await screen.findByTestId('row-e-end');
    await waitFor(() => expect(calls.AuditActions).toHaveBeenCalled());

    fireEvent.click(screen.getByTestId('filter-action'));
    const choice = await screen.findByTestId('filter-action-impersonation.start');
    expect(choice.closest('label')?.textContent).toBe('Inizio impersonificazione');
    expect(screen.getByTestId('filter-action-queue.pause').closest('label')?.textContent).toBe('Coda in pausa');
    fireEvent.click(choice);
    await waitFor(() =>
      expect(calls.AuditLog).toHaveBeenLastCalledWith({
        input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [{ column: 'action', type: 'select', value: ['impersonation.start'] }] },
      }),
    );

    fireEvent.change(screen.getByTestId('filter-actorEmail'), { target: { value: 'carla' } });
    await waitFor(() =>
      expect(calls.AuditLog).toHaveBeenLastCalledWith({
        input: {
          pageSize: 10,
          pageIndex: 0,
          order: 'createdAt DESC',
          filters: [
            { column: 'action', type: 'select', value: ['impersonation.start'] },
            { column: 'actorEmail', type: 'text', value: ['carla'] },
          ],
        },
      }),
    );

    fireEvent.click(screen.getByTestId('filter-createdAt'));
    fireEvent.change(await screen.findByTestId('filter-createdAt-from'), { target: { value: '01/11/2026' } });
    await waitFor(() =>
      expect(calls.AuditLog).toHaveBeenLastCalledWith({
        input: expect.objectContaining({
          filters: expect.arrayContaining([{ column: 'createdAt', type: 'date', value: ['2026/11/01', '9999/99/99'] }]),
        }),
      }),
    );
    fireEvent.change(screen.getByTestId('filter-createdAt-to'), { target: { value: '25/11/2026' } });
    await waitFor(() =>
      expect(calls.AuditLog).toHaveBeenLastCalledWith({
        input: expect.objectContaining({
          filters: expect.arrayContaining([{ column: 'createdAt', type: 'date', value: ['2026/11/01', '2026/11/25'] }]),
        }),
      }),
    );
  });

  it('opens the details of a row with its button or with Enter, and closes them again', async () => {
    fakeServer();
    await renderRoutes(routes, { url: '/audit' });
    const rule = await screen.findByTestId('row-e-rule');
    const toggle = within(rule).getByRole('button', { name: 'Mostra i dettagli' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const json = await screen.findByTestId('audit-details-json');
    expect(JSON.parse(json.textContent ?? '')).toEqual({ description: 'Reddito', fields: ['code', 'nota'], kind: 'document' });
    expect(json.textContent).toContain('\n  "description": "Reddito"');
    expect(within(rule).getByRole('button', { name: 'Nascondi i dettagli' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(rule).getByRole('button', { name: 'Nascondi i dettagli' }));
    expect(screen.queryByTestId('audit-details-json')).toBeNull();

    // From the keyboard: Enter on the focused row.
    rule.focus();
    fireEvent.keyDown(rule, { key: 'Enter' });
    expect(await screen.findByTestId('expansion-e-rule')).toBeTruthy();
    fireEvent.keyDown(rule, { key: 'Enter' });
    expect(screen.queryByTestId('expansion-e-rule')).toBeNull();
    // Arrow keys move between rows.
    fireEvent.keyDown(rule, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('row-e-system'));
    // An entry without details has nothing to open.
    expect(within(screen.getByTestId('row-e-system')).queryByTestId('audit-details-toggle')).toBeNull();
  });

  it('speaks English', async () => {
    fakeServer();
    await renderRoutes(routes, { url: '/audit', language: 'en' });
    const end = await screen.findByTestId('row-e-end');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Audit log');
    expect(within(end).getByTestId('audit-action').textContent).toBe('Impersonation ended');
    expect(within(end).getByTestId('audit-impersonator').textContent).toBe('impersonated by admin@example.com');
    expect(within(screen.getByTestId('row-e-system')).getByTestId('audit-who').textContent).toBe('System');
  });

  it('says when the log cannot be loaded, and shows an action it does not know by its name', async () => {
    fakeServer({
      AuditLog: () => {
        throw new Error('down');
      },
    });
    const { unmount } = await renderRoutes(routes, { url: '/audit' });
    expect((await screen.findByRole('alert')).textContent).toBe('Impossibile caricare il registro delle attività');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile caricare il registro delle attività'));
    unmount();

    fakeServer({ AuditLog: () => ({ auditLog: { items: [entry('e-new', 'report.export')], pages: 1, total: 1, more: false } }) });
    await renderRoutes(routes, { url: '/audit' });
    expect(within(await screen.findByTestId('row-e-new')).getByTestId('audit-action').textContent).toBe('report.export');
  });
});

describe('detailsSummary', () => {
  it('puts an object on one line and leaves anything else as it is', () => {
    expect(detailsSummary('{"a":"x","b":2,"c":{"d":[1]}}')).toBe('a: x · b: 2 · c: {"d":[1]}');
    expect(detailsSummary('[1,2]')).toBe('[1,2]');
    expect(detailsSummary('not json')).toBe('not json');
  });
});
