import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { GraphQLTestError, mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { fakeApi, loggedInStore, sessionData, USER } from '../../test/session';
import { AccountPage } from './AccountPage';
import { checkAvatarFile } from './avatar';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const routes = [{ path: '/account', element: <AccountPage /> }];
beforeEach(() => vi.clearAllMocks());

describe('account', () => {
  it('accepts PNG, JPEG and WebP avatars up to 256 KiB', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 1000 })).toEqual({ ok: true });
    expect(checkAvatarFile({ type: 'image/webp', size: 256 * 1024 })).toEqual({ ok: true });
    expect(checkAvatarFile({ type: 'image/gif', size: 1000 })).toEqual({ ok: false, reason: 'type' });
    expect(checkAvatarFile({ type: 'image/jpeg', size: 256 * 1024 + 1 })).toEqual({ ok: false, reason: 'size' });
  });

  it('updates the own name, and the session shows it', async () => {
    const calls = mockGraphql({ UpdateOwnData: () => ({ updateUser: { ...USER, firstName: 'Annalisa' } }) });
    const { store } = await renderRoutes(routes, { url: '/account' });
    const form = within(screen.getByTestId('account-data-form'));
    fireEvent.change(form.getByLabelText('Nome'), { target: { value: '' } });
    fireEvent.submit(screen.getByTestId('account-data-form'));
    expect(await form.findByText('Campo obbligatorio')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Nome'), { target: { value: 'Annalisa' } });
    fireEvent.submit(screen.getByTestId('account-data-form'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Utente aggiornato con successo'));
    expect(calls.UpdateOwnData).toHaveBeenCalledWith({ email: USER.email, user: { firstName: 'Annalisa', lastName: 'Rossi' } });
    expect(store.getState().session?.user.firstName).toBe('Annalisa');
  });

  it('changes the own password with the old one', async () => {
    const calls = mockGraphql({ UpdateSelfPassword: () => ({ updateSelfPassword: true }) });
    await renderRoutes(routes, { url: '/account' });
    const form = within(screen.getByTestId('account-password-form'));
    fireEvent.click(form.getByRole('button', { name: 'Aggiorna password' }));
    expect(await form.findAllByText('Campo obbligatorio')).toHaveLength(3);
    fireEvent.change(form.getByLabelText('Password attuale'), { target: { value: 'old-secret' } });
    fireEvent.change(form.getByLabelText('Nuova password'), { target: { value: 'new-secret' } });
    fireEvent.change(form.getByLabelText('Conferma password'), { target: { value: 'new-secreT' } });
    fireEvent.click(form.getByRole('button', { name: 'Aggiorna password' }));
    expect(await form.findByText('Le password devono coincidere')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Conferma password'), { target: { value: 'new-secret' } });
    fireEvent.click(form.getByRole('button', { name: 'Aggiorna password' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Password aggiornata'));
    expect(calls.UpdateSelfPassword).toHaveBeenCalledWith({ email: USER.email, oldPassword: 'old-secret', newPassword: 'new-secret' });
  });

  it("shows the server's message when the old password is wrong", async () => {
    mockGraphql({ UpdateSelfPassword: () => { throw new GraphQLTestError('Password attuale errata', 'BAD_USER_INPUT'); } });
    await renderRoutes(routes, { url: '/account' });
    const form = within(screen.getByTestId('account-password-form'));
    fireEvent.change(form.getByLabelText('Password attuale'), { target: { value: 'old-secret' } });
    fireEvent.change(form.getByLabelText('Nuova password'), { target: { value: 'new-secret' } });
    fireEvent.change(form.getByLabelText('Conferma password'), { target: { value: 'new-secret' } });
    fireEvent.submit(screen.getByTestId('account-password-form'));
    expect((await form.findByRole('alert')).textContent).toBe('Password attuale errata');
  });

  it('uploads a chosen picture as a data URL, and refuses other formats', async () => {
    const calls = mockGraphql({ UpdateAvatar: ({ avatar }) => ({ updateAvatar: { ...USER, avatar } }) });
    const { store } = await renderRoutes(routes, { url: '/account' });
    const input = screen.getByLabelText('Immagine') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    expect((await screen.findByRole('alert')).textContent).toContain('Formato non supportato');
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' })] } });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Avatar aggiornato'));
    expect(calls.UpdateAvatar).toHaveBeenCalledWith({ email: USER.email, avatar: 'data:image/png;base64,iVBORw==' });
    expect(store.getState().session?.user.avatar).toBe('data:image/png;base64,iVBORw==');
  });

  it('removes the avatar with "Rimuovi" (an empty avatar), back to the initials', async () => {
    const calls = mockGraphql({ UpdateAvatar: ({ avatar }) => ({ updateAvatar: { ...USER, avatar: avatar === '' ? null : avatar } }) });
    const pictured = { ...USER, avatar: 'data:image/png;base64,iVBORw==' };
    const store = await loggedInStore(sessionData({ user: pictured }), fakeApi({ loggedUser: async () => pictured }));
    await renderRoutes(routes, { url: '/account', store });
    fireEvent.click(screen.getByRole('button', { name: 'Rimuovi' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Avatar rimosso'));
    expect(calls.UpdateAvatar).toHaveBeenCalledWith({ email: USER.email, avatar: '' });
    expect(store.getState().session?.user.avatar).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rimuovi' })).toBeNull();
  });

  it('offers no "Rimuovi" without an avatar', async () => {
    mockGraphql({});
    await renderRoutes(routes, { url: '/account' });
    expect(screen.queryByTestId('account-avatar-remove')).toBeNull();
  });

  it('shows the own name read only without updateUser (the call would be refused)', async () => {
    mockGraphql({});
    const store = await loggedInStore(sessionData({ permissions: [] }));
    await renderRoutes(routes, { url: '/account', store });
    expect(screen.queryByTestId('account-data-form')).toBeNull();
    const data = screen.getByTestId('account-data');
    expect(data.textContent).toContain(USER.firstName);
    expect(data.textContent).toContain('chiedi a un amministratore');
    // The avatar and the password are the user's own.
    expect(screen.getByTestId('account-avatar-form')).toBeTruthy();
    expect(screen.getByTestId('account-password-form')).toBeTruthy();
  });
});
