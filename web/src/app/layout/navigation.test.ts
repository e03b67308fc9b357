import { describe, expect, it } from 'vitest';
import { allowEverything, canWith, type Can } from '../../lib/permissions';
import { OPEN_TO_EVERY_USER, ROUTES } from '../routes';
import { isNavGroup, NAVIGATION, visibleNavigation, type NavSection } from './navigation';

const ids = (sections: NavSection[]) =>
  sections.map((section) => [
    section.id,
    section.items.map((item) => (isNavGroup(item) ? [item.id, item.children.map((child) => child.id)] : item.id)),
  ]);

const deny =
  (...resources: string[]): Can =>
  (permission) =>
    !resources.includes(permission.resource);

describe('sidebar navigation', () => {
  it('holds the sections and entries of the spec', () => {
    expect(ids(visibleNavigation(NAVIGATION, allowEverything))).toEqual([
      ['general', ['dashboard', ['playground', ['playground-dossier', 'playground-documenti']], 'validazione', 'account']],
      ['tables', ['dossier', 'tipologie-documenti', 'datatables', 'regole']],
      ['users', ['users', 'roles', 'api-keys', 'notifications', 'jobs', 'audit']],
    ]);
  });

  it('shows a user without any role only the dashboard and the account', () => {
    expect(ids(visibleNavigation(NAVIGATION, canWith([])))).toEqual([['general', ['dashboard', 'account']]]);
  });

  it('shows each entry with the resource that reads its screen', () => {
    const only = (resource: string) => ids(visibleNavigation(NAVIGATION, canWith([{ resource: resource.toLowerCase(), action: 'allow' }])));
    expect(only('dossierRules')).toEqual([['general', ['dashboard', ['playground', ['playground-dossier']], 'account']]]);
    expect(only('documentRules')).toEqual([['general', ['dashboard', ['playground', ['playground-documenti']], 'account']], ['tables', ['regole']]]);
    expect(only('ruleValidations')).toEqual([['general', ['dashboard', 'validazione', 'account']]]);
    expect(only('dossiers')).toEqual([['general', ['dashboard', 'account']], ['tables', ['dossier']]]);
    expect(only('documentTypes')).toEqual([['general', ['dashboard', 'account']], ['tables', ['tipologie-documenti']]]);
    expect(only('dataTables')).toEqual([['general', ['dashboard', 'account']], ['tables', ['datatables']]]);
    expect(only('notifications')).toEqual([['general', ['dashboard', 'account']], ['users', ['notifications']]]);
    expect(only('audit')).toEqual([['general', ['dashboard', 'account']], ['users', ['audit']]]);
    expect(only('apiKeys')).toEqual([['general', ['dashboard', 'account']], ['users', ['api-keys']]]);
  });

  it('hides the users list and roles without permission', () => {
    const users = visibleNavigation(NAVIGATION, deny('users', 'roles', 'apiKeys', 'jobs', 'audit')).find((section) => section.id === 'users');
    expect(users?.items.map((item) => item.id)).toEqual(['notifications']);
  });

  it('drops groups and sections left without visible entries', () => {
    const guarded = (resource: string) => ({ action: 'allow' as const, resource });
    const sections: NavSection[] = [
      {
        id: 'kept',
        labelKey: 'x',
        items: [
          { id: 'open', labelKey: 'x', icon: 'home', path: '/open' },
          {
            id: 'emptied-group',
            labelKey: 'x',
            icon: 'code',
            children: [{ id: 'secret', labelKey: 'x', icon: 'lock', path: '/secret', permission: guarded('secret') }],
          },
        ],
      },
      {
        id: 'emptied-section',
        labelKey: 'x',
        items: [{ id: 'admin', labelKey: 'x', icon: 'key', path: '/admin', permission: guarded('admin') }],
      },
    ];
    expect(ids(visibleNavigation(sections, deny('secret', 'admin')))).toEqual([['kept', ['open']]]);
    expect(ids(visibleNavigation(sections, deny('admin')))).toEqual([
      ['kept', ['open', ['emptied-group', ['secret']]]],
    ]);
  });

  it('guards every entry as its route is guarded; only the dashboard and the account are open', () => {
    const links = NAVIGATION.flatMap((section) => section.items.flatMap((item) => (isNavGroup(item) ? item.children : [item])));
    for (const link of links) {
      const route = ROUTES.find((candidate) => candidate.path === link.path);
      if (OPEN_TO_EVERY_USER.includes(link.path)) expect(link.permission, link.id).toBeUndefined();
      else expect(link.permission, link.id).toBeDefined();
      if (route?.permission !== undefined) expect(link.permission, link.id).toEqual(route.permission);
    }
  });

  it('links only to routed, authenticated screens', () => {
    const privatePaths = ROUTES.filter((route) => !route.public).map((route) => route.path);
    const links = NAVIGATION.flatMap((section) => section.items.flatMap((item) => (isNavGroup(item) ? item.children : [item])));
    for (const link of links) expect(privatePaths).toContain(link.path);
  });
});
