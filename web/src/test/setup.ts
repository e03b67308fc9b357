import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { stubMatchMedia } from './matchMedia';

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia(() => false); // a light system theme and a small screen
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
