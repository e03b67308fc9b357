import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GraphQLTestError, mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { answerOf, loggedInStore, loggedOutStore, REFUSED, sessionData, USER } from '../../test/session';
import { RegisterPage, RegisterUnguardedPage } from './RegisterPage';

const routes = [
  { path: '/authentication/register', element: <RegisterPage /> },
  { path: '/authentication/register-unguarded', element: <RegisterUnguardedPage /> },
];
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Registrati' }));
const box = (n: number) => screen.getByLabelText(`Cifra ${n} di 6`) as HTMLInputElement;
const pasteCode = (code: string) => fireEvent.paste(box(1), { clipboardData: { getData: () => code } });
const DETAILS = { email: USER.email, firstName: 'Anna', lastName: 'Rossi', password: 'secret-1', confirmPassword: 'secret-1' };
const CODE_SENT = `Ti abbiamo scritto a ${USER.email}: inserisci il codice di 6 cifre che trovi nell’email per attivare l’account. Se l’indirizzo ha già un account, l’email ti spiega come accedere.`;

function fillDetails() {
  type('Email', ` ${USER.email} `);
  type('Nome', 'Anna ');
  type('Cognome', ' Rossi');
  type('Password', 'secret-1');
  type('Conferma password', 'secret-1');
}

/** Fills step 1, sends it and waits for step 2. */
async function reachCodeStep(url = '/authentication/register') {
  const rendered = await renderRoutes(routes, { url, store: await loggedOutStore() });
  fillDetails();
  fireEvent.submit(screen.getByTestId('register-form'));
  expect(await screen.findByRole('heading', { level: 1, name: 'Conferma la registrazione' })).toBeTruthy();
  return rendered;
}

describe('registration', () => {
  it('sends a logged-in visitor away from /authentication/register', async () => {
    await renderRoutes(routes, { url: '/authentication/register', store: await loggedInStore() });
    expect((await screen.findByTestId('where')).textContent).toBe('/');
  });

  it('keeps a logged-in visitor on /authentication/register-unguarded', async () => {
    await renderRoutes(routes, { url: '/authentication/register-unguarded', store: await loggedInStore() });
    expect(screen.getByRole('heading', { level: 1, name: 'Registrazione' })).toBeTruthy();
  });

  it('checks every field with the limits of a new user', async () => {
    await renderRoutes(routes, { url: '/authentication/register', store: await loggedOutStore() });
    submit();
    expect(await screen.findAllByText('Campo obbligatorio')).toHaveLength(5);
    type('Email', 'anna@example.com');
    type('Nome', 'n'.repeat(31));
    type('Cognome', 'Rossi');
    type('Password', 'short');
    type('Conferma password', 'other');
    submit();
    expect(await screen.findByText('Massimo 30 caratteri')).toBeTruthy();
    expect(screen.getByText('Lunghezza minima: 7 caratteri')).toBeTruthy();
    expect(screen.getByText('Le password devono coincidere')).toBeTruthy();
  });

  it('sends the details, then asks for the code of the e-mail, focusing its first box', async () => {
    const calls = mockGraphql({ Register: () => ({ register: true }) });
    await reachCodeStep();
    expect(calls.Register).toHaveBeenCalledWith({ input: DETAILS });
    expect(screen.getByTestId('register-code-sent').textContent).toBe(CODE_SENT);
    expect(screen.queryByTestId('register-form')).toBeNull();
    expect(screen.getByRole('group', { name: 'Codice' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(box(1)));
  });

  it('asks for every digit of the code', async () => {
    const calls = mockGraphql({ Register: () => ({ register: true }), ConfirmRegistration: () => ({ confirmRegistration: REFUSED }) });
    await reachCodeStep();
    fireEvent.click(screen.getByRole('button', { name: 'Attiva l’account' }));
    expect(await screen.findByText('Codice obbligatorio')).toBeTruthy();
    for (let n = 1; n <= 6; n += 1) expect(box(n).getAttribute('aria-invalid')).toBe('true');
    expect(calls.ConfirmRegistration).not.toHaveBeenCalled();
  });

  it('creates the account with the right code, starts the session and goes to /', async () => {
    const calls = mockGraphql({ Register: () => ({ register: true }), ConfirmRegistration: () => ({ confirmRegistration: answerOf(sessionData()) }) });
    const { store } = await reachCodeStep('/authentication/register-unguarded');
    box(1).focus();
    for (let n = 1; n <= 6; n += 1) fireEvent.change(box(n), { target: { value: String(n) } });
    fireEvent.submit(screen.getByTestId('register-code-form'));
    expect((await screen.findByTestId('where')).textContent).toBe('/');
    expect(store.getState().session?.user.email).toBe(USER.email);
    expect(calls.ConfirmRegistration).toHaveBeenCalledWith({ email: USER.email, code: '123456' });
  });

  it('shows a refused code under the boxes and keeps them', async () => {
    mockGraphql({ Register: () => ({ register: true }), ConfirmRegistration: () => ({ confirmRegistration: { ...REFUSED, message: 'Codice non valido o scaduto', messageCode: 'INVALID_CODE' } }) });
    const { store } = await reachCodeStep();
    pasteCode('000000');
    fireEvent.click(screen.getByRole('button', { name: 'Attiva l’account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Codice non valido o scaduto');
    expect(screen.getByRole('heading', { level: 1, name: 'Conferma la registrazione' })).toBeTruthy();
    for (let n = 1; n <= 6; n += 1) expect(box(n).value).toBe('0');
    expect(store.getState().status).toBe('unauthenticated');
  });

  it('sends a new code with the same details, emptying the boxes', async () => {
    const calls = mockGraphql({ Register: () => ({ register: true }) });
    await reachCodeStep();
    pasteCode('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Invia un nuovo codice' }));
    expect((await screen.findByRole('status')).textContent).toBe('Nuovo codice inviato');
    expect(calls.Register).toHaveBeenCalledTimes(2);
    expect(calls.Register).toHaveBeenLastCalledWith({ input: DETAILS });
    for (let n = 1; n <= 6; n += 1) expect(box(n).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(box(1)));
  });

  it('shows a refused new code (rate limited)', async () => {
    let sent = 0;
    mockGraphql({
      Register: () => {
        sent += 1;
        if (sent > 1) throw new GraphQLTestError('Troppe richieste, riprova più tardi', 'TOO_MANY_REQUESTS');
        return { register: true };
      },
    });
    await reachCodeStep();
    fireEvent.click(screen.getByRole('button', { name: 'Invia un nuovo codice' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Troppe richieste, riprova più tardi');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('goes back to the details, kept', async () => {
    mockGraphql({ Register: () => ({ register: true }) });
    await reachCodeStep();
    fireEvent.click(screen.getByRole('button', { name: 'Modifica i dati' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Registrazione' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(USER.email);
    expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('Anna');
    expect((screen.getByLabelText('Cognome') as HTMLInputElement).value).toBe('Rossi');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('secret-1');
  });

  it("shows the server's message", async () => {
    mockGraphql({ Register: () => { throw new GraphQLTestError('Troppe richieste, riprova più tardi', 'TOO_MANY_REQUESTS'); } });
    await renderRoutes(routes, { url: '/authentication/register', store: await loggedOutStore() });
    fillDetails();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Troppe richieste, riprova più tardi');
    expect(screen.getByTestId('register-form')).toBeTruthy();
  });
});
