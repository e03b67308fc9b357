import { describe, expect, it } from 'vitest';
import { allowEverything, canWith } from './permissions';

const allow = (resource: string) => ({ action: 'allow' as const, resource });

describe('permission checks', () => {
  it('lets the administrator (allow on *) do everything', () => {
    const can = canWith([{ resource: '*', action: 'allow' }]);
    expect(can(allow('users'))).toBe(true);
    expect(can(allow('roles'))).toBe(true);
  });

  it('allows a resource allowed by name, and nothing else', () => {
    const can = canWith([{ resource: 'users', action: 'allow' }]);
    expect(can(allow('users'))).toBe(true);
    expect(can(allow('roles'))).toBe(false);
  });

  it('lets a deny on the resource win over an allow, even over *', () => {
    const can = canWith([
      { resource: '*', action: 'allow' },
      { resource: 'users', action: 'allow' },
      { resource: 'users', action: 'deny' },
    ]);
    expect(can(allow('users'))).toBe(false);
    expect(can(allow('roles'))).toBe(true);
  });

  it('allows nothing without permissions, or with denials only', () => {
    expect(canWith([])(allow('users'))).toBe(false);
    expect(canWith([{ resource: 'users', action: 'deny' }])(allow('users'))).toBe(false);
  });

  it('compares lowercased, as the server sends permissions', () => {
    const can = canWith([{ resource: 'createuser', action: 'allow' }]);
    expect(can(allow('createUser'))).toBe(true);
    expect(canWith([{ resource: 'Users', action: 'ALLOW' }])(allow('users'))).toBe(true);
  });

  it('has a check that lets everything through', () => {
    expect(allowEverything(allow('anything'))).toBe(true);
  });
});
