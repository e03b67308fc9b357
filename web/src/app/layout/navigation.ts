import type { IconName } from '@blueprintjs/core';
import type { Can, Permission } from '../../lib/permissions';

export interface NavLink {
  id: string;
  labelKey: string;
  icon: IconName;
  path: string;
  /** Hidden unless the user has it. */
  permission?: Permission;
}

export interface NavGroup {
  id: string;
  labelKey: string;
  icon: IconName;
  children: NavLink[];
}

export type NavItem = NavLink | NavGroup;

const allow = (resource: string): Permission => ({ action: 'allow', resource });

export interface NavSection {
  id: string;
  labelKey: string;
  items: NavItem[];
}

/**
 * The sidebar of docs/domain.md#sidebar-and-top-bar. Every entry needs the permission that reads
 * its screen (the resources of api/src/graphql/access.rs; the same as the route's in
 * app/routes.ts), except the dashboard and the account, which every logged-in user has.
 */
export const NAVIGATION: readonly NavSection[] = [
  {
    id: 'general',
    labelKey: 'nav.general',
    items: [
      { id: 'dashboard', labelKey: 'nav.dashboard', icon: 'dashboard', path: '/' },
      {
        id: 'playground',
        labelKey: 'nav.playground',
        icon: 'code',
        children: [
          { id: 'playground-dossier', labelKey: 'nav.playgroundDossier', icon: 'folder-close', path: '/playground/dossier', permission: allow('dossierRules') },
          { id: 'playground-documenti', labelKey: 'nav.playgroundDocuments', icon: 'document', path: '/playground/documenti', permission: allow('documentRules') },
        ],
      },
      { id: 'validazione', labelKey: 'nav.validation', icon: 'endorsed', path: '/validazione', permission: allow('ruleValidations') },
      { id: 'account', labelKey: 'nav.account', icon: 'person', path: '/account' },
    ],
  },
  {
    id: 'tables',
    labelKey: 'nav.tables',
    items: [
      { id: 'dossier', labelKey: 'nav.dossiers', icon: 'folder-open', path: '/dossier', permission: allow('dossiers') },
      { id: 'tipologie-documenti', labelKey: 'nav.documentTypes', icon: 'tag', path: '/tipologie/documenti', permission: allow('documentTypes') },
      { id: 'datatables', labelKey: 'nav.datatables', icon: 'th', path: '/datatables', permission: allow('dataTables') },
      { id: 'regole', labelKey: 'nav.rules', icon: 'function', path: '/regole', permission: allow('documentRules') },
    ],
  },
  {
    id: 'users',
    labelKey: 'nav.users',
    items: [
      { id: 'users', labelKey: 'nav.userList', icon: 'people', path: '/users', permission: allow('users') },
      { id: 'roles', labelKey: 'nav.roles', icon: 'key', path: '/roles', permission: allow('roles') },
      { id: 'api-keys', labelKey: 'nav.apiKeys', icon: 'data-connection', path: '/api-keys', permission: allow('apiKeys') },
      { id: 'notifications', labelKey: 'nav.notifications', icon: 'notifications', path: '/notifications', permission: allow('notifications') },
      { id: 'jobs', labelKey: 'nav.jobs', icon: 'layers', path: '/jobs', permission: allow('jobs') },
      { id: 'audit', labelKey: 'nav.audit', icon: 'history', path: '/audit', permission: allow('audit') },
    ],
  },
];

export function isNavGroup(item: NavItem): item is NavGroup {
  return 'children' in item;
}

/** The entries the user may see; a group or section left without entries is dropped. */
export function visibleNavigation(sections: readonly NavSection[], can: Can): NavSection[] {
  const linkVisible = (link: NavLink) => link.permission === undefined || can(link.permission);
  return sections
    .map((section) => ({
      ...section,
      items: section.items.flatMap((item): NavItem[] => {
        if (!isNavGroup(item)) return linkVisible(item) ? [item] : [];
        const children = item.children.filter(linkVisible);
        return children.length > 0 ? [{ ...item, children }] : [];
      }),
    }))
    .filter((section) => section.items.length > 0);
}
