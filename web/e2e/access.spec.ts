import { test as loggedOut, type Page } from '@playwright/test';
import { createUserThroughApi, graphqlAs, unique } from './api';
import { ADMIN, expect, loginThroughUi, test } from './fixtures';
import { OUTBOX_DIR, readLatestCode, readLatestMail } from './outbox';

// The access area of issue 5 against the real server. `test` starts logged in as the
// administrator (fixtures.ts); `loggedOut` starts without a session.

// Toasts stack, newest first: the assertion is about the newest one.
const toast = (page: Page) => page.locator('.bp6-toast').first();

interface Visitor {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Fills the details of /authentication/register and sends them: the code step follows. */
async function sendRegistration(page: Page, user: Visitor) {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Nome', { exact: true }).fill(user.firstName);
  await page.getByLabel('Cognome').fill(user.lastName);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Conferma password').fill(user.password);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Conferma la registrazione' })).toBeVisible();
  await expect(page.getByTestId('register-code-sent')).toContainText(`Ti abbiamo scritto a ${user.email}`);
}

const codeBox = (page: Page, n: number) => page.getByLabel(`Cifra ${n} di 6`);

/** Pastes `code` into the first box, as a browser does. */
async function pasteCode(page: Page, code: string) {
  await codeBox(page, 1).evaluate((input, text) => {
    const data = new DataTransfer();
    data.setData('text', text);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, code);
  for (let n = 1; n <= 6; n += 1) await expect(codeBox(page, n)).toHaveValue(code[n - 1] ?? '');
}

async function logout(page: Page) {
  await page.getByTestId('user-menu-open').click();
  await page.getByTestId('user-menu').getByRole('menuitem', { name: 'Esci' }).click();
  await expect(page).toHaveURL('/authentication/login');
}

test('a new user, given a role through a policy and a group, sees only the permitted entries', async ({ page }) => {
  const id = unique();
  const user = { email: `e2e-${id}@e2e.test`, password: `pw-${id}`, firstName: 'Elena', lastName: `Prova${id}`.slice(0, 30) };
  const role = `lettori${id}`.slice(0, 20);

  // The user, from /users/new.
  await page.goto('/users');
  await page.getByRole('button', { name: 'Nuovo utente' }).click();
  await expect(page).toHaveURL('/users/new');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Campo obbligatorio')).toHaveCount(5);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Conferma password').fill(user.password);
  await page.getByLabel('Nome', { exact: true }).fill(user.firstName);
  await page.getByLabel('Cognome').fill(user.lastName);
  await page.getByLabel('Cognome').press('Enter');
  await expect(page).toHaveURL('/users');
  await expect(toast(page)).toContainText('Utente creato');
  await page.getByRole('searchbox', { name: 'Cerca utenti' }).fill(user.email);
  await expect(page.getByTestId(`user-row-${user.email}`)).toContainText(user.lastName);

  // A role allowed on the users list only.
  await page.goto('/roles?tab=roles');
  await page.getByRole('button', { name: 'Nuovo ruolo' }).click();
  await expect(page).toHaveURL('/roles/new/ruolo');
  await page.getByLabel('Nome', { exact: true }).fill(role);
  await page.getByLabel('Descrizione').fill('Vede la lista utenti');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page).toHaveURL('/roles?tab=roles');
  await expect(toast(page)).toContainText('Ruolo creato');
  await expect(page.getByTestId(`role-row-${role}`)).toBeVisible();

  await page.getByRole('tab', { name: 'Policy' }).click();
  await expect(page).toHaveURL('/roles?tab=policies');
  await page.getByRole('button', { name: 'Nuova policy' }).click();
  await expect(page).toHaveURL('/roles/nuova/policy');
  await expect(page.getByLabel('Azione')).toHaveValue('allow');
  await expect(page.getByLabel('Ruolo').locator(`option[value="${role}"]`)).toHaveCount(1);
  await page.getByLabel('Ruolo').selectOption(role);
  await page.getByLabel('Risorsa').fill('users');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page).toHaveURL('/roles?tab=policies');
  await expect(toast(page)).toContainText('Policy creata');
  await expect(page.getByTestId('policy-row').filter({ hasText: role })).toContainText('users');

  await page.getByRole('tab', { name: 'Gruppi' }).click();
  await page.getByRole('button', { name: 'Nuovo gruppo' }).click();
  await expect(page).toHaveURL('/roles/new/gruppo');
  // The user picker: part of the e-mail, then the keyboard chooses among the users found.
  const picker = page.getByRole('combobox', { name: 'Utente (email)' });
  await picker.fill(user.email.slice(0, -3));
  const found = page.getByRole('listbox', { name: 'Utenti trovati' }).getByRole('option', { name: new RegExp(user.lastName) });
  await expect(found).toBeVisible();
  await expect(found).toHaveAttribute('aria-selected', 'true');
  await picker.press('Enter');
  await expect(picker).toHaveValue(user.email);
  await expect(page.getByText(`${user.firstName} ${user.lastName}`)).toBeVisible();
  await expect(page.getByLabel('Ruolo').locator(`option[value="${role}"]`)).toHaveCount(1);
  await page.getByLabel('Ruolo').selectOption(role);
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page).toHaveURL('/roles?tab=groups');
  await expect(toast(page)).toContainText('Gruppo creato con successo');
  await expect(page.getByTestId('group-row').filter({ hasText: user.email })).toContainText(role);

  // The user logs in and sees the users list, not roles nor notifications.
  await logout(page);
  await loginThroughUi(page, user);
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('sidebar-user')).toContainText(user.email);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByTestId('nav-users')).toBeVisible();
  await expect(sidebar.getByTestId('nav-roles')).toHaveCount(0);
  await expect(sidebar.getByTestId('nav-notifications')).toHaveCount(0);
  await expect(sidebar).toContainText('Generale');

  // No createUser / updateUser / deleteUser / impersonates: the list shows no actions.
  await sidebar.getByTestId('nav-users').click();
  await expect(page).toHaveURL('/users');
  // No createUser: no "Nuovo utente" that would only answer "Accesso negato".
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Utenti');
  await expect(page.getByRole('button', { name: 'Nuovo utente' })).toHaveCount(0);
  await expect(page.getByTestId('user-edit')).toHaveCount(0);
  await expect(page.getByTestId('user-impersonate')).toHaveCount(0);
  await expect(page.getByTestId('user-delete')).toHaveCount(0);
  await page.goto('/roles');
  await expect(page.getByTestId('forbidden')).toContainText('Accesso negato');
});

