import { expect, type Page } from '@playwright/test';
import { storedSession } from './fixtures';

/** A GraphQL call with the page's stored session (e.g. the administrator's), for test set-up. */
export async function graphqlAs<T = Record<string, unknown>>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const session = await storedSession(page);
  const response = await page.request.post('/graphql', {
    headers: session ? { Authorization: `Bearer ${session.accessToken}` } : {},
    data: { query, variables },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

/** A unique, short suffix for names made by a test run. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** Creates a user through `createUser` (the page must hold a session allowed to). */
export async function createUserThroughApi(page: Page, user: { email: string; password: string; firstName: string; lastName: string }) {
  await graphqlAs(
    page,
    `mutation CreateUser($user: CreateUserInput!) { createUser(user: $user) { email } }`,
    { user: { ...user, confirmPassword: user.password } },
  );
}

export async function deleteUserThroughApi(page: Page, email: string) {
  await page.request.post('/graphql', {
    headers: { Authorization: `Bearer ${(await storedSession(page))?.accessToken ?? ''}` },
    data: { query: 'mutation DeleteUser($email: String!) { deleteUser(email: $email) }', variables: { email } },
  });
}
