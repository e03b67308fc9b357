import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { PasswordForm } from './PasswordForm';
import { PersonForm } from './PersonForm';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

beforeEach(() => {
  vi.clearAllMocks();
});

const renderIn = (element: ReactNode) => render(<I18nextProvider i18n={createI18n()}>{element}</I18nextProvider>);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PersonForm', () => {
  it('checks the names with the limits of a user, then sends them trimmed and says so', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    renderIn(<PersonForm initial={{ firstName: 'Anna', lastName: 'Rossi' }} testIdPrefix="user" onSave={onSave} />);
    expect((screen.getByTestId('user-first-name') as HTMLInputElement).value).toBe('Anna');
    expect(screen.getByTestId('user-last-name').getAttribute('autocomplete')).toBeNull();
    type('Nome', '');
    type('Cognome', 'c'.repeat(31));
    fireEvent.submit(screen.getByTestId('user-data-form'));
    expect(await screen.findByText('Campo obbligatorio')).toBeTruthy();
    expect(screen.getByText('Massimo 30 caratteri')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    type('Nome', '  Annalisa ');
    type('Cognome', ' Verdi');
    fireEvent.submit(screen.getByTestId('user-data-form'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ firstName: 'Annalisa', lastName: 'Verdi' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Utente aggiornato con successo'));
  });

  it("lets the browser fill the user's own names, and shows the server's refusal", async () => {
    renderIn(<PersonForm initial={{ firstName: 'Anna', lastName: 'Rossi' }} testIdPrefix="account" own onSave={() => Promise.reject(new Error('Non permesso'))} />);
    expect(screen.getByTestId('account-first-name').getAttribute('autocomplete')).toBe('given-name');
    expect(screen.getByTestId('account-last-name').getAttribute('autocomplete')).toBe('family-name');
    fireEvent.submit(screen.getByTestId('account-data-form'));
    expect((await screen.findByTestId('account-data-error')).textContent).toBe('Non permesso');
    expect(toast.success).not.toHaveBeenCalled();
  });
});

describe('PasswordForm', () => {
  it('asks the new password twice, equal and of 7 to 20 characters, then sends it and empties the form', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    renderIn(<PasswordForm testIdPrefix="user" onSave={onSave} />);
    expect(screen.queryByLabelText('Password attuale')).toBeNull();
    type('Password', 'short');
    type('Conferma password', 'other');
    fireEvent.submit(screen.getByTestId('user-password-form'));
    expect(await screen.findByText('Lunghezza minima: 7 caratteri')).toBeTruthy();
    expect(screen.getByText('Le password devono coincidere')).toBeTruthy();

    type('Password', 'secret-1');
    type('Conferma password', 'secret-1');
    fireEvent.submit(screen.getByTestId('user-password-form'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ oldPassword: '', password: 'secret-1' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Password aggiornata'));
    await waitFor(() => expect((screen.getByTestId('user-password') as HTMLInputElement).value).toBe(''));
  });

  it('asks the current password too when the user changes their own', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    renderIn(<PasswordForm testIdPrefix="account" ownEmail="anna@example.com" onSave={onSave} />);
    fireEvent.submit(screen.getByTestId('account-password-form'));
    expect(await screen.findAllByText('Campo obbligatorio')).toHaveLength(3);
    type('Password attuale', 'old-secret');
    type('Nuova password', 'new-secret');
    type('Conferma password', 'new-secret');
    expect(screen.getByTestId('account-new-password')).toBe(screen.getByLabelText('Nuova password'));
    fireEvent.submit(screen.getByTestId('account-password-form'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ oldPassword: 'old-secret', password: 'new-secret' }));
  });
});