test("an administrator's change of a user's policies reaches the user's open screens", async ({ page, browser }) => {
  const id = unique();
  const user = { email: `e2e-${id}@e2e.test`, password: `pw-${id}`, firstName: 'Paola', lastName: `Viva${id}`.slice(0, 30) };
  const role = `gestori${id}`.slice(0, 20);
  await page.goto('/');
  await createUserThroughApi(page, user);
  await graphqlAs(page, 'mutation($r: String!) { createRole(name: $r) { name } }', { r: role });
  for (const object of ['users', 'createUser']) {
    await graphqlAs(page, 'mutation($r: String!, $o: String!) { AddPolicy(subject: $r, object: $o, action: "allow") { subject } }', { r: role, o: object });
  }
  await graphqlAs(page, 'mutation($u: String!, $r: String!) { AddGroup(subject: $u, role: $r) { subject } }', { u: user.email, r: role });

  // The user, in a browser of their own, on the users list with its "Nuovo utente".
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const userPage = await context.newPage();
  await userPage.goto('/authentication/login');
  await loginThroughUi(userPage, user);
  await expect(userPage).toHaveURL('/');
  await userPage.getByTestId('sidebar').getByTestId('nav-users').click();
  await expect(userPage.getByRole('button', { name: 'Nuovo utente' })).toBeVisible();

  // The administrator takes createUser away: the button goes, with no reload and no new login.
  await graphqlAs(page, 'mutation($r: String!) { deletePolicy(subject: $r, object: "createUser", action: "allow") }', { r: role });
  await expect(userPage.getByRole('button', { name: 'Nuovo utente' })).toHaveCount(0);
  await expect(userPage.getByRole('heading', { level: 1 })).toHaveText('Utenti');
  // Then the whole role: the users entry leaves the sidebar and the page says so.
  await graphqlAs(page, 'mutation($u: String!, $r: String!) { deleteGroup(subject: $u, role: $r) }', { u: user.email, r: role });
  await expect(userPage.getByTestId('sidebar').getByTestId('nav-users')).toHaveCount(0);
  await expect(userPage.getByTestId('forbidden')).toContainText('Accesso negato');
  await context.close();
});

