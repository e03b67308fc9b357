import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { stubMatchMedia } from './matchMedia';

// A wait for the screen to show something ends at its deadline, not before: on a loaded 2-core
// machine (CI, tests beside a build) a screen can take more than the default second to settle.
configure({ asyncUtilTimeout: 5000 });

// Blueprint's warning that its old <Popover> mis-positions content under React 19: the app uses
// <PopoverNext>, and a test that mounts the old one fails (kept from coming back).
const REACT19_POPOVER = 'positions content incorrectly under React 19';
const warn = console.warn.bind(console);
let oldPopovers = 0;
console.warn = (...args: unknown[]) => {
  if (args.some((arg) => String(arg).includes(REACT19_POPOVER))) oldPopovers += 1;
  warn(...args);
};

beforeEach(() => {
  oldPopovers = 0;
  localStorage.clear();
  stubMatchMedia(() => false); // a light system theme and a small screen
});

afterEach(() => {
  cleanup();
  if (oldPopovers > 0) throw new Error(`Blueprint's <Popover> was mounted ${oldPopovers} time(s): use <PopoverNext>`);
  vi.unstubAllGlobals();
});
