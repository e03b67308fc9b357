import { describe, expect, it } from 'vitest';
import { rememberedPath } from './redirect';

describe('path remembered for after login', () => {
  it('is the path the visitor asked for, with query and hash', () => {
    expect(rememberedPath({ from: '/datatables' })).toBe('/datatables');
    expect(rememberedPath({ from: '/roles?tab=policies#top' })).toBe('/roles?tab=policies#top');
  });

  it('is the dashboard without one, or for anything that is not a path of this app', () => {
    expect(rememberedPath(null)).toBe('/');
    expect(rememberedPath(undefined)).toBe('/');
    expect(rememberedPath({})).toBe('/');
    expect(rememberedPath({ from: 42 })).toBe('/');
    expect(rememberedPath({ from: 'https://evil.example' })).toBe('/');
    expect(rememberedPath({ from: '//evil.example/x' })).toBe('/');
    expect(rememberedPath({ from: '/\\evil.example' })).toBe('/');
  });

  it('never leads back to an authentication screen', () => {
    expect(rememberedPath({ from: '/authentication/login' })).toBe('/');
    expect(rememberedPath({ from: '/authentication/password-reset' })).toBe('/');
  });
});
