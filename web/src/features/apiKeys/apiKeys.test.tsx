import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { GraphQLTestError, mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { ApiKeysPage } from './ApiKeysPage';
import { endOfDay, NewApiKeyPage } from './NewApiKeyPage';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const routes = [
  { path: '/api-keys', element: <ApiKeysPage /> },
  { path: '/api-keys/nuova', element: <NewApiKeyPage /> },
];

const key = (id: string, name: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name,
  prefix: `ik_${id.slice(0, 8)}…`,
  subject: `apikey:${name.toLowerCase()}`,
  roles: ['importer'],
  allowedSources: [],
  expiresAt: null,
  createdBy: 'admin@example.com',
  createdAt: '2026-11-25T09:05:07Z',
  rotatedAt: null,
  previousValidUntil: null,
  lastUsedAt: null,
  revokedAt: null,
  state: 'ACTIVE',
  ...overrides,
});

const KEYS = [
  key('0193aaaa', 'lender-prod', { allowedSources: ['10.1.0.0/16'], lastUsedAt: '2026-11-26T10:00:00Z' }),
  key('0193bbbb', 'old-batch', { state: 'REVOKED', revokedAt: '2026-11-20T10:00:00Z' }),
];

function fakeServer(overrides: Record<string, (variables: Record<string, unknown>) => unknown> = {}) {
  return mockGraphql({
    ApiKeys: () => ({ apiKeys: { items: KEYS, pages: 1, total: KEYS.length, more: false } }),
    Roles: () => ({ roles: [{ name: 'importer', description: 'Import only' }, { name: 'reader', description: '' }] }),
    ...overrides,
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('/api-keys', () => {
  it('lists the keys with their state, roles and addresses, paged on the server newest first', async () => {
    const calls = fakeServer();
    await renderRoutes(routes, { url: '/api-keys' });
    const active = await screen.findByTestId('row-0193aaaa');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Chiavi API');
    expect(within(active).getByTestId('api-key-name').textContent).toBe('lender-prod');
    expect(within(active).getByTestId('api-key-state').textContent).toBe('Attiva');
    expect(active.textContent).toContain('10.1.0.0/16');
    expect(within(active).getByTestId('api-key-rotate')).toBeTruthy();
    const revoked = screen.getByTestId('row-0193bbbb');
    expect(within(revoked).getByTestId('api-key-state').textContent).toBe('Revocata');
    // A revoked key offers nothing more.
    expect(within(revoked).queryByTestId('api-key-rotate')).toBeNull();
    expect(within(revoked).queryByTestId('api-key-revoke')).toBeNull();
    expect(calls.ApiKeys).toHaveBeenCalledWith({ input: { pageSize: 10, pageIndex: 0, order: 'createdAt DESC', filters: [] } });
  });

  it('revokes a key after asking', async () => {
    const calls = fakeServer({ RevokeApiKey: () => ({ revokeApiKey: { id: '0193aaaa', state: 'REVOKED' } }) });
    await renderRoutes(routes, { url: '/api-keys' });
    fireEvent.click(within(await screen.findByTestId('row-0193aaaa')).getByTestId('api-key-revoke'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain('lender-prod');
    fireEvent.click(screen.getByRole('button', { name: 'Revoca' }));
    await waitFor(() => expect(calls.RevokeApiKey).toHaveBeenCalledWith({ id: '0193aaaa' }));
    expect(toast.success).toHaveBeenCalledWith('Chiave lender-prod revocata');
  });

  it('rotates a key with the overlap chosen and shows the new secret once', async () => {
    const calls = fakeServer({
      RotateApiKey: () => ({ rotateApiKey: { apiKey: { id: '0193aaaa', name: 'lender-prod', prefix: 'ik_0193aaaa…', previousValidUntil: null }, secret: 'ik_new_secret' } }),
    });
    await renderRoutes(routes, { url: '/api-keys' });
    fireEvent.click(within(await screen.findByTestId('row-0193aaaa')).getByTestId('api-key-rotate'));
    fireEvent.click(await screen.findByTestId('api-key-overlap-24'));
    fireEvent.click(screen.getByTestId('api-key-rotate-confirm'));
    await waitFor(() => expect(calls.RotateApiKey).toHaveBeenCalledWith({ id: '0193aaaa', previousValidForHours: 24 }));
    expect(((await screen.findByTestId('api-key-secret')) as HTMLInputElement).value).toBe('ik_new_secret');
  });
});

describe('callback secret', () => {
  it('shows the secret of a key\'s callbacks and rotates it with the overlap chosen', async () => {
    const calls = fakeServer({
      CallbackSecret: () => ({ callbackSecret: { consumer: 'apikey:lender-prod', secret: 'whsec_primo', previousValidUntil: null } }),
      RotateCallbackSecret: () => ({ rotateCallbackSecret: { consumer: 'apikey:lender-prod', secret: 'whsec_secondo', previousValidUntil: '2026-11-29T10:00:00Z' } }),
    });
    await renderRoutes(routes, { url: '/api-keys' });
    fireEvent.click(within(await screen.findByTestId('row-0193aaaa')).getByTestId('api-key-callback-secret'));
    expect(((await screen.findByTestId('callback-secret')) as HTMLInputElement).value).toBe('whsec_primo');
    expect(calls.CallbackSecret).toHaveBeenCalledWith({ consumer: 'apikey:lender-prod' });
    fireEvent.click(screen.getByTestId('callback-secret-overlap-168'));
    fireEvent.click(screen.getByTestId('callback-secret-rotate'));
    await waitFor(() => expect(calls.RotateCallbackSecret).toHaveBeenCalledWith({ consumer: 'apikey:lender-prod', previousValidForHours: 168 }));
    await waitFor(() => expect((screen.getByTestId('callback-secret') as HTMLInputElement).value).toBe('whsec_secondo'));
    expect(screen.getByText(/Il segreto precedente firma ancora fino al/)).toBeTruthy();
  });
});

describe('/api-keys/nuova', () => {
  it('creates a key with its roles, expiry and addresses, then shows its secret', async () => {
    const calls = fakeServer({
      CreateApiKey: () => ({ createApiKey: { apiKey: { id: '0193cccc', name: 'lender-test', prefix: 'ik_0193cccc…' }, secret: 'ik_0193cccc_secret' } }),
    });
    await renderRoutes(routes, { url: '/api-keys/nuova' });
    fireEvent.change(screen.getByTestId('api-key-name-input'), { target: { value: ' lender-test ' } });
    fireEvent.click(await screen.findByTestId('api-key-role-importer'));
    fireEvent.change(screen.getByTestId('api-key-expires'), { target: { value: '31/12/2030' } });
    fireEvent.blur(screen.getByTestId('api-key-expires'));
    const sources = screen.getByPlaceholderText('10.0.0.0/8, 192.0.2.7');
    fireEvent.change(sources, { target: { value: '10.1.0.0/16' } });
    fireEvent.blur(sources);
    // The tag input adds what was typed on the next frame after losing focus.
    await screen.findByText('10.1.0.0/16');
    fireEvent.click(screen.getByTestId('api-key-submit'));
    await waitFor(() =>
      expect(calls.CreateApiKey).toHaveBeenCalledWith({
        input: { name: 'lender-test', roles: ['importer'], expiresAt: endOfDay('2030-12-31'), allowedSources: ['10.1.0.0/16'] },
      }),
    );
    expect(((await screen.findByTestId('api-key-secret')) as HTMLInputElement).value).toBe('ik_0193cccc_secret');
    expect(screen.queryByTestId('api-key-form')).toBeNull();
  });

  it('asks for a valid name and a role before sending, and says the server refusal', async () => {
    const calls = fakeServer({
      CreateApiKey: () => {
        throw new GraphQLTestError('Esiste già una chiave API con questo nome', 'BAD_USER_INPUT', { messageCode: 'API_KEY_NAME_TAKEN', params: {}, field: 'name' });
      },
    });
    await renderRoutes(routes, { url: '/api-keys/nuova' });
    fireEvent.change(screen.getByTestId('api-key-name-input'), { target: { value: 'with space' } });
    fireEvent.click(screen.getByTestId('api-key-submit'));
    expect(await screen.findByText('Scegli almeno un ruolo')).toBeTruthy();
    expect(screen.getAllByText(/Lettere, cifre, punti/).length).toBeGreaterThan(0);
    expect(calls.CreateApiKey).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('api-key-name-input'), { target: { value: 'lender-prod' } });
    fireEvent.click(await screen.findByTestId('api-key-role-reader'));
    fireEvent.click(screen.getByTestId('api-key-submit'));
    expect((await screen.findByTestId('api-key-error')).textContent).toContain('Esiste già una chiave API con questo nome');
  });
});
