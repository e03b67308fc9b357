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

  it('passes a check with alternatives when any of its resources is allowed', () => {
    const either = { action: 'allow' as const, resource: 'createRuleValidation', orResources: ['runValidation'] };
    expect(canWith([{ resource: 'runvalidation', action: 'allow' }])(either)).toBe(true);
    expect(canWith([{ resource: 'createrulevalidation', action: 'allow' }])(either)).toBe(true);
    expect(canWith([{ resource: 'ruleValidations', action: 'allow' }])(either)).toBe(false);
    expect(canWith([{ resource: '*', action: 'allow' }, { resource: 'createRuleValidation', action: 'deny' }, { resource: 'runValidation', action: 'deny' }])(either)).toBe(false);
  });

  it('has a check that lets everything through', () => {
    expect(allowEverything(allow('anything'))).toBe(true);
  });
});
