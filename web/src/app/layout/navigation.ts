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

export interface NavSection {
  id: string;
  labelKey: string;
  items: NavItem[];
}

/** The sidebar of the authoring spec, §2 "Sidebar". */
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
          { id: 'playground-dossier', labelKey: 'nav.playgroundDossier', icon: 'folder-close', path: '/playground/dossier' },
          { id: 'playground-documenti', labelKey: 'nav.playgroundDocuments', icon: 'document', path: '/playground/documenti' },
        ],
      },
      { id: 'validazione', labelKey: 'nav.validation', icon: 'endorsed', path: '/validazione' },
      { id: 'account', labelKey: 'nav.account', icon: 'person', path: '/account' },
    ],
  },
  {
    id: 'tables',
    labelKey: 'nav.tables',
    items: [
      { id: 'dossier', labelKey: 'nav.dossiers', icon: 'folder-open', path: '/dossier' },
      { id: 'tipologie-documenti', labelKey: 'nav.documentTypes', icon: 'tag', path: '/tipologie/documenti' },
      { id: 'datatables', labelKey: 'nav.datatables', icon: 'th', path: '/datatables' },
    ],
  },
  {
    id: 'users',
    labelKey: 'nav.users',
    items: [
      { id: 'users', labelKey: 'nav.userList', icon: 'people', path: '/users', permission: { action: 'allow', resource: 'users' } },
      { id: 'roles', labelKey: 'nav.roles', icon: 'key', path: '/roles', permission: { action: 'allow', resource: 'roles' } },
      { id: 'notifications', labelKey: 'nav.notifications', icon: 'notifications', path: '/notifications', permission: { action: 'allow', resource: 'notifications' } },
      { id: 'jobs', labelKey: 'nav.jobs', icon: 'layers', path: '/jobs', permission: { action: 'allow', resource: 'jobs' } },
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
