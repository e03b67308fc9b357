import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// Browser benchmarks (`just bench-esegui`): the e2e settings, the specs of bench/. Not part of
// `just test`; they measure, they do not assert figures.
export default defineConfig({
  ...base,
  testDir: 'bench',
  testMatch: '*.bench.ts',
  reporter: 'list',
});