test('the administrator impersonates a user and comes back', async ({ page }) => {
  const id = unique();
  const user = { email: `e2e-imp-${id}@e2e.test`, password: `pw-${id}`, firstName: 'Ivo', lastName: 'Impersonato' };
  await page.goto('/');
  await createUserThroughApi(page, user);

  await page.goto('/users');
  await expect(page.getByTestId('end-impersonation')).toHaveCount(0);
  // No impersonation nor deletion of oneself.
  await page.getByRole('searchbox', { name: 'Cerca utenti' }).fill(ADMIN.email);
  const self = page.getByTestId(`user-row-${ADMIN.email}`);
  await expect(self).toBeVisible();
  await expect(self.getByTestId('user-impersonate')).toHaveCount(0);
  await expect(self.getByTestId('user-delete')).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Cerca utenti' }).fill(user.email);
  await page.getByRole('button', { name: `Impersonifica ${user.email}` }).click();
  await expect(page).toHaveURL('/');
  // The progress message went with the request: it does not outlive it (issue 30).
  await expect(page.locator('.bp6-toast').filter({ hasText: 'Impersonificazione di' })).toHaveCount(0);
  await expect(page.getByTestId('sidebar-user')).toContainText(user.email);
  await expect(page.getByTestId('nav-users')).toHaveCount(0); // the user's own (empty) permissions
  await expect(page.getByTestId('no-role-notice')).toHaveText('Il tuo account non ha ancora un ruolo: chiedi a un amministratore');

  const end = page.getByTestId('end-impersonation');
  await end.hover();
  await expect(page.locator('.bp6-tooltip')).toContainText(`Termina impersonificazione di ${user.email}`);
  // A reload keeps the impersonation.
  await page.reload();
  await expect(page.getByTestId('sidebar-user')).toContainText(user.email);

  await page.getByTestId('end-impersonation').click();
  await expect(page).toHaveURL('/users');
  await expect(page.getByTestId('sidebar-user')).toContainText(ADMIN.email);
  await expect(page.getByTestId('end-impersonation')).toHaveCount(0);
  await expect(page.getByTestId('nav-roles')).toBeVisible();
});

loggedOut('a visitor registers with the code of the e-mail, then resets the password with the code of the e-mail', async ({ page }) => {
  loggedOut.skip(!OUTBOX_DIR, 'set E2E_OUTBOX_DIR to where the server writes its mails');
  const id = unique();
  const user = { email: `e2e-reset-${id}@e2e.test`, password: `pw-${id}`, firstName: 'Rita', lastName: 'Reset' };
  const box = (n: number) => codeBox(page, n);

  // Registration: the details, then the code of the e-mail.
  await page.goto('/authentication/register');
  let since = Date.now();
  await sendRegistration(page, user);
  await expect(box(1)).toBeFocused();
  const registration = await readLatestCode(user.email, { since });
  expect(registration).toMatch(/^\d{6}$/);
  const wrongRegistration = `${(Number(registration[0]) + 1) % 10}${registration.slice(1)}`;
  await page.keyboard.type(wrongRegistration);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('register-code-error')).toHaveText('Codice non valido o scaduto');
  await expect(page).toHaveURL('/authentication/register');
  await pasteCode(page, registration);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('sidebar-user')).toContainText(user.email);
  await page.goto('/authentication/register');
  await expect(page).toHaveURL('/'); // logged in: sent away
  await logout(page);

  // The same e-mail again: the same answer; the mailbox is told it has an account, and no code
  // can be guessed.
  await page.goto('/authentication/register');
  since = Date.now();
  await sendRegistration(page, { ...user, firstName: 'Altra', password: `other-${id}` });
  const note = await readLatestMail(user.email, '/authentication/password-recovery', { since });
  expect(note).not.toMatch(/(?<!\d)\d{6}(?!\d)/);
  await page.keyboard.type('000000');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('register-code-error')).toHaveText('Codice non valido o scaduto');
  await expect(page).toHaveURL('/authentication/register');
  await page.goto('/authentication/login');

  // Password recovery.
  await page.getByRole('link', { name: 'Password dimenticata?' }).click();
  await expect(page).toHaveURL('/authentication/password-recovery');
  await page.getByLabel('Indirizzo Email').fill(user.email);
  since = Date.now();
  await page.getByRole('button', { name: 'Invia il codice' }).click();
  await expect(page).toHaveURL('/authentication/password-reset');
  const email = page.getByLabel('Indirizzo Email');
  await expect(email).toHaveValue(user.email);
  await expect(email).toHaveAttribute('readonly', '');

  const code = await readLatestCode(user.email, { since });
  expect(code).toMatch(/^\d{6}$/);

  // Required digits first.
  await page.getByRole('button', { name: 'Procedi' }).click();
  await expect(page.getByText('Codice obbligatorio')).toBeVisible();

  // A wrong code: the server's message under the form.
  const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
  await box(1).click();
  await page.keyboard.type(wrong);
  for (let n = 1; n <= 6; n += 1) await expect(box(n)).toHaveValue(wrong[n - 1] ?? '');
  await expect(box(6)).toBeFocused();
  await page.getByLabel('Nuova password').fill(`new-${user.password}`);
  await page.getByLabel('Conferma password').fill(`new-${user.password}`);
  await page.getByRole('button', { name: 'Procedi' }).click();
  await expect(page.getByTestId('reset-error')).toBeVisible();
  await expect(page).toHaveURL('/authentication/password-reset');

  // Backspace: on a filled box it clears it, on an empty one it moves back and clears.
  await box(6).click();
  await page.keyboard.press('Backspace');
  await expect(box(6)).toHaveValue('');
  await page.keyboard.press('Backspace');
  await expect(box(5)).toHaveValue('');
  await expect(box(5)).toBeFocused();

  // Pasting the six digits fills every box.
  await pasteCode(page, code);

  await page.getByLabel('Conferma password').press('Enter');
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('sidebar-user')).toContainText(user.email);

  // The new password works, the old one does not.
  await logout(page);
  await loginThroughUi(page, user);
  await expect(page.getByTestId('login-error')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(`new-${user.password}`);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL('/');
});

