import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { GraphQLTestError, mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { loggedInStore, sessionData } from '../../test/session';
import { NewGroupPage } from './NewGroupPage';
import { NewPolicyPage } from './NewPolicyPage';
import { NewRolePage } from './NewRolePage';
import { RolesPage } from './RolesPage';
import { roleColor, tabOf } from './tabs';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const routes = [
  { path: '/roles', element: <RolesPage /> },
  { path: '/roles/new/ruolo', element: <NewRolePage /> },
  { path: '/roles/nuova/policy', element: <NewPolicyPage /> },
  { path: '/roles/new/gruppo', element: <NewGroupPage /> },
];
const ROLES = [
  { name: 'admin', description: 'Tutto' },
  { name: 'operatore', description: 'Pratiche' },
];
const POLICIES = [{ subject: 'operatore', domain: '*', object: 'users', action: 'allow' }];
const GROUPS = [{ subject: 'bruno.verdi@example.com', domain: '*', role: 'operatore' }];
const data = () => ({
  Roles: () => ({ roles: ROLES }),
  Policies: () => ({ getPolicies: POLICIES }),
  Groups: () => ({ getGroups: GROUPS }),
});
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const allowed = (...resources: string[]) => loggedInStore(sessionData({ permissions: resources.map((resource) => ({ resource, action: 'allow' })) }));

beforeEach(() => vi.clearAllMocks());

describe('roles tabs', () => {
  it('reads the tab from the query string, roles by default', () => {
    expect(tabOf(null)).toBe('roles');
    expect(tabOf('policies')).toBe('policies');
    expect(tabOf('groups')).toBe('groups');
    expect(tabOf('nonsense')).toBe('roles');
    expect(roleColor('admin')).toBe(roleColor('admin'));
  });

  it('opens the tab of the query string and keeps the chosen tab there', async () => {
    mockGraphql(data());
    const { router } = await renderRoutes(routes, { url: '/roles?tab=policies' });
    expect(screen.getByRole('tab', { name: 'Policy' }).getAttribute('aria-selected')).toBe('true');
    const row = await screen.findByTestId('policy-row');
    expect(row.textContent).toContain('operatore');
    expect(row.textContent).toContain('users');
    expect(row.textContent).toContain('Permetti');
    expect(screen.getByRole('columnheader', { name: 'Risorsa' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Gruppi' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=groups'));
    const group = await screen.findByTestId('group-row');
    expect(group.textContent).toContain('bruno.verdi@example.com');
    expect(screen.getByRole('columnheader', { name: 'Dominio' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Ruoli' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=roles'));
    expect((await screen.findAllByTestId('role-badge')).map((badge) => badge.textContent)).toEqual(['admin', 'operatore']);
  });

  it('follows the query string when it changes (back button)', async () => {
    mockGraphql(data());
    const { router } = await renderRoutes(routes, { url: '/roles' });
    expect(screen.getByRole('tab', { name: 'Ruoli' }).getAttribute('aria-selected')).toBe('true');
    await router.navigate('/roles?tab=groups');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Gruppi' }).getAttribute('aria-selected')).toBe('true'));
  });

  it('deletes a role after confirmation', async () => {
    const calls = mockGraphql({ ...data(), DeleteRole: () => ({ deleteRole: true }) });
    await renderRoutes(routes, { url: '/roles?tab=roles' });
    const row = await screen.findByTestId('role-row-operatore');
    fireEvent.click(within(row).getByRole('button', { name: 'Elimina il ruolo operatore' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Ruolo eliminato'));
    expect(calls.DeleteRole).toHaveBeenCalledWith({ name: 'operatore' });
  });

  it('deletes a policy and a group with their domain', async () => {
    const calls = mockGraphql({ ...data(), DeletePolicy: () => ({ deletePolicy: true }), DeleteGroup: () => ({ deleteGroup: true }) });
    await renderRoutes(routes, { url: '/roles?tab=policies' });
    fireEvent.click(within(await screen.findByTestId('policy-row')).getByTestId('row-delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(calls.DeletePolicy).toHaveBeenCalledWith({ subject: 'operatore', object: 'users', action: 'allow', domain: '*' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Gruppi' }));
    fireEvent.click(within(await screen.findByTestId('group-row')).getByTestId('row-delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(calls.DeleteGroup).toHaveBeenCalledWith({ subject: 'bruno.verdi@example.com', role: 'operatore', domain: '*' }));
  });

  it('says when the policies cannot be loaded, with an empty list', async () => {
    mockGraphql({ ...data(), Policies: () => { throw new Error('boom'); } });
    await renderRoutes(routes, { url: '/roles?tab=policies' });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile caricare le policy'));
    expect(screen.queryByTestId('policy-row')).toBeNull();
  });

  it('leads each new button to its form', async () => {
    mockGraphql(data());
    const { router } = await renderRoutes(routes, { url: '/roles?tab=groups' });
    fireEvent.click(screen.getByRole('button', { name: 'Nuovo gruppo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/roles/new/gruppo'));
  });
});

describe('new role', () => {
  it('wants a name of at most 20 and a description of at most 40', async () => {
    mockGraphql({});
    await renderRoutes(routes, { url: '/roles/new/ruolo' });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Campo obbligatorio')).toBeTruthy();
    type('Nome', 'n'.repeat(21));
    type('Descrizione', 'd'.repeat(41));
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Massimo 20 caratteri')).toBeTruthy();
    expect(screen.getByText('Massimo 40 caratteri')).toBeTruthy();
  });

  it('creates the role and returns to the roles tab', async () => {
    const calls = mockGraphql({ ...data(), CreateRole: () => ({ createRole: { name: 'revisore', description: 'Legge' } }) });
    const { router } = await renderRoutes(routes, { url: '/roles/new/ruolo' });
    type('Nome', 'revisore');
    type('Descrizione', 'Legge');
    fireEvent.submit(screen.getByTestId('role-form'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=roles'));
    expect(toast.success).toHaveBeenCalledWith('Ruolo creato');
    expect(calls.CreateRole).toHaveBeenCalledWith({ name: 'revisore', description: 'Legge' });
  });

  it('says when the creation failed', async () => {
    mockGraphql({ CreateRole: () => { throw new GraphQLTestError('Ruolo già esistente'); } });
    await renderRoutes(routes, { url: '/roles/new/ruolo' });
    type('Nome', 'admin');
    fireEvent.submit(screen.getByTestId('role-form'));
    expect((await screen.findByRole('alert')).textContent).toBe('Ruolo già esistente');
    expect(toast.error).toHaveBeenCalledWith('Errore durante creazione ruolo');
  });
});

describe('new policy', () => {
  it('picks a role, takes a resource and allows by default', async () => {
    const calls = mockGraphql({ ...data(), AddPolicy: () => ({ AddPolicy: POLICIES[0] }) });
    const { router } = await renderRoutes(routes, { url: '/roles/nuova/policy' });
    await screen.findByRole('option', { name: 'operatore' });
    expect((screen.getByLabelText('Azione') as HTMLSelectElement).value).toBe('allow');
    expect(screen.getByRole('option', { name: 'Permetti' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Nega' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findAllByText('Campo obbligatorio')).toHaveLength(2);
    type('Risorsa', 'r'.repeat(61));
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Massimo 60 caratteri')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Ruolo'), { target: { value: 'operatore' } });
    type('Risorsa', 'users');
    fireEvent.submit(screen.getByTestId('policy-form'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=policies'));
    expect(calls.AddPolicy).toHaveBeenCalledWith({ subject: 'operatore', object: 'users', action: 'allow' });
    expect(toast.success).toHaveBeenCalledWith('Policy creata');
  });

  it('sends a deny', async () => {
    const calls = mockGraphql({ ...data(), AddPolicy: () => { throw new Error('no'); } });
    await renderRoutes(routes, { url: '/roles/nuova/policy' });
    await screen.findByRole('option', { name: 'admin' });
    fireEvent.change(screen.getByLabelText('Ruolo'), { target: { value: 'admin' } });
    type('Risorsa', 'roles');
    fireEvent.change(screen.getByLabelText('Azione'), { target: { value: 'deny' } });
    fireEvent.submit(screen.getByTestId('policy-form'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Errore durante creazione policy'));
    expect(calls.AddPolicy).toHaveBeenCalledWith({ subject: 'admin', object: 'roles', action: 'deny' });
  });
});

describe('roles tabs and permissions', () => {
  it('shows only the tabs whose resource the user has, and the new button of the tab shown in the header', async () => {
    mockGraphql(data());
    const { router } = await renderRoutes(routes, { url: '/roles?tab=policies', store: await allowed('roles', 'groups') });
    // No `policies`: no Policy tab; asked for it, the first allowed tab shows.
    expect(screen.queryByRole('tab', { name: 'Policy' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Ruoli' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Gruppi' })).toBeTruthy();
    const newRole = screen.getByRole('button', { name: 'Nuovo ruolo' });
    expect(newRole.closest('.page-header__actions')).not.toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Gruppi' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=groups'));
    fireEvent.click(screen.getByRole('button', { name: 'Nuovo gruppo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/roles/new/gruppo'));
  });
});

describe('new group', () => {
  const BRUNO = { email: 'bruno.verdi@example.com', firstName: 'Bruno', lastName: 'Verdi' };
  const CARLA = { email: 'carla.neri@example.com', firstName: 'Carla', lastName: 'Neri' };
  const picker = () => screen.getByRole('combobox', { name: 'Utente (email)' });

  it('offers the users found on the server, chosen with the keyboard, and links one to a role', async () => {
    const calls = mockGraphql({
      ...data(),
      UserOptions: ({ search }) => ({ users: search ? [BRUNO, CARLA] : [] }),
      AddGroup: () => ({ AddGroup: GROUPS[0] }),
    });
    const { router } = await renderRoutes(routes, { url: '/roles/new/gruppo' });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findAllByText('Campo obbligatorio')).toHaveLength(2);

    fireEvent.focus(picker());
    type('Utente (email)', 'e');
    await waitFor(() => expect(calls.UserOptions).toHaveBeenLastCalledWith({ search: 'e', limit: 20 }));
    const list = await screen.findByRole('listbox', { name: 'Utenti trovati' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    expect(picker().getAttribute('aria-expanded')).toBe('true');
    expect(within(list).getAllByRole('option')[0]?.textContent).toContain('Bruno Verdi');
    // ↓ moves to Carla, Enter chooses her (and does not submit the form).
    fireEvent.keyDown(picker(), { key: 'ArrowDown' });
    expect(picker().getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[1]?.id);
    fireEvent.keyDown(picker(), { key: 'Enter' });
    expect((picker() as HTMLInputElement).value).toBe(CARLA.email);
    expect(picker().getAttribute('aria-expanded')).toBe('false');
    expect(await screen.findByText('Carla Neri')).toBeTruthy(); // under the field, once the form has checked it
    expect(calls.AddGroup).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Ruolo'), { target: { value: 'operatore' } });
    fireEvent.submit(screen.getByTestId('group-form'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=groups'));
    expect(calls.AddGroup).toHaveBeenCalledWith({ subject: CARLA.email, role: 'operatore' });
    expect(toast.success).toHaveBeenCalledWith('Gruppo creato con successo');
  });

  it('takes a whole e-mail typed as a choice, and refuses a text that is no user', async () => {
    const calls = mockGraphql({
      ...data(),
      UserOptions: ({ search }) => ({ users: String(search ?? '').startsWith('bruno') ? [BRUNO] : [] }),
      AddGroup: () => ({ AddGroup: GROUPS[0] }),
    });
    await renderRoutes(routes, { url: '/roles/new/gruppo' });
    await screen.findByRole('option', { name: 'operatore' });
    type('Utente (email)', 'nessuno@example.com');
    fireEvent.change(screen.getByLabelText('Ruolo'), { target: { value: 'operatore' } });
    fireEvent.submit(screen.getByTestId('group-form'));
    expect(await screen.findByText('Scegli un utente dall’elenco')).toBeTruthy();
    expect(calls.AddGroup).not.toHaveBeenCalled();

    type('Utente (email)', BRUNO.email);
    await waitFor(() => expect(screen.getByText('Bruno Verdi')).toBeTruthy());
    fireEvent.submit(screen.getByTestId('group-form'));
    await waitFor(() => expect(calls.AddGroup).toHaveBeenCalledWith({ subject: BRUNO.email, role: 'operatore' }));
  });
});
