import type { Can } from '../../lib/permissions';

export const ROLE_TABS = ['roles', 'policies', 'groups'] as const;
export type RoleTab = (typeof ROLE_TABS)[number];

/** The tab named by the query string's `tab`, roles when missing or unknown. */
export function tabOf(value: string | null): RoleTab {
  return ROLE_TABS.find((tab) => tab === value) ?? 'roles';
}

export const rolesTabPath = (tab: RoleTab) => `/roles?tab=${tab}`;

/** Where each tab's "new" button leads (docs/domain.md#screens-and-routes). */
export const NEW_PATHS: Record<RoleTab, string> = {
  roles: '/roles/new/ruolo',
  policies: '/roles/nuova/policy',
  groups: '/roles/new/gruppo',
};

/** The tabs `can` lets the user see: each needs its own resource (api/src/graphql/access.rs). */
export function allowedTabs(can: Can): RoleTab[] {
  return ROLE_TABS.filter((tab) => can({ action: 'allow', resource: tab }));
}

// Dark enough for white text (≥ 4.5:1, WCAG AA) on a 12 px badge.
const PALETTE = ['#215db0', '#1c6e42', '#935610', '#ac2f33', '#634dbf', '#0f6894', '#866103', '#007067', '#a82255', '#5f6b7c'];

/** A stable colour for a role name (its badge). */
export function roleColor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? '#2d72d2';
}
