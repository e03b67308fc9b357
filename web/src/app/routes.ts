import { lazy, type ComponentType } from 'react';
import { LoginPage } from '../features/authentication/LoginPage';
import { PasswordRecoveryPage } from '../features/authentication/PasswordRecoveryPage';
import { PasswordResetPage } from '../features/authentication/PasswordResetPage';
import { RegisterPage, RegisterUnguardedPage } from '../features/authentication/RegisterPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import type { Permission } from '../lib/permissions';

/**
 * A screen loaded when first visited (its code in a chunk of its own), so that the first load
 * carries only the shell, the login and the dashboard.
 */
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): ComponentType {
  return lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
}

const AccountPage = lazyPage(() => import('../features/account/AccountPage'), 'AccountPage');
const ApiKeysPage = lazyPage(() => import('../features/apiKeys/ApiKeysPage'), 'ApiKeysPage');
const AuditPage = lazyPage(() => import('../features/audit/AuditPage'), 'AuditPage');
const DocumentPage = lazyPage(() => import('../features/documents/DocumentPage'), 'DocumentPage');
const DossierDetailPage = lazyPage(() => import('../features/dossiers/DossierDetailPage'), 'DossierDetailPage');
const DossierDocumentsPage = lazyPage(() => import('../features/dossiers/DossierDetailPage'), 'DossierDocumentsPage');
const DossiersPage = lazyPage(() => import('../features/dossiers/DossiersPage'), 'DossiersPage');
const ImportWizardPage = lazyPage(() => import('../features/dossiers/ImportWizardPage'), 'ImportWizardPage');
const JobsPage = lazyPage(() => import('../features/jobs/JobsPage'), 'JobsPage');
const NotificationsPage = lazyPage(() => import('../features/notifications/NotificationsPage'), 'NotificationsPage');
const NewGroupPage = lazyPage(() => import('../features/roles/NewGroupPage'), 'NewGroupPage');
const NewPolicyPage = lazyPage(() => import('../features/roles/NewPolicyPage'), 'NewPolicyPage');
const NewRolePage = lazyPage(() => import('../features/roles/NewRolePage'), 'NewRolePage');
const RolesPage = lazyPage(() => import('../features/roles/RolesPage'), 'RolesPage');
const UserEditPage = lazyPage(() => import('../features/users/UserEditPage'), 'UserEditPage');
const UserNewPage = lazyPage(() => import('../features/users/UserNewPage'), 'UserNewPage');
const UsersPage = lazyPage(() => import('../features/users/UsersPage'), 'UsersPage');
const DocumentRulesPlaygroundPage = lazyPage(() => import('../features/playground/DocumentRulesPlaygroundPage'), 'DocumentRulesPlaygroundPage');
const DossierRulesPlaygroundPage = lazyPage(() => import('../features/playground/DossierRulesPlaygroundPage'), 'DossierRulesPlaygroundPage');
const NewDocumentRulePage = lazyPage(() => import('../features/playground/NewDocumentRulePage'), 'NewDocumentRulePage');
const NewDossierRulePage = lazyPage(() => import('../features/playground/NewDossierRulePage'), 'NewDossierRulePage');
const DataTableEditPage = lazyPage(() => import('../features/datatables/DataTableEditPage'), 'DataTableEditPage');
const DataTablesPage = lazyPage(() => import('../features/datatables/DataTablesPage'), 'DataTablesPage');
const NewApiKeyPage = lazyPage(() => import('../features/apiKeys/NewApiKeyPage'), 'NewApiKeyPage');
const NewDataTablePage = lazyPage(() => import('../features/datatables/NewDataTablePage'), 'NewDataTablePage');
const RuleDetailPage = lazyPage(() => import('../features/rules/RuleDetailPage'), 'RuleDetailPage');
const RulesPage = lazyPage(() => import('../features/rules/RulesPage'), 'RulesPage');
const DocumentTypeDetailPage = lazyPage(() => import('../features/types/DocumentTypeDetailPage'), 'DocumentTypeDetailPage');
const DossierTypeDetailPage = lazyPage(() => import('../features/types/DossierTypeDetailPage'), 'DossierTypeDetailPage');
const NewDocumentTypePage = lazyPage(() => import('../features/types/NewTypePage'), 'NewDocumentTypePage');
const NewDossierTypePage = lazyPage(() => import('../features/types/NewTypePage'), 'NewDossierTypePage');
const DocumentRuleEditorPage = lazyPage(() => import('../features/playground/editor/RuleEditorPage'), 'DocumentRuleEditorPage');
const DossierRuleEditorPage = lazyPage(() => import('../features/playground/editor/RuleEditorPage'), 'DossierRuleEditorPage');
const NewValidationPage = lazyPage(() => import('../features/validation/NewValidationPage'), 'NewValidationPage');
const ValidationDetailPage = lazyPage(() => import('../features/validation/ValidationDetailPage'), 'ValidationDetailPage');
const ValidationsPage = lazyPage(() => import('../features/validation/ValidationsPage'), 'ValidationsPage');
const DocumentTypesPage = lazyPage(() => import('../features/types/TypesPage'), 'DocumentTypesPage');
const DossierTypesPage = lazyPage(() => import('../features/types/TypesPage'), 'DossierTypesPage');

