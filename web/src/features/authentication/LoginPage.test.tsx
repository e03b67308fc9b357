import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { SessionProvider, type SessionStore } from '../../lib/session';
import { answerOf, fakeApi, loggedInStore, loggedOutStore, REFUSED, sessionData } from '../../test/session';
import { LoginPage } from './LoginPage';

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

function renderLogin(store: SessionStore, state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/authentication/login', element: <LoginPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [{ pathname: '/authentication/login', state }] },
  );
  render(
    <I18nextProvider i18n={createI18n()}>
      <SessionProvider store={store}>
        <RouterProvider router={router} />
      </SessionProvider>
    </I18nextProvider>,
  );
  return router;
}

const email = () => screen.getByLabelText('Indirizzo Email');
const password = () => screen.getByLabelText('Password');
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));

describe('login screen', () => {
  it('shows the title, the fields and the link to password recovery', async () => {
    renderLogin(await loggedOutStore());
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(email().getAttribute('type')).toBe('email');
    expect(email().getAttribute('autocomplete')).toBe('username');
    expect(password().getAttribute('type')).toBe('password');
    expect(password().getAttribute('autocomplete')).toBe('current-password');
    expect(document.activeElement).toBe(email());
    expect(screen.getByRole('link', { name: 'Password dimenticata?' }).getAttribute('href')).toBe(
      '/authentication/password-recovery',
    );
    expect(screen.getByRole('link', { name: 'Registrati' }).getAttribute('href')).toBe('/authentication/register');
  });

  it('asks for both fields', async () => {
    const api = fakeApi();
    renderLogin(await loggedOutStore(api));
    submit();
    expect(await screen.findByText('Email obbligatoria')).toBeTruthy();
    expect(screen.getByText('Campo obbligatorio')).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(api.basicLogin).not.toHaveBeenCalled();
  });

  it('wants a valid e-mail address', async () => {
    renderLogin(await loggedOutStore());
    type(email(), 'anna.rossi');
    type(password(), 'secret');
    submit();
    expect(await screen.findByText('Email non valida')).toBeTruthy();
    expect(screen.queryByText('Campo obbligatorio')).toBeNull();
  });

  it('takes at most 255 characters in each field', async () => {
    renderLogin(await loggedOutStore());
    type(email(), `${'a'.repeat(250)}@example.com`);
    type(password(), 'p'.repeat(256));
    submit();
    await waitFor(() => expect(screen.getAllByText('Massimo 255 caratteri')).toHaveLength(2));
  });

  it("shows the server's message when the credentials are refused, and lets the user try again", async () => {
    const api = fakeApi({ basicLogin: vi.fn(async () => REFUSED) });
    renderLogin(await loggedOutStore(api));
    type(email(), ' anna.rossi@example.com ');
    type(password(), 'wrong');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Credenziali non valide');
    expect(api.basicLogin).toHaveBeenCalledWith('anna.rossi@example.com', 'wrong');
    const button = screen.getByRole('button', { name: 'Accedi' });
    expect(button.getAttribute('disabled')).toBeNull(); // submitting is over
  });

  it('shows why the call failed', async () => {
    const api = fakeApi({ basicLogin: vi.fn(async () => Promise.reject(new Error('HTTP 502 Bad Gateway'))) });
    renderLogin(await loggedOutStore(api));
    type(email(), 'anna.rossi@example.com');
    type(password(), 'secret');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Accesso non riuscito: HTTP 502 Bad Gateway');
  });

  it('goes to the remembered path after login', async () => {
    const api = fakeApi({ basicLogin: vi.fn(async () => answerOf(sessionData())) });
    const router = renderLogin(await loggedOutStore(api), { from: '/datatables?page=2' });
    type(email(), 'anna.rossi@example.com');
    type(password(), 'secret');
    fireEvent.submit(screen.getByTestId('login-form')); // what Enter in a field does
    expect((await screen.findByTestId('where')).textContent).toBe('/datatables');
    expect(router.state.location.search).toBe('?page=2');
  });

  it('sends a visitor with a session away, to / without a remembered path', async () => {
    renderLogin(await loggedInStore());
    expect((await screen.findByTestId('where')).textContent).toBe('/');
  });

  it('shows the English texts', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('en');
    const router = createMemoryRouter([{ path: '/', element: <LoginPage /> }]);
    render(
      <I18nextProvider i18n={i18n}>
        <SessionProvider store={await loggedOutStore()}>
          <RouterProvider router={router} />
        </SessionProvider>
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email required')).toBeTruthy();
    expect(screen.getByText('Required field')).toBeTruthy();
  });

  it("says refused credentials in English from the answer's messageCode, not its Italian message", async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('en');
    const api = fakeApi({ basicLogin: vi.fn(async () => ({ ...REFUSED, message: 'Credenziali non valide', messageCode: 'INVALID_CREDENTIALS' })) });
    const router = createMemoryRouter([{ path: '/', element: <LoginPage /> }]);
    render(
      <I18nextProvider i18n={i18n}>
        <SessionProvider store={await loggedOutStore(api)}>
          <RouterProvider router={router} />
        </SessionProvider>
      </I18nextProvider>,
    );
    type(screen.getByLabelText('Email address'), 'anna.rossi@example.com');
    type(screen.getByLabelText('Password'), 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid credentials');
    expect(screen.queryByText(/Credenziali/)).toBeNull();
  });
});
