import { test as base, expect, type Page } from '@playwright/test';

/** The administrator seeded by scripts/test.sh (or by `api seed-admin` with the same values). */
export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password',
};

/** Where the app keeps the session (src/lib/session/session.ts). */
export const SESSION_STORAGE_KEY = 'istruttoria.session';

const BASIC_LOGIN = `
  mutation BasicLogin($username: String!, $password: String!) {
    basicLogin(username: $username, password: $password) {
      logged message
      user { email firstName lastName avatar createdAt }
      accessToken refreshToken accessUuid refreshUuid atExpires rtExpires
      permissions { resource action }
    }
  }`;

/** The stored session, as the app writes it. */
export interface StoredSession {
  accessToken: string;
  refreshToken: string;
  atExpires: number;
  user: { email: string; firstName: string; lastName: string };
  [field: string]: unknown;
}

/** Logs the administrator in with `basicLogin` and answers the session shaped as the app stores it. */
async function loginThroughApi(baseURL: string, request: typeof import('@playwright/test').request): Promise<StoredSession> {
  const context = await request.newContext({ baseURL });
  try {
    const response = await context.post('/graphql', {
      data: { query: BASIC_LOGIN, variables: { username: ADMIN.email, password: ADMIN.password } },
    });
    expect(response.ok()).toBe(true);
    const { logged, message, ...session } = (await response.json()).data.basicLogin;
    expect(logged, `basicLogin as ${ADMIN.email}: ${message}`).toBe(true);
    return session as StoredSession;
  } finally {
    await context.dispose();
  }
}

/**
 * Tests that start logged in as the administrator: each test logs in through the API and finds
 * the session in local storage, as if it had logged in through the login screen.
 */
export const test = base.extend({
  storageState: async ({ baseURL, playwright }, use) => {
    const origin = new URL(baseURL ?? 'http://127.0.0.1:8080').origin;
    const session = await loginThroughApi(origin, playwright.request);
    await use({
      cookies: [],
      origins: [{ origin, localStorage: [{ name: SESSION_STORAGE_KEY, value: JSON.stringify(session) }] }],
    });
  },
});

export { expect };

/** Logs in through the login screen (the page must show it), pressing Enter in the password field. */
export async function loginThroughUi(page: Page, credentials = ADMIN): Promise<void> {
  await page.getByLabel('Indirizzo Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

/** The session the app keeps in local storage, or null. */
export async function storedSession(page: Page): Promise<StoredSession | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as StoredSession);
}