loggedOut('a visitor finds the registration on the login, and without a role sees only the dashboard and the account', async ({ page }) => {
  loggedOut.skip(!OUTBOX_DIR, 'set E2E_OUTBOX_DIR to where the server writes its mails');
  const id = unique();
  const user = { email: `e2e-norole-${id}@e2e.test`, password: `pw-${id}`, firstName: 'Nora', lastName: 'Senzaruolo' };
  await page.goto('/authentication/login');
  await page.getByRole('radio', { name: 'EN' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('radio', { name: 'IT' }).click();
  await page.getByRole('link', { name: 'Registrati' }).click();
  await expect(page).toHaveURL('/authentication/register');
  await expect(page.getByRole('radio', { name: 'IT' })).toBeVisible(); // every public page has the switch
  const since = Date.now();
  await sendRegistration(page, user);
  await pasteCode(page, await readLatestCode(user.email, { since }));
  await page.getByRole('button', { name: 'Attiva l’account' }).click();
  await expect(page).toHaveURL('/');

  await expect(page.getByTestId('no-role-notice')).toHaveText('Il tuo account non ha ancora un ruolo: chiedi a un amministratore');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByRole('link')).toHaveCount(2);
  await expect(sidebar.getByTestId('nav-dashboard')).toBeVisible();
  await expect(sidebar.getByTestId('nav-account')).toBeVisible();
  await expect(sidebar).not.toContainText('Tabelle');
  await expect(sidebar).not.toContainText('Playground');

  // The account: avatar and password are the user's own; the name needs updateUser.
  await sidebar.getByTestId('nav-account').click();
  await expect(page.getByTestId('account-data')).toContainText(user.lastName);
  await expect(page.getByTestId('account-password-form')).toBeVisible();
});

test('notification recipients: add, a duplicate refused with a message, delete', async ({ page }) => {
  const address = `e2e-notify-${unique()}@e2e.test`;
  await page.goto('/notifications');
  await page.getByRole('button', { name: 'Aggiungi' }).click();
  await expect(page.getByText('Inserisci un indirizzo email')).toBeVisible();
  await page.getByLabel('Indirizzo email').fill(address);
  await page.getByLabel('Indirizzo email').press('Enter');
  const row = page.getByTestId(`notification-row-${address}`);
  await expect(row).toBeVisible();
  await expect(toast(page)).toContainText(`${address} aggiunto ai destinatari`);
  await page.getByLabel('Indirizzo email').fill(address);
  await page.getByLabel('Indirizzo email').press('Enter');
  await expect(page.getByText(`${address} è già tra i destinatari`)).toBeVisible();
  await expect(page.getByTestId(`notification-row-${address}`)).toHaveCount(1);
  await row.getByRole('button', { name: `Elimina ${address}` }).click();
  await page.getByTestId('confirm-dialog').waitFor();
  await page.getByRole('button', { name: 'Elimina', exact: true }).click();
  await expect(toast(page)).toContainText('Email eliminata');
  await expect(row).toHaveCount(0);
});
