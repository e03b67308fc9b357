import type { ComponentType } from 'react';
import { AccountPage } from '../features/account/AccountPage';
import { LoginPage } from '../features/authentication/LoginPage';
import { PasswordRecoveryPage } from '../features/authentication/PasswordRecoveryPage';
import { PasswordResetPage } from '../features/authentication/PasswordResetPage';
import { RegisterPage, RegisterUnguardedPage } from '../features/authentication/RegisterPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { JobsPage } from '../features/jobs/JobsPage';
import { NotificationsPage } from '../features/notifications/NotificationsPage';
import { NewGroupPage } from '../features/roles/NewGroupPage';
import { NewPolicyPage } from '../features/roles/NewPolicyPage';
import { NewRolePage } from '../features/roles/NewRolePage';
import { RolesPage } from '../features/roles/RolesPage';
import { UserEditPage } from '../features/users/UserEditPage';
import { UserNewPage } from '../features/users/UserNewPage';
import { UsersPage } from '../features/users/UsersPage';
import type { Permission } from '../lib/permissions';

export type FeatureArea =
  | 'authentication'
  | 'dashboard'
  | 'account'
  | 'playground'
  | 'validation'
  | 'users'
  | 'roles'
  | 'notifications'
  | 'jobs'
  | 'dossiers'
  | 'documents'
  | 'types'
  | 'rules'
  | 'datatables';

export interface AppRoute {
  path: string;
  area: FeatureArea;
  /** i18n key of the screen's title. */
  titleKey: string;
  /** Public routes sit outside the authenticated layout. */
  public: boolean;
  /** The built screen; a route without one shows "not available yet". */
  page?: ComponentType;
  /** Without it the screen says access is denied (spec §6 route guards). */
  permission?: Permission;
}

const allow = (resource: string): Permission => ({ action: 'allow', resource });

/** Every screen of the specs. Building a screen means setting its `page` here. */
export const ROUTES: readonly AppRoute[] = [
  { path: '/authentication/login', area: 'authentication', titleKey: 'routes.login', public: true, page: LoginPage },
  { path: '/authentication/register', area: 'authentication', titleKey: 'routes.register', public: true, page: RegisterPage },
  { path: '/authentication/register-unguarded', area: 'authentication', titleKey: 'routes.registerUnguarded', public: true, page: RegisterUnguardedPage },
  { path: '/authentication/password-recovery', area: 'authentication', titleKey: 'routes.passwordRecovery', public: true, page: PasswordRecoveryPage },
  { path: '/authentication/password-reset', area: 'authentication', titleKey: 'routes.passwordReset', public: true, page: PasswordResetPage },

  { path: '/', area: 'dashboard', titleKey: 'routes.dashboard', public: false, page: DashboardPage },
  { path: '/dashboard', area: 'dashboard', titleKey: 'routes.dashboard', public: false, page: DashboardPage },
  { path: '/account', area: 'account', titleKey: 'routes.account', public: false, page: AccountPage },

  { path: '/playground/dossier', area: 'playground', titleKey: 'routes.playgroundDossier', public: false },
  { path: '/playground/dossier/nuova', area: 'playground', titleKey: 'routes.playgroundDossierNew', public: false },
  { path: '/playground/dossier/:id/aggiorna', area: 'playground', titleKey: 'routes.playgroundDossierEdit', public: false },
  { path: '/playground/documenti', area: 'playground', titleKey: 'routes.playgroundDocuments', public: false },
  { path: '/playground/documenti/nuova', area: 'playground', titleKey: 'routes.playgroundDocumentsNew', public: false },
  { path: '/playground/documenti/:id/aggiorna', area: 'playground', titleKey: 'routes.playgroundDocumentsEdit', public: false },

  { path: '/validazione', area: 'validation', titleKey: 'routes.validations', public: false },
  { path: '/validazione/nuova', area: 'validation', titleKey: 'routes.validationNew', public: false },
  { path: '/validazione/:id', area: 'validation', titleKey: 'routes.validationDetail', public: false },

  { path: '/users', area: 'users', titleKey: 'routes.users', public: false, page: UsersPage, permission: allow('users') },
  { path: '/users/new', area: 'users', titleKey: 'routes.userNew', public: false, page: UserNewPage, permission: allow('createUser') },
  { path: '/users/modifica/:id', area: 'users', titleKey: 'routes.userEdit', public: false, page: UserEditPage, permission: allow('updateUser') },

  // /roles keeps its tab (roles, policies, groups) in the query string.
  { path: '/roles', area: 'roles', titleKey: 'routes.roles', public: false, page: RolesPage, permission: allow('roles') },
  { path: '/roles/new/ruolo', area: 'roles', titleKey: 'routes.roleNew', public: false, page: NewRolePage, permission: allow('roles') },
  { path: '/roles/new/gruppo', area: 'roles', titleKey: 'routes.groupNew', public: false, page: NewGroupPage, permission: allow('groups') },
  { path: '/roles/nuova/policy', area: 'roles', titleKey: 'routes.policyNew', public: false, page: NewPolicyPage, permission: allow('policies') },

  { path: '/notifications', area: 'notifications', titleKey: 'routes.notifications', public: false, page: NotificationsPage, permission: allow('notifications') },
  // Not in the specs: the jobs dashboard of DESIGN.md (failed jobs, retried from here).
  { path: '/jobs', area: 'jobs', titleKey: 'routes.jobs', public: false, page: JobsPage, permission: allow('jobs') },

  { path: '/dossier', area: 'dossiers', titleKey: 'routes.dossiers', public: false },
  { path: '/dossier/import', area: 'dossiers', titleKey: 'routes.dossierImport', public: false },
  { path: '/dossier/dettagli/:id', area: 'dossiers', titleKey: 'routes.dossierDetail', public: false },
  { path: '/dossier/:id', area: 'dossiers', titleKey: 'routes.dossierDetail', public: false },
  { path: '/dossier/dettagli/:id/documenti', area: 'dossiers', titleKey: 'routes.dossierDocuments', public: false },
  { path: '/dossier/dettagli/:dossierId/documenti/:docId', area: 'documents', titleKey: 'routes.documentDetail', public: false },
  { path: '/dossier/dettagli/:dossierId/documenti/:docId/regole', area: 'documents', titleKey: 'routes.documentRules', public: false },

  { path: '/tipologie/documenti', area: 'types', titleKey: 'routes.documentTypes', public: false },
  { path: '/tipologie/documenti/nuova', area: 'types', titleKey: 'routes.documentTypeNew', public: false },
  { path: '/tipologie/documenti/dettagli/:name', area: 'types', titleKey: 'routes.documentTypeDetail', public: false },
  { path: '/tipologie/dossier', area: 'types', titleKey: 'routes.dossierTypes', public: false },
  { path: '/tipologie/dossier/nuova', area: 'types', titleKey: 'routes.dossierTypeNew', public: false },
  { path: '/tipologie/dossier/dettagli/:name', area: 'types', titleKey: 'routes.dossierTypeDetail', public: false },

  { path: '/regole', area: 'rules', titleKey: 'routes.rules', public: false },
  { path: '/regole/dettagli/:id', area: 'rules', titleKey: 'routes.ruleDetail', public: false },

  { path: '/datatables', area: 'datatables', titleKey: 'routes.datatables', public: false },
  { path: '/datatables/nuova', area: 'datatables', titleKey: 'routes.datatableNew', public: false },
  { path: '/datatables/dettagli/:name', area: 'datatables', titleKey: 'routes.datatableEdit', public: false },
  { path: '/datatables/:name', area: 'datatables', titleKey: 'routes.datatableEdit', public: false },
];
