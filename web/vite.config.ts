import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const API = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    // The web app, and GraphiQL as a page of its own that the API serves on GET /graphql.
    rolldownOptions: { input: { main: 'index.html', graphiql: 'graphiql.html' } },
  },
  server: {
    // `vite preview` reuses this proxy unless it gets its own.
    // `ws`: the subscriptions at /graphql/ws go through too.
    proxy: Object.fromEntries(
      ['/graphql', '/import_dossier', '/uploads', '/downloads', '/healthz', '/readyz', '/api'].map((path) => [path, { target: API, ws: true }]),
    ),
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // The deadline of one test, waits included (see src/test/setup.ts): a slow machine's, not a fast one's.
    testTimeout: 20_000,
  },
});
