import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GraphQLTestError, mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { answerOf, loggedOutStore, REFUSED, sessionData } from '../../test/session';
import { PasswordRecoveryPage } from './PasswordRecoveryPage';
import { PasswordResetPage } from './PasswordResetPage';

const routes = [
  { path: '/authentication/password-reset', element: <PasswordResetPage /> },
  { path: '/authentication/password-recovery', element: <PasswordRecoveryPage /> },
];

const box = (n: number) => screen.getByLabelText(`Cifra ${n} di 6`) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Procedi' }));

async function open(state?: unknown) {
  return renderRoutes(routes, { url: '/authentication/password-reset', state, store: await loggedOutStore() });
}

describe('password reset', () => {
  it('locks the e-mail handed over by the recovery screen', async () => {
    await open({ email: 'anna.rossi@example.com' });
    const email = screen.getByLabelText('Indirizzo Email') as HTMLInputElement;
    expect(email.value).toBe('anna.rossi@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.getByRole('link', { name: 'Non hai ricevuto il codice?' }).getAttribute('href')).toBe('/authentication/password-recovery');
  });

  it('asks for every digit, the e-mail and the passwords, focusing the first invalid field', async () => {
    await open();
    submit();
    expect(await screen.findByText('Codice obbligatorio')).toBeTruthy();
    expect(screen.getByText('Email obbligatoria')).toBeTruthy();
    expect(screen.getAllByText('Campo obbligatorio')).toHaveLength(2);
    for (let n = 1; n <= 6; n += 1) expect(box(n).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Indirizzo Email')));
  });

  it('checks the e-mail, the password length and the confirmation', async () => {
    await open();
    type(screen.getByLabelText('Indirizzo Email'), 'anna');
    fireEvent.paste(box(1), { clipboardData: { getData: () => '123456' } });
    type(screen.getByLabelText('Nuova password'), 'short');
    type(screen.getByLabelText('Conferma password'), 'other');
    submit();
    expect(await screen.findByText('Email non valida')).toBeTruthy();
    expect(screen.getByText('Lunghezza minima: 7 caratteri')).toBeTruthy();
    expect(screen.getByText('Le password non coincidono')).toBeTruthy();
    expect(screen.queryByText('Codice obbligatorio')).toBeNull();
  });

  it('takes at most 255 characters of password', async () => {
    await open({ email: 'anna.rossi@example.com' });
    type(screen.getByLabelText('Nuova password'), 'p'.repeat(256));
    submit();
    expect(await screen.findByText('Massimo 255 caratteri')).toBeTruthy();
  });

  it("shows the server's message under the form when the code is refused", async () => {
    const calls = mockGraphql({ ResetPassword: () => ({ resetPassword: { ...REFUSED, message: 'Codice non valido o scaduto', messageCode: 'INVALID_CODE' } }) });
    await open({ email: 'anna.rossi@example.com' });
    fireEvent.paste(box(1), { clipboardData: { getData: () => '654321' } });
    type(screen.getByLabelText('Nuova password'), 'new-secret');
    type(screen.getByLabelText('Conferma password'), 'new-secret');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Codice non valido o scaduto');
    expect(calls.ResetPassword).toHaveBeenCalledWith({ email: 'anna.rossi@example.com', code: '654321', newPassword: 'new-secret' });
  });

  it('shows a failed call (e.g. rate limited) under the form', async () => {
    mockGraphql({ ResetPassword: () => { throw new GraphQLTestError('Troppe richieste', 'TOO_MANY_REQUESTS'); } });
    await open({ email: 'anna.rossi@example.com' });
    fireEvent.paste(box(1), { clipboardData: { getData: () => '654321' } });
    type(screen.getByLabelText('Nuova password'), 'new-secret');
    type(screen.getByLabelText('Conferma password'), 'new-secret');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Troppe richieste');
  });

  it('starts the session and goes to / on success', async () => {
    mockGraphql({ ResetPassword: () => ({ resetPassword: answerOf(sessionData()) }) });
    const { store } = await open({ email: 'anna.rossi@example.com' });
    box(1).focus();
    for (let n = 1; n <= 6; n += 1) type(box(n), String(n));
    type(screen.getByLabelText('Nuova password'), 'new-secret');
    type(screen.getByLabelText('Conferma password'), 'new-secret');
    fireEvent.submit(screen.getByTestId('reset-form'));
    expect((await screen.findByTestId('where')).textContent).toBe('/');
    expect(store.getState().status).toBe('authenticated');
  });
});

describe('password recovery', () => {
  it('checks the e-mail', async () => {
    await renderRoutes(routes, { url: '/authentication/password-recovery', store: await loggedOutStore() });
    fireEvent.click(screen.getByRole('button', { name: 'Invia il codice' }));
    expect(await screen.findByText('Email obbligatoria')).toBeTruthy();
    type(screen.getByLabelText('Indirizzo Email'), 'x'.repeat(251) + '@a.it');
    fireEvent.click(screen.getByRole('button', { name: 'Invia il codice' }));
    expect(await screen.findByText('Massimo 255 caratteri')).toBeTruthy();
  });

  it('sends the code and hands the e-mail to the reset screen, where it is locked', async () => {
    const calls = mockGraphql({ RecoverPassword: () => ({ recoverPassword: true }) });
    const { router } = await renderRoutes(routes, { url: '/authentication/password-recovery', store: await loggedOutStore() });
    type(screen.getByLabelText('Indirizzo Email'), ' anna.rossi@example.com ');
    fireEvent.submit(screen.getByTestId('recovery-form'));
    expect(await screen.findByRole('button', { name: 'Procedi' })).toBeTruthy();
    expect(calls.RecoverPassword).toHaveBeenCalledWith({ email: 'anna.rossi@example.com' });
    expect(router.state.location.state).toEqual({ email: 'anna.rossi@example.com' });
    expect((screen.getByLabelText('Indirizzo Email') as HTMLInputElement).readOnly).toBe(true);
  });

  it("shows the server's message under the form", async () => {
    mockGraphql({ RecoverPassword: () => { throw new GraphQLTestError('Troppe richieste, riprova più tardi', 'TOO_MANY_REQUESTS'); } });
    await renderRoutes(routes, { url: '/authentication/password-recovery', store: await loggedOutStore() });
    type(screen.getByLabelText('Indirizzo Email'), 'anna.rossi@example.com');
    fireEvent.submit(screen.getByTestId('recovery-form'));
    expect((await screen.findByRole('alert')).textContent).toBe('Troppe richieste, riprova più tardi');
  });
});