export type FeatureArea =
  | 'authentication'
  | 'dashboard'
  | 'account'
  | 'playground'
  | 'validation'
  | 'users'
  | 'roles'
  | 'apiKeys'
  | 'notifications'
  | 'jobs'
  | 'audit'
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
  /**
   * Without it the screen says access is denied (route guards: docs/domain.md#screens-and-routes). Every route has one but
   * the public ones and those every logged-in user may open (OPEN_TO_EVERY_USER).
   */
  permission?: Permission;
}

const allow = (resource: string): Permission => ({ action: 'allow', resource });
/** Allowed when any of the resources is. */
const allowAny = (resource: string, ...orResources: string[]): Permission => ({ action: 'allow', resource, orResources });

/** The screens of any logged-in user, whatever their roles: the dashboard and their account. */
export const OPEN_TO_EVERY_USER: readonly string[] = ['/', '/dashboard', '/account'];

/** Every screen of docs/domain.md#screens-and-routes. Building a screen means setting its `page` here. */
export const ROUTES: readonly AppRoute[] = [
  { path: '/authentication/login', area: 'authentication', titleKey: 'routes.login', public: true, page: LoginPage },
  { path: '/authentication/register', area: 'authentication', titleKey: 'routes.register', public: true, page: RegisterPage },
  { path: '/authentication/register-unguarded', area: 'authentication', titleKey: 'routes.registerUnguarded', public: true, page: RegisterUnguardedPage },
  { path: '/authentication/password-recovery', area: 'authentication', titleKey: 'routes.passwordRecovery', public: true, page: PasswordRecoveryPage },
  { path: '/authentication/password-reset', area: 'authentication', titleKey: 'routes.passwordReset', public: true, page: PasswordResetPage },

  { path: '/', area: 'dashboard', titleKey: 'routes.dashboard', public: false, page: DashboardPage },
  { path: '/dashboard', area: 'dashboard', titleKey: 'routes.dashboard', public: false, page: DashboardPage },
  { path: '/account', area: 'account', titleKey: 'routes.account', public: false, page: AccountPage },

  { path: '/playground/dossier', area: 'playground', titleKey: 'routes.playgroundDossier', public: false, page: DossierRulesPlaygroundPage, permission: allow('dossierRules') },
  { path: '/playground/dossier/nuova', area: 'playground', titleKey: 'routes.playgroundDossierNew', public: false, page: NewDossierRulePage, permission: allow('createDossierRule') },
  { path: '/playground/dossier/:id/aggiorna', area: 'playground', titleKey: 'routes.playgroundDossierEdit', public: false, page: DossierRuleEditorPage, permission: allow('dossierRules') },
  { path: '/playground/documenti', area: 'playground', titleKey: 'routes.playgroundDocuments', public: false, page: DocumentRulesPlaygroundPage, permission: allow('documentRules') },
  { path: '/playground/documenti/nuova', area: 'playground', titleKey: 'routes.playgroundDocumentsNew', public: false, page: NewDocumentRulePage, permission: allow('createDocumentRule') },
  { path: '/playground/documenti/:id/aggiorna', area: 'playground', titleKey: 'routes.playgroundDocumentsEdit', public: false, page: DocumentRuleEditorPage, permission: allow('documentRules') },

  // Reading needs `ruleValidations`; a new validation either way in: uploading (createRuleValidation)
  // or starting a document already uploaded (runValidation) — api/src/graphql/access.rs.
  { path: '/validazione', area: 'validation', titleKey: 'routes.validations', public: false, page: ValidationsPage, permission: allow('ruleValidations') },
  { path: '/validazione/nuova', area: 'validation', titleKey: 'routes.validationNew', public: false, page: NewValidationPage, permission: allowAny('createRuleValidation', 'runValidation') },
  { path: '/validazione/:id', area: 'validation', titleKey: 'routes.validationDetail', public: false, page: ValidationDetailPage, permission: allow('ruleValidations') },

  { path: '/users', area: 'users', titleKey: 'routes.users', public: false, page: UsersPage, permission: allow('users') },
  { path: '/users/new', area: 'users', titleKey: 'routes.userNew', public: false, page: UserNewPage, permission: allow('createUser') },
  { path: '/users/modifica/:id', area: 'users', titleKey: 'routes.userEdit', public: false, page: UserEditPage, permission: allow('updateUser') },

  // /roles keeps its tab (roles, policies, groups) in the query string.
  { path: '/roles', area: 'roles', titleKey: 'routes.roles', public: false, page: RolesPage, permission: allow('roles') },
  { path: '/roles/new/ruolo', area: 'roles', titleKey: 'routes.roleNew', public: false, page: NewRolePage, permission: allow('roles') },
  { path: '/roles/new/gruppo', area: 'roles', titleKey: 'routes.groupNew', public: false, page: NewGroupPage, permission: allow('groups') },
  { path: '/roles/nuova/policy', area: 'roles', titleKey: 'routes.policyNew', public: false, page: NewPolicyPage, permission: allow('policies') },

  // Not in the original specifications: the API keys of machine clients (issue 31, docs/domain.md#api-keys).
  { path: '/api-keys', area: 'apiKeys', titleKey: 'routes.apiKeys', public: false, page: ApiKeysPage, permission: allow('apiKeys') },
  { path: '/api-keys/nuova', area: 'apiKeys', titleKey: 'routes.apiKeyNew', public: false, page: NewApiKeyPage, permission: allow('apiKeys') },

  { path: '/notifications', area: 'notifications', titleKey: 'routes.notifications', public: false, page: NotificationsPage, permission: allow('notifications') },
  // Not in the original specifications: the jobs dashboard (docs/domain.md#jobs-and-the-dashboard; failed jobs, retried from here).
  { path: '/jobs', area: 'jobs', titleKey: 'routes.jobs', public: false, page: JobsPage, permission: allow('jobs') },
  // Not in the original specifications: the audit log (issue 14, docs/domain.md#audit-log), who did what and when.
  { path: '/audit', area: 'audit', titleKey: 'routes.audit', public: false, page: AuditPage, permission: allow('audit') },

  { path: '/dossier', area: 'dossiers', titleKey: 'routes.dossiers', public: false, page: DossiersPage, permission: allow('dossiers') },
  { path: '/dossier/import', area: 'dossiers', titleKey: 'routes.dossierImport', public: false, page: ImportWizardPage, permission: allow('importDossier') },
  { path: '/dossier/dettagli/:id', area: 'dossiers', titleKey: 'routes.dossierDetail', public: false, page: DossierDetailPage, permission: allow('dossiers') },
  { path: '/dossier/:id', area: 'dossiers', titleKey: 'routes.dossierDetail', public: false, page: DossierDetailPage, permission: allow('dossiers') },
  { path: '/dossier/dettagli/:id/documenti', area: 'dossiers', titleKey: 'routes.dossierDocuments', public: false, page: DossierDocumentsPage, permission: allow('dossiers') },
  { path: '/dossier/dettagli/:dossierId/documenti/:docId', area: 'documents', titleKey: 'routes.documentDetail', public: false, page: DocumentPage, permission: allow('documents') },
  { path: '/dossier/dettagli/:dossierId/documenti/:docId/regole', area: 'documents', titleKey: 'routes.documentRules', public: false, page: DocumentPage, permission: allow('documents') },

  { path: '/tipologie/documenti', area: 'types', titleKey: 'routes.documentTypes', public: false, page: DocumentTypesPage, permission: allow('documentTypes') },
  { path: '/tipologie/documenti/nuova', area: 'types', titleKey: 'routes.documentTypeNew', public: false, page: NewDocumentTypePage, permission: allow('createDocumentType') },
  { path: '/tipologie/documenti/dettagli/:name', area: 'types', titleKey: 'routes.documentTypeDetail', public: false, page: DocumentTypeDetailPage, permission: allow('documentTypes') },
  { path: '/tipologie/dossier', area: 'types', titleKey: 'routes.dossierTypes', public: false, page: DossierTypesPage, permission: allow('dossierTypes') },
  { path: '/tipologie/dossier/nuova', area: 'types', titleKey: 'routes.dossierTypeNew', public: false, page: NewDossierTypePage, permission: allow('createDossierType') },
  { path: '/tipologie/dossier/dettagli/:name', area: 'types', titleKey: 'routes.dossierTypeDetail', public: false, page: DossierTypeDetailPage, permission: allow('dossierTypes') },

  { path: '/regole', area: 'rules', titleKey: 'routes.rules', public: false, page: RulesPage, permission: allow('documentRules') },
  { path: '/regole/dettagli/:id', area: 'rules', titleKey: 'routes.ruleDetail', public: false, page: RuleDetailPage, permission: allow('documentRules') },

  { path: '/datatables', area: 'datatables', titleKey: 'routes.datatables', public: false, page: DataTablesPage, permission: allow('dataTables') },
  { path: '/datatables/nuova', area: 'datatables', titleKey: 'routes.datatableNew', public: false, page: NewDataTablePage, permission: allow('createDataTable') },
  { path: '/datatables/dettagli/:name', area: 'datatables', titleKey: 'routes.datatableEdit', public: false, page: DataTableEditPage, permission: allow('dataTables') },
  { path: '/datatables/:name', area: 'datatables', titleKey: 'routes.datatableEdit', public: false, page: DataTableEditPage, permission: allow('dataTables') },
];
