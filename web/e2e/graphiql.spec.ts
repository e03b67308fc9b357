import { ADMIN, expect, test } from './fixtures';

// GraphiQL on GET /graphql (scripts/test.sh turns ISTRUTTORIA_GRAPHIQL on): the web build's own
// bundle under the API's Content-Security-Policy — no request leaves the origin, the policy
// blocks nothing it needs — and its requests carry the session of the app in this browser.
test('GraphiQL runs from its own origin under the CSP, with the session of the app', async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? 'http://127.0.0.1:8080').origin;
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) blocked.push(message.text());
  });

  const response = await page.goto('/graphql');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';");
  await expect(page.locator('.graphiql-container')).toBeVisible();

  await page.getByRole('button', { name: /Execute query/ }).click();
  await expect(page.locator('.graphiql-response')).toContainText(ADMIN.email);
  expect(foreign).toEqual([]);
  expect(blocked).toEqual([]);
});

// Swagger UI at /swagger/: poem-openapi's embedded bundle served as same-origin files, under the
// same policy, reading the API's document from /openapi.json.
test('Swagger UI runs from its own origin under the CSP', async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? 'http://127.0.0.1:8080').origin;
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) blocked.push(message.text());
  });

  const response = await page.goto('/swagger/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';");
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Istruttoria');
  await expect(page.getByText('/import_dossier').first()).toBeVisible();
  expect(foreign).toEqual([]);
  expect(blocked).toEqual([]);
});
