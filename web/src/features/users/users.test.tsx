import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { GraphQLRequestError } from '../../lib/graphql/client';
import { GraphQLTestError, mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { answerOf, fakeApi, loggedInStore, sessionData, USER } from '../../test/session';
import { UserEditPage } from './UserEditPage';
import { UserNewPage } from './UserNewPage';
import { USER_SEARCH_DEBOUNCE_MS, UsersPage } from './UsersPage';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), progress: vi.fn(async () => dismissProgress) } }));
const dismissProgress = vi.fn();

const BRUNO = { email: 'bruno.verdi@example.com', firstName: 'Bruno', lastName: 'Verdi', avatar: null, createdAt: '2026-02-03T04:05:06Z' };
const routes = [
  { path: '/users', element: <UsersPage /> },
  { path: '/users/new', element: <UserNewPage /> },
  { path: '/users/modifica/:id', element: <UserEditPage /> },
];
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const allowed = (...resources: string[]) => sessionData({ permissions: resources.map((resource) => ({ resource, action: 'allow' })) });

beforeEach(() => vi.clearAllMocks());

describe('users list', () => {
  it('shows the users; the actions follow the permissions and spare the current user', async () => {
    mockGraphql({ Users: () => ({ users: [USER, BRUNO] }) });
    await renderRoutes(routes, { url: '/users', store: await loggedInStore() });
    const bruno = await screen.findByTestId(`user-row-${BRUNO.email}`);
    expect(bruno.textContent).toContain('Bruno');
    expect(bruno.textContent).toContain('Verdi');
    expect(screen.getByRole('button', { name: 'Nuovo utente' })).toBeTruthy();
    expect(within(bruno).getByRole('button', { name: `Modifica ${BRUNO.email}` })).toBeTruthy();
    expect(within(bruno).getByRole('button', { name: `Impersonifica ${BRUNO.email}` })).toBeTruthy();
    expect(within(bruno).getByRole('button', { name: `Elimina ${BRUNO.email}` })).toBeTruthy();
    const self = screen.getByTestId(`user-row-${USER.email}`);
    expect(within(self).getByTestId('user-edit')).toBeTruthy();
    expect(within(self).queryByTestId('user-impersonate')).toBeNull();
    expect(within(self).queryByTestId('user-delete')).toBeNull();
  });

  it('hides every action the user lacks', async () => {
    mockGraphql({ Users: () => ({ users: [USER, BRUNO] }) });
    await renderRoutes(routes, { url: '/users', store: await loggedInStore(allowed('users')) });
    const bruno = await screen.findByTestId(`user-row-${BRUNO.email}`);
    // The new user's screen and its call need createUser: no button that would answer "Accesso negato".
    expect(screen.queryByTestId('users-new')).toBeNull();
    expect(within(bruno).queryByTestId('user-edit')).toBeNull();
    expect(within(bruno).queryByTestId('user-impersonate')).toBeNull();
    expect(within(bruno).queryByTestId('user-delete')).toBeNull();
  });

  it('shows the new-user button, in the page header, with users and createUser', async () => {
    mockGraphql({ Users: () => ({ users: [USER, BRUNO] }) });
    await renderRoutes(routes, { url: '/users', store: await loggedInStore(allowed('users', 'createuser')) });
    await screen.findByTestId(`user-row-${BRUNO.email}`);
    expect(screen.getByTestId('users-new').closest('.page-header__actions')).not.toBeNull();
  });

  it('labels every cell, for the stacked rows of narrow screens', async () => {
    mockGraphql({ Users: () => ({ users: [BRUNO] }) });
    await renderRoutes(routes, { url: '/users', store: await loggedInStore() });
    const bruno = await screen.findByTestId(`user-row-${BRUNO.email}`);
    const labels = [...bruno.querySelectorAll('td')].map((cell) => cell.dataset.label ?? '');
    expect(labels).toEqual(['', 'Email', 'Nome', 'Cognome', '']);
    expect(screen.getByTestId('users-table').parentElement?.className).toBe('table-scroll');
  });

  it('shows each action with its own permission', async () => {
    mockGraphql({ Users: () => ({ users: [USER, BRUNO] }) });
    await renderRoutes(routes, { url: '/users', store: await loggedInStore(allowed('updateuser', 'deleteuser')) });
    const bruno = await screen.findByTestId(`user-row-${BRUNO.email}`);
    expect(screen.queryByTestId('users-new')).toBeNull();
    expect(within(bruno).getByTestId('user-edit')).toBeTruthy();
    expect(within(bruno).getByTestId('user-delete')).toBeTruthy();
    expect(within(bruno).queryByTestId('user-impersonate')).toBeNull();
  });

  it('hides impersonation while impersonating', async () => {
    mockGraphql({ Users: () => ({ users: [USER, BRUNO] }) });
    await renderRoutes(routes, { url: '/users', store: await loggedInStore(sessionData({ impersonated: true })) });
    const bruno = await screen.findByTestId(`user-row-${BRUNO.email}`);
    expect(within(bruno).queryByTestId('user-impersonate')).toBeNull();
  });

  it('deletes after confirmation', async () => {
    const calls = mockGraphql({ Users: () => ({ users: [USER, BRUNO] }), DeleteUser: () => ({ deleteUser: true }) });
    await renderRoutes(routes, { url: '/users', store: await loggedInStore() });
    fireEvent.click(await screen.findByRole('button', { name: `Elimina ${BRUNO.email}` }));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain(BRUNO.email);
    expect(calls.DeleteUser).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Utente eliminato'));
    expect(calls.DeleteUser).toHaveBeenCalledWith({ email: BRUNO.email });
  });

  it('says when the deletion failed', async () => {
    mockGraphql({ Users: () => ({ users: [USER, BRUNO] }), DeleteUser: () => { throw new Error('no'); } });
    await renderRoutes(routes, { url: '/users', store: await loggedInStore() });
    fireEvent.click(await screen.findByRole('button', { name: `Elimina ${BRUNO.email}` }));
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Impossibile eliminare l'utente: no"));
  });

  it('searches on the server once typing stops', async () => {
    const calls = mockGraphql({ Users: ({ search }) => ({ users: search ? [BRUNO] : [USER, BRUNO] }) });
    await renderRoutes(routes, { url: '/users', store: await loggedInStore() });
    await screen.findByTestId(`user-row-${USER.email}`);
    expect(calls.Users).toHaveBeenLastCalledWith({ search: null });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cerca utenti' }), { target: { value: 'bru' } });
    await new Promise((resolve) => setTimeout(resolve, USER_SEARCH_DEBOUNCE_MS / 2));
    expect(calls.Users).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId(`user-row-${USER.email}`)).toBeNull(), { timeout: 2000 });
    expect(calls.Users).toHaveBeenLastCalledWith({ search: 'bru' });
  });

  it('impersonates: the progress message, the swapped session, then /', async () => {
    mockGraphql({ Users: () => ({ users: [USER, BRUNO] }) });
    const api = fakeApi({ impersonates: vi.fn(async () => answerOf(sessionData({ user: BRUNO, accessToken: 'access-bruno', impersonated: true }))) });
    const { store } = await renderRoutes(routes, { url: '/users', store: await loggedInStore(sessionData(), api) });
    fireEvent.click(await screen.findByRole('button', { name: `Impersonifica ${BRUNO.email}` }));
    await waitFor(() => expect(toast.progress).toHaveBeenCalledWith(`Impersonificazione di ${BRUNO.email} in corso..`));
    expect((await screen.findByTestId('where')).textContent).toBe('/');
    // The progress message goes with the request: it does not outlive the impersonation.
    expect(dismissProgress).toHaveBeenCalled();
    expect(api.impersonates).toHaveBeenCalledWith(BRUNO.email);
    expect(store.getState().session?.user.email).toBe(BRUNO.email);
    expect(store.getState().session?.impersonator?.user.email).toBe(USER.email);
  });

  it('says when impersonation is refused, and why, in the user\'s language', async () => {
    mockGraphql({ Users: () => ({ users: [USER, BRUNO] }) });
    const refusal = new GraphQLRequestError('Non puoi impersonificare un utente che ha permessi che tu non hai: audit', 200, 'FORBIDDEN', {
      code: 'FORBIDDEN',
      messageCode: 'IMPERSONATE_WIDER',
      params: { resources: 'audit' },
    });
    const api = fakeApi({ impersonates: vi.fn(async () => Promise.reject(refusal)) });
    await renderRoutes(routes, { url: '/users', store: await loggedInStore(sessionData(), api), language: 'en' });
    fireEvent.click(await screen.findByRole('button', { name: `Impersonate ${BRUNO.email}` }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Unable to impersonate: You cannot impersonate a user who has permissions you lack: audit'));
  });
});

