import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { NotificationsPage } from './NotificationsPage';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const routes = [{ path: '/notifications', element: <NotificationsPage /> }];
beforeEach(() => vi.clearAllMocks());

describe('notification recipients', () => {
  it('lists them, asks for an e-mail and adds it', async () => {
    const calls = mockGraphql({
      NotificationReceivers: () => ({ notificationReceivers: [{ id: 'ops@example.com' }] }),
      AddNotificationReceiver: ({ receiver }) => ({ addNotificationReceiver: [{ id: 'ops@example.com' }, { id: receiver }] }),
    });
    await renderRoutes(routes, { url: '/notifications' });
    expect(await screen.findByTestId('notification-row-ops@example.com')).toBeTruthy();
    const email = screen.getByLabelText('Indirizzo email');
    expect(email.getAttribute('type')).toBe('email');
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi' }));
    expect(await screen.findByText('Inserisci un indirizzo email')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi' }));
    expect(await screen.findByText('Email non valida')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'new@example.com' } });
    fireEvent.submit(screen.getByTestId('notification-form'));
    expect(await screen.findByTestId('notification-row-new@example.com')).toBeTruthy();
    expect(calls.AddNotificationReceiver).toHaveBeenCalledWith({ receiver: 'new@example.com' });
    await waitFor(() => expect((email as HTMLInputElement).value).toBe(''));
    expect(toast.success).toHaveBeenCalledWith('new@example.com aggiunto ai destinatari');
  });

  it('says an address is already a recipient, without sending it', async () => {
    const calls = mockGraphql({
      NotificationReceivers: () => ({ notificationReceivers: [{ id: 'ops@example.com' }] }),
      AddNotificationReceiver: () => ({ addNotificationReceiver: [{ id: 'ops@example.com' }] }),
    });
    await renderRoutes(routes, { url: '/notifications' });
    await screen.findByTestId('notification-row-ops@example.com');
    const email = screen.getByLabelText('Indirizzo email');
    fireEvent.change(email, { target: { value: ' OPS@example.com ' } });
    fireEvent.submit(screen.getByTestId('notification-form'));
    expect(await screen.findByText('OPS@example.com è già tra i destinatari')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(calls.AddNotificationReceiver).not.toHaveBeenCalled();
  });

  it('says when adding failed', async () => {
    mockGraphql({
      NotificationReceivers: () => ({ notificationReceivers: [] }),
      AddNotificationReceiver: () => { throw new Error('no'); },
    });
    await renderRoutes(routes, { url: '/notifications' });
    fireEvent.change(screen.getByLabelText('Indirizzo email'), { target: { value: 'new@example.com' } });
    fireEvent.submit(screen.getByTestId('notification-form'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Errore durante l'aggiunta dell'indirizzo email: no"));
  });

  it('deletes one after confirmation', async () => {
    const calls = mockGraphql({
      NotificationReceivers: () => ({ notificationReceivers: [{ id: 'ops@example.com' }] }),
      DeleteNotificationReceiver: () => ({ deleteNotificationReceiver: [] }),
    });
    await renderRoutes(routes, { url: '/notifications' });
    const row = await screen.findByTestId('notification-row-ops@example.com');
    fireEvent.click(within(row).getByRole('button', { name: 'Elimina ops@example.com' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Email eliminata'));
    expect(calls.DeleteNotificationReceiver).toHaveBeenCalledWith({ receiver: 'ops@example.com' });
    await waitFor(() => expect(screen.queryByTestId('notification-row-ops@example.com')).toBeNull());
  });

  it('says when the list or a deletion failed', async () => {
    mockGraphql({ NotificationReceivers: () => { throw new Error('no'); } });
    await renderRoutes(routes, { url: '/notifications' });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Impossibile caricare le email'));
  });
});
