import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GraphQLTestError, mockGraphql } from '../../test/graphql';
import { renderRoutes } from '../../test/render';
import { answerOf, loggedInStore, loggedOutStore, sessionData, USER } from '../../test/session';
import { RegisterPage, RegisterUnguardedPage } from './RegisterPage';

const routes = [
  { path: '/authentication/register', element: <RegisterPage /> },
  { path: '/authentication/register-unguarded', element: <RegisterUnguardedPage /> },
];
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Registrati' }));

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

  it('registers, starts the session and goes to /', async () => {
    const calls = mockGraphql({ Register: () => ({ register: answerOf(sessionData()) }) });
    const { store } = await renderRoutes(routes, { url: '/authentication/register-unguarded', store: await loggedOutStore() });
    type('Email', USER.email);
    type('Nome', 'Anna');
    type('Cognome', 'Rossi');
    type('Password', 'secret-1');
    type('Conferma password', 'secret-1');
    fireEvent.submit(screen.getByTestId('register-form'));
    expect((await screen.findByTestId('where')).textContent).toBe('/');
    expect(store.getState().session?.user.email).toBe(USER.email);
    expect(calls.Register).toHaveBeenCalledWith({
      input: { email: USER.email, firstName: 'Anna', lastName: 'Rossi', password: 'secret-1', confirmPassword: 'secret-1' },
    });
  });

  it("shows the server's message", async () => {
    mockGraphql({ Register: () => { throw new GraphQLTestError('Email già registrata', 'BAD_USER_INPUT'); } });
    await renderRoutes(routes, { url: '/authentication/register', store: await loggedOutStore() });
    type('Email', USER.email);
    type('Nome', 'Anna');
    type('Cognome', 'Rossi');
    type('Password', 'secret-1');
    type('Conferma password', 'secret-1');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Email già registrata');
  });
});