describe('new user', () => {
  it('checks the fields with the messages of the spec', async () => {
    const calls = mockGraphql({});
    await renderRoutes(routes, { url: '/users/new' });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findAllByText('Campo obbligatorio')).toHaveLength(5);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    type('Email', `${'a'.repeat(50)}@example.com`);
    type('Password', 'short');
    type('Conferma password', 'different');
    type('Nome', 'Bruno');
    type('Cognome', 'c'.repeat(31));
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Massimo 60 caratteri')).toBeTruthy();
    expect(screen.getByText('Lunghezza minima: 7 caratteri')).toBeTruthy();
    expect(screen.getByText('Le password devono coincidere')).toBeTruthy();
    expect(screen.getByText('Massimo 30 caratteri')).toBeTruthy();
    type('Password', 'p'.repeat(21));
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Massimo 20 caratteri')).toBeTruthy();
    expect(calls.CreateUser).toBeUndefined();
  });

  it("creates the user, says so and goes back to /users", async () => {
    const calls = mockGraphql({ CreateUser: () => ({ createUser: BRUNO }), Users: () => ({ users: [BRUNO] }) });
    const { router } = await renderRoutes(routes, { url: '/users/new' });
    type('Email', BRUNO.email);
    type('Password', 'secret-1');
    type('Conferma password', 'secret-1');
    type('Nome', 'Bruno');
    type('Cognome', 'Verdi');
    fireEvent.submit(screen.getByTestId('user-new-form'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(toast.success).toHaveBeenCalledWith('Utente creato');
    expect(calls.CreateUser).toHaveBeenCalledWith({
      user: { email: BRUNO.email, password: 'secret-1', confirmPassword: 'secret-1', firstName: 'Bruno', lastName: 'Verdi' },
    });
  });

  it("shows the server's message on failure", async () => {
    mockGraphql({ CreateUser: () => { throw new GraphQLTestError('Utente già esistente', 'BAD_USER_INPUT'); } });
    await renderRoutes(routes, { url: '/users/new' });
    type('Email', BRUNO.email);
    type('Password', 'secret-1');
    type('Conferma password', 'secret-1');
    type('Nome', 'Bruno');
    type('Cognome', 'Verdi');
    fireEvent.submit(screen.getByTestId('user-new-form'));
    expect((await screen.findByRole('alert')).textContent).toBe('Utente già esistente');
  });
});

describe('edit user', () => {
  const url = `/users/modifica/${encodeURIComponent(BRUNO.email)}`;

  it('changes the password', async () => {
    const calls = mockGraphql({ User: () => ({ user: BRUNO }), UpdateUserPassword: () => ({ updateUserPassword: true }) });
    await renderRoutes(routes, { url });
    const form = within(screen.getByTestId('user-password-form'));
    fireEvent.click(form.getByRole('button', { name: 'Aggiorna password' }));
    expect(await form.findAllByText('Campo obbligatorio')).toHaveLength(2);
    fireEvent.change(form.getByLabelText('Password'), { target: { value: 'secret-2' } });
    fireEvent.change(form.getByLabelText('Conferma password'), { target: { value: 'secret-3' } });
    fireEvent.click(form.getByRole('button', { name: 'Aggiorna password' }));
    expect(await form.findByText('Le password devono coincidere')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Conferma password'), { target: { value: 'secret-2' } });
    fireEvent.click(form.getByRole('button', { name: 'Aggiorna password' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Password aggiornata'));
    expect(calls.UpdateUserPassword).toHaveBeenCalledWith({ email: BRUNO.email, newPassword: 'secret-2' });
  });

  it("shows the server's first message under the password form", async () => {
    mockGraphql({ User: () => ({ user: BRUNO }), UpdateUserPassword: () => { throw new GraphQLTestError('Lunghezza minima: 7 caratteri', 'BAD_USER_INPUT'); } });
    await renderRoutes(routes, { url });
    const form = within(screen.getByTestId('user-password-form'));
    fireEvent.change(form.getByLabelText('Password'), { target: { value: 'secret-2' } });
    fireEvent.change(form.getByLabelText('Conferma password'), { target: { value: 'secret-2' } });
    fireEvent.submit(screen.getByTestId('user-password-form'));
    expect((await form.findByRole('alert')).textContent).toBe('Lunghezza minima: 7 caratteri');
  });

  it('updates the personal data and goes back to /users', async () => {
    const calls = mockGraphql({ User: () => ({ user: BRUNO }), UpdateUser: () => ({ updateUser: { ...BRUNO, lastName: 'Neri' } }) });
    const { router } = await renderRoutes(routes, { url });
    const nome = (await screen.findByDisplayValue('Bruno')) as HTMLInputElement;
    fireEvent.change(nome, { target: { value: '' } });
    fireEvent.submit(screen.getByTestId('user-data-form'));
    expect(await within(screen.getByTestId('user-data-form')).findByText('Campo obbligatorio')).toBeTruthy();
    fireEvent.change(nome, { target: { value: 'Bruno' } });
    fireEvent.change(screen.getByDisplayValue('Verdi'), { target: { value: 'Neri' } });
    fireEvent.submit(screen.getByTestId('user-data-form'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(toast.success).toHaveBeenCalledWith('Utente aggiornato con successo');
    expect(calls.UpdateUser).toHaveBeenCalledWith({ email: BRUNO.email, user: { firstName: 'Bruno', lastName: 'Neri' } });
  });

  it("says when the user cannot be loaded", async () => {
    mockGraphql({ User: () => { throw new Error('boom'); } });
    await renderRoutes(routes, { url });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Impossibile ottenere l'utente"));
  });
});
