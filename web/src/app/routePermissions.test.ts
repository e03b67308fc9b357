import { describe, expect, it } from 'vitest';
import { OPEN_TO_EVERY_USER, ROUTES, type FeatureArea } from './routes';

/** The areas whose routes set their own permission as they are built (by their own screens' authors). */
const BUILT_ELSEWHERE: readonly FeatureArea[] = ['dossiers', 'documents', 'types', 'rules', 'datatables'];

describe('route guards', () => {
  it('guards every authenticated route with a permission, but the dashboard and the account', () => {
    const unguarded = ROUTES.filter(
      (route) => !route.public && route.permission === undefined && !BUILT_ELSEWHERE.includes(route.area),
    ).map((route) => route.path);
    expect(unguarded).toEqual([...OPEN_TO_EVERY_USER]);
  });

  it('leaves the authentication screens open', () => {
    for (const route of ROUTES.filter((candidate) => candidate.public)) expect(route.permission, route.path).toBeUndefined();
  });

  it('guards each access screen with the resource of its calls (api/src/graphql/access.rs)', () => {
    const resource = (path: string) => ROUTES.find((route) => route.path === path)?.permission?.resource;
    expect(resource('/users')).toBe('users');
    expect(resource('/users/new')).toBe('createUser');
    expect(resource('/users/modifica/:id')).toBe('updateUser');
    expect(resource('/roles')).toBe('roles');
    expect(resource('/roles/nuova/policy')).toBe('policies');
    expect(resource('/roles/new/gruppo')).toBe('groups');
    expect(resource('/notifications')).toBe('notifications');
    expect(resource('/jobs')).toBe('jobs');
    expect(resource('/audit')).toBe('audit');
    expect(resource('/playground/dossier')).toBe('dossierRules');
    expect(resource('/playground/documenti')).toBe('documentRules');
    expect(resource('/validazione')).toBe('ruleValidations');
    expect(resource('/validazione/:id')).toBe('ruleValidations');
    // A new validation: uploading a PDF or starting a document already uploaded.
    expect(ROUTES.find((route) => route.path === '/validazione/nuova')?.permission).toEqual({
      action: 'allow',
      resource: 'createRuleValidation',
      orResources: ['runValidation'],
    });
  });
});
