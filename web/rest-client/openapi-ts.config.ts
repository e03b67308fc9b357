// The REST client of docs/openapi.json (the document the API serves at /openapi.json), written to
// generated/ (committed; `npm run check` fails when it is stale). REST_CLIENT_OUT writes it
// elsewhere, for that check.
import { defineConfig } from '@hey-api/openapi-ts';

export default defineConfig({
  input: '../../docs/openapi.json',
  output: process.env.REST_CLIENT_OUT ?? 'generated',
  plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
});
