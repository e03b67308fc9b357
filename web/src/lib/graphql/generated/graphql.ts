/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** Whether a key can be used. */
export type ApiKeyState =
  | 'ACTIVE'
  /** Past its expiry. */
  | 'EXPIRED'
  | 'REVOKED';

export type CreateApiKeyInput = {
  /** Addresses or CIDR networks it may be used from (at most 20; absent or empty: any). */
  allowedSources?: Array<string> | null | undefined;
  /** When it stops working (absent: never). */
  expiresAt?: string | null | undefined;
  /** Letters, digits, `.`, `-` and `_`, at most 64; unique whatever the case. */
  name: string;
  /** The roles whose permissions it has (1–20), none allowing more than the creator may do. */
  roles: Array<string>;
};

/** A new data table. */
export type CreateDataTableInput = {
  /** JSON text. */
  content?: string | null | undefined;
  name?: string | null | undefined;
  /** Sort order (default 0). */
  ordinamento?: number | null | undefined;
};

/** A new document rule. Empty `code` / `packageJSON`: the default template / package.json. */
export type CreateDocumentRuleInput = {
  code?: string | null | undefined;
  /** Names of the data tables the rule receives. */
  dataTables?: Array<string> | null | undefined;
  description?: string | null | undefined;
  documentType?: string | null | undefined;
  nota?: string | null | undefined;
  packageJSON?: string | null | undefined;
};

/** A new dossier rule. Empty `code` / `packageJSON`: the default template / package.json. */
export type CreateDossierRuleInput = {
  code?: string | null | undefined;
  dataTables?: Array<string> | null | undefined;
  description?: string | null | undefined;
  /** Name of the only dossier type it runs on; null: every type. */
  dossierType?: string | null | undefined;
  gruppo?: Array<string> | null | undefined;
  istitutoAppartenenza?: string | null | undefined;
  mustContain?: Array<string> | null | undefined;
  notContain?: Array<string> | null | undefined;
  nota?: string | null | undefined;
  packageJSON?: string | null | undefined;
  /**
   * A validation document to test the rule's mustContain / notContain against first: a
   * rule that fails on it is not created (`RULE_NOT_VALID`, with the failed strings).
   */
  validationDocumentID?: string | number | null | undefined;
};

export type CreateUserInput = {
  confirmPassword: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
};

/**
 * Which failed jobs a list or a bulk action is about; an absent or empty field does not
 * filter.
 */
export type FailedJobFilter = {
  /** Text the error contains, any case. */
  errorContains?: string | null | undefined;
  /** Failed at or after. */
  from?: string | null | undefined;
  /** Any of these queues. */
  queues?: Array<string> | null | undefined;
  /** Failed before. */
  to?: string | null | undefined;
};

/** The value chosen for one meta. */
export type MetaInput = {
  name: string;
  value?: string | null | undefined;
};

/** The fields of `register` (the same rules as `createUser`). */
export type RegisterInput = {
  confirmPassword: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
};

/** Which kind of rule a piece of code is. */
export type RuleKind =
  | 'DOCUMENT'
  | 'DOSSIER';

/** One filter of a table. */
export type TableFilter = {
  column: string;
  /** `date`, `select` or `text`. */
  type: string;
  /**
   * `text`: one value (substring or id prefix); `select`: the accepted values; `date`:
   * `[start, end]` as `YYYY/MM/DD`, where `0000/00/00` and `9999/99/99` mean no bound.
   */
  value?: Array<string>;
};

/** What a table asks for: one page, its order, its filters. Every field is optional. */
export type TableInput = {
  filters?: Array<TableFilter> | null | undefined;
  /** `"field DESC"` or `"field ASC"` (default: the list's own, e.g. `createdAt DESC`). */
  order?: string | null | undefined;
  /** 0-based (default 0). */
  pageIndex?: number | null | undefined;
  /** 10, 20, 30, 40 or 50 (default 10). */
  pageSize?: number | null | undefined;
};

/** Changes of a data table; a field left out stays as it is. */
export type UpdateDataTableInput = {
  /** JSON text. */
  content?: string | null | undefined;
  name?: string | null | undefined;
  ordinamento?: number | null | undefined;
};

/** Changes of a document rule; a field left out stays as it is. */
export type UpdateDocumentRuleInput = {
  code?: string | null | undefined;
  /** Replaces the linked data tables (names). */
  dataTables?: Array<string> | null | undefined;
  description?: string | null | undefined;
  documentType?: string | null | undefined;
  /** A new helper.js, saved with the rest as one version (needs `updateHelperCode` too). */
  helper?: string | null | undefined;
  nota?: string | null | undefined;
  packageJSON?: string | null | undefined;
};

/** Changes of a dossier rule; a field left out stays as it is. */
export type UpdateDossierRuleInput = {
  code?: string | null | undefined;
  description?: string | null | undefined;
  /** Name of the only dossier type it runs on; null lifts the restriction. */
  dossierType?: string | null | undefined;
  gruppo?: Array<string> | null | undefined;
  /** A new helper.js, saved with the rest as one version (needs `updateHelperCode` too). */
  helper?: string | null | undefined;
  istitutoAppartenenza?: string | null | undefined;
  mustContain?: Array<string> | null | undefined;
  notContain?: Array<string> | null | undefined;
  nota?: string | null | undefined;
  packageJSON?: string | null | undefined;
};

export type UpdateUserInput = {
  firstName: string;
  lastName: string;
};

/** What to try. */
export type WhatIfInput = {
  /** Its unsaved code and helper.js. */
  code: string;
  /** The data tables a document rule receives, by name (default: none). */
  dataTables?: Array<string> | null | undefined;
  helper?: string | null | undefined;
  /**
   * The latest documents (dossiers, for a dossier rule) of the rule's type to go through: 1
   * to 1,000 (default 100). A dossier rule runs on every input item of each dossier, up to
   * 5,000 executions.
   */
  limit?: number | null | undefined;
  /** The rule being edited: a document rule or a dossier rule. */
  ruleId: string | number;
  /** Only documents (dossiers) created from / until these moments. */
  since?: string | null | undefined;
  until?: string | null | undefined;
};

export type UpdateOwnDataMutationVariables = Exact<{
  email: string;
  user: UpdateUserInput;
}>;


export type UpdateOwnDataMutation = { updateUser: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } };

export type UpdateSelfPasswordMutationVariables = Exact<{
  email: string;
  oldPassword: string;
  newPassword: string;
}>;


export type UpdateSelfPasswordMutation = { updateSelfPassword: boolean };

export type UpdateAvatarMutationVariables = Exact<{
  email: string;
  avatar: string;
}>;


export type UpdateAvatarMutation = { updateAvatar: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } };

export type ApiKeysQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type ApiKeysQuery = { apiKeys: { pages: number, total: number, more: boolean, items: Array<{ id: string, name: string, prefix: string, subject: string, roles: Array<string>, allowedSources: Array<string>, expiresAt: string | null, createdBy: string, createdAt: string, rotatedAt: string | null, previousValidUntil: string | null, lastUsedAt: string | null, revokedAt: string | null, state: ApiKeyState }> } };

export type CreateApiKeyMutationVariables = Exact<{
  input: CreateApiKeyInput;
}>;


export type CreateApiKeyMutation = { createApiKey: { secret: string, apiKey: { id: string, name: string, prefix: string } } };

export type RotateApiKeyMutationVariables = Exact<{
  id: string | number;
  previousValidForHours: number;
}>;


export type RotateApiKeyMutation = { rotateApiKey: { secret: string, apiKey: { id: string, name: string, prefix: string, previousValidUntil: string | null } } };

export type RevokeApiKeyMutationVariables = Exact<{
  id: string | number;
}>;


export type RevokeApiKeyMutation = { revokeApiKey: { id: string, state: ApiKeyState } };

export type CallbackSecretMutationVariables = Exact<{
  consumer: string;
}>;


export type CallbackSecretMutation = { callbackSecret: { consumer: string, secret: string, previousValidUntil: string | null } };

export type RotateCallbackSecretMutationVariables = Exact<{
  consumer: string;
  previousValidForHours: number;
}>;


export type RotateCallbackSecretMutation = { rotateCallbackSecret: { consumer: string, secret: string, previousValidUntil: string | null } };

export type AuditLogQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type AuditLogQuery = { auditLog: { pages: number, total: number, more: boolean, items: Array<{ id: string, createdAt: string, actorEmail: string | null, impersonatorEmail: string | null, action: string, targetType: string | null, targetId: string | null, details: string }> } };

export type AuditActionsQueryVariables = Exact<{ [key: string]: never; }>;


export type AuditActionsQuery = { auditActions: Array<string> };

export type RegisterMutationVariables = Exact<{
  input: RegisterInput;
}>;


export type RegisterMutation = { register: boolean };

export type ConfirmRegistrationMutationVariables = Exact<{
  email: string;
  code: string;
}>;


export type ConfirmRegistrationMutation = { confirmRegistration: { logged: boolean, message: string | null, messageCode: string | null, accessToken: string | null, refreshToken: string | null, accessUuid: string | null, refreshUuid: string | null, atExpires: number | null, rtExpires: number | null, impersonated: boolean, user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null, permissions: Array<{ resource: string, action: string }>, impersonatedBy: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null } };

export type RecoverPasswordMutationVariables = Exact<{
  email: string;
}>;


export type RecoverPasswordMutation = { recoverPassword: boolean };

export type ResetPasswordMutationVariables = Exact<{
  email: string;
  code: string;
  newPassword: string;
}>;


export type ResetPasswordMutation = { resetPassword: { logged: boolean, message: string | null, messageCode: string | null, accessToken: string | null, refreshToken: string | null, accessUuid: string | null, refreshUuid: string | null, atExpires: number | null, rtExpires: number | null, impersonated: boolean, user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null, permissions: Array<{ resource: string, action: string }>, impersonatedBy: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null } };

export type OperationsOverviewQueryVariables = Exact<{
  since?: string | null | undefined;
}>;


export type OperationsOverviewQuery = { operationsOverview: { since: string, dossierRuleErrors: number, documentRuleErrors: number, dossiersByState: Array<{ state: string, count: number }>, documentsProcessedByHour: Array<{ hour: string, count: number }>, latestRuleErrors: Array<{ dossierId: string, dossierDescription: string | null, ruleName: string, error: string | null, at: string, errorMessage: { messageCode: string, params: unknown } | null }> } };

export type DashboardFailedJobsQueryVariables = Exact<{ [key: string]: never; }>;


export type DashboardFailedJobsQuery = { jobQueues: Array<{ name: string, failed: number }> };

export type PingQueryVariables = Exact<{ [key: string]: never; }>;


export type PingQuery = { ping: string };

export type PingWorkerMutationVariables = Exact<{ [key: string]: never; }>;


export type PingWorkerMutation = { pingWorker: { jobId: string, worker: string, roundTripMs: number } };

export type DataTablesPageQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type DataTablesPageQuery = { dataTablesPage: { pages: number, total: number, more: boolean, items: Array<{ name: string, ordinamento: number, updatedAt: string }> } };

export type DataTableDetailQueryVariables = Exact<{
  name: string;
}>;


export type DataTableDetailQuery = { dataTable: { name: string, ordinamento: number, content: string, updatedAt: string } };

export type CreateDataTableMutationVariables = Exact<{
  input: CreateDataTableInput;
}>;


export type CreateDataTableMutation = { createDataTable: { name: string } };

export type UpdateDataTableMutationVariables = Exact<{
  name: string;
  input: UpdateDataTableInput;
}>;


export type UpdateDataTableMutation = { updateDataTable: { name: string, ordinamento: number, content: string, updatedAt: string } };

export type DeleteDataTableMutationVariables = Exact<{
  name: string;
}>;


export type DeleteDataTableMutation = { deleteDataTable: boolean };

export type DocumentDetailQueryVariables = Exact<{
  id: string | number;
}>;


export type DocumentDetailQuery = { document: { id: string, name: string, description: string | null, state: string, metas: string, error: string | null, createdAt: string, updatedAt: string, dossier: { id: string, description: string | null }, documentType: { name: string } | null, errorMessage: { messageCode: string, params: unknown } | null } };

export type DocumentDetailPdfQueryVariables = Exact<{
  id: string | number;
}>;


export type DocumentDetailPdfQuery = { document: { id: string, pdfUrl: string } };

export type DocumentDetailExtractionQueryVariables = Exact<{
  id: string | number;
}>;


export type DocumentDetailExtractionQuery = { document: { id: string, formData: string | null, rawText: string | null, rawTextWithGeometry: string | null, tables: string | null } };

export type DocumentDetailLogsQueryVariables = Exact<{
  document: string | number;
}>;


export type DocumentDetailLogsQuery = { getLogsByDocument: Array<{ id: string, event: string, timestamp: number, message: { messageCode: string, params: unknown } | null }> };

export type DocumentDetailRulesQueryVariables = Exact<{
  id: string | number;
  withCode: boolean;
}>;


export type DocumentDetailRulesQuery = { getRulesByDocument: Array<{ id: string, description: string, state: string, active: boolean, code?: string }> };

export type DocumentDetailExecutionLogsQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type DocumentDetailExecutionLogsQuery = { ruleExecutionLogs: { pages: number, total: number, more: boolean, items: Array<{ id: string, ruleId: string | null, ruleName: string, documentId: string, executedAt: number, platform: string, result: string | null, errors: Array<string> }> } };

export type DocumentDetailExecutionLogQueryVariables = Exact<{
  id: string | number;
  withDataTables: boolean;
}>;


export type DocumentDetailExecutionLogQuery = { ruleExecutionLog: { id: string, ruleName: string, executedAt: number, platform: string, result: string | null, logs: Array<string>, errors: Array<string>, rawText: string | null, formData: string | null, dataTables?: string | null, tables: string | null, rawTextWithGeometry: string | null } };

export type DocumentDetailReplaceMetasMutationVariables = Exact<{
  id: string | number;
  metas: string;
}>;


export type DocumentDetailReplaceMetasMutation = { replaceDocumentMetas: { id: string, metas: string, updatedAt: string } };

export type DocumentDetailRunRulesMutationVariables = Exact<{
  id: string | number;
}>;


export type DocumentDetailRunRulesMutation = { runDocumentRules: boolean };

export type DocumentDetailRunRuleMutationVariables = Exact<{
  id: string | number;
  ruleId: string | number;
}>;


export type DocumentDetailRunRuleMutation = { runDocumentRule: boolean };

export type DocumentDetailDeleteMutationVariables = Exact<{
  id: string | number;
}>;


export type DocumentDetailDeleteMutation = { deleteDocument: boolean };

export type DocumentDetailDownloadQueryVariables = Exact<{
  id: string | number;
}>;


export type DocumentDetailDownloadQuery = { downloadDocument: { filename: string, extension: string, url: string } };

export type DossierListFieldsFragment = { id: string, description: string | null, state: string, createdAt: string, updatedAt: string, dossierType: { name: string } };

export type DossiersQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type DossiersQuery = { dossiers: { pages: number, total: number, more: boolean, items: Array<{ id: string, description: string | null, state: string, createdAt: string, updatedAt: string, dossierType: { name: string } }> } };

export type DossierTypeNamesQueryVariables = Exact<{ [key: string]: never; }>;


export type DossierTypeNamesQuery = { dossierTypes: Array<{ name: string }> };

export type DossierQueryVariables = Exact<{
  id: string | number;
}>;


export type DossierQuery = { dossier: { error: string | null, input: string, callbackUrl: string | null, idValutazione: string, id: string, description: string | null, state: string, createdAt: string, updatedAt: string, errorMessage: { messageCode: string, params: unknown } | null, dossierType: { name: string } } };

export type DossierCallbacksQueryVariables = Exact<{
  id: string | number;
}>;


export type DossierCallbacksQuery = { dossierCallbacks: Array<{ id: string, success: boolean, timestamp: number, url: string, method: string, requestBody: string, responseCode: number | null, responseBody: string | null, errorDescription: string | null, attempt: number, requestHeaders: Array<{ name: string, value: string }> }> };

export type DossierDocumentsQueryVariables = Exact<{
  dossier: string | number;
}>;


export type DossierDocumentsQuery = { documentsByDossier: Array<{ id: string, name: string, description: string | null, state: string, metas: string, error: string | null, createdAt: string, updatedAt: string, errorMessage: { messageCode: string, params: unknown } | null, documentType: { name: string } | null }> };

export type DossierExecutionCountQueryVariables = Exact<{
  dossierID: string | number;
}>;


export type DossierExecutionCountQuery = { getDossierRulesExecutionCount: { processed: number, total: number, errors: number } };

export type DossierExecutionsQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type DossierExecutionsQuery = { dossierRuleExecutions: { pages: number, total: number, more: boolean, items: Array<{ id: string, ruleId: string | null, ruleName: string, state: string, platform: string, createdAt: number, finishedAt: number | null, error: string | null, inputIndex: number, input: string, result: string | null, errorMessage: { messageCode: string, params: unknown } | null }> } };

export type DossierRuleLogsQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type DossierRuleLogsQuery = { dossierRuleExecutionLogs: { pages: number, total: number, more: boolean, items: Array<{ id: string, ruleId: string | null, ruleName: string, executedAt: number, platform: string, result: string | null, code: string, metas: string, input: string, logs: Array<string>, errors: Array<string> }> } };

export type DossierAggregateQueryVariables = Exact<{
  dossierID: string | number;
}>;


export type DossierAggregateQuery = { getDossierResultAggregate: string };

export type DossierMetasCheckQueryVariables = Exact<{
  id: string | number;
}>;


export type DossierMetasCheckQuery = { metasCheck: { valid: boolean, missingRequired: Array<string>, conflicts: Array<{ name: string, values: Array<{ value: string, count: number }> }> } };

export type DownloadDossierQueryVariables = Exact<{
  id: string | number;
}>;


export type DownloadDossierQuery = { downloadDossier: { filename: string, extension: string, url: string } };

export type DeleteDossierMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteDossierMutation = { deleteDossier: boolean };

export type RunDossierRulesMutationVariables = Exact<{
  id: string | number;
}>;


export type RunDossierRulesMutation = { runDossierRules: boolean };

export type RunAgainDossierRulesInErrorMutationVariables = Exact<{
  id: string | number;
}>;


export type RunAgainDossierRulesInErrorMutation = { runAgainDossierRulesThatHasErrors: boolean };

export type FixMetasMutationVariables = Exact<{
  id: string | number;
  metas: Array<MetaInput> | MetaInput;
}>;


export type FixMetasMutation = { fixMetas: { valid: boolean } };

export type DossierStateChangedSubscriptionVariables = Exact<{
  id?: string | number | null | undefined;
}>;


export type DossierStateChangedSubscription = { dossierStateChanged: { dossierId: string, documentId: string | null, state: string, at: string } };

export type ResendDossierCallbackMutationVariables = Exact<{
  id: string | number;
}>;


export type ResendDossierCallbackMutation = { resendDossierCallback: boolean };

export type ImportDocumentTypesQueryVariables = Exact<{ [key: string]: never; }>;


export type ImportDocumentTypesQuery = { documentTypes: Array<{ name: string }> };

export type ImportDossierTypesQueryVariables = Exact<{ [key: string]: never; }>;


export type ImportDossierTypesQuery = { dossierTypes: Array<{ name: string }> };

export type ImportedDossierQueryVariables = Exact<{
  id: string | number;
}>;


export type ImportedDossierQuery = { dossier: { id: string, state: string, error: string | null, errorMessage: { messageCode: string, params: unknown } | null } };

export type JobQueuesQueryVariables = Exact<{ [key: string]: never; }>;


export type JobQueuesQuery = { jobQueues: Array<{ name: string, waiting: number, outbox: number, retrying: number, running: number, failed: number, doneLastHour: number, failedLastHour: number, paused: boolean }> };

export type JobThroughputQueryVariables = Exact<{ [key: string]: never; }>;


export type JobThroughputQuery = { jobThroughput: Array<{ queue: string, minutes: Array<{ at: string, succeeded: number, failed: number, retried: number }> }> };

export type JobWorkersQueryVariables = Exact<{ [key: string]: never; }>;


export type JobWorkersQuery = { jobWorkers: Array<{ instance: string, identity: string, startedAt: string, heartbeatAt: string, metricsAddr: string | null, queues: Array<{ queue: string, concurrency: number }> }> };

export type FailedJobsQueryVariables = Exact<{
  filter?: FailedJobFilter | null | undefined;
  page?: TableInput | null | undefined;
}>;


export type FailedJobsQuery = { failedJobs: { pages: number, total: number, more: boolean, items: Array<{ id: string, queue: string, failedAt: string, attempts: number, error: string, errorCode: string, errorParams: string, dossierId: string | null, worker: string }> } };

export type FailedJobQueryVariables = Exact<{
  id: string | number;
}>;


export type FailedJobQuery = { failedJob: { payload: string, dossierExists: boolean, job: { id: string, queue: string, failedAt: string, attempts: number, error: string, errorCode: string, errorParams: string, dossierId: string | null, worker: string }, history: Array<{ attempt: number, worker: string, error: string, errorCode: string, errorParams: string, failedAt: string }> } | null };

export type RetryFailedJobMutationVariables = Exact<{
  id: string | number;
}>;


export type RetryFailedJobMutation = { retryFailedJob: boolean };

export type DiscardFailedJobMutationVariables = Exact<{
  id: string | number;
}>;


export type DiscardFailedJobMutation = { discardFailedJob: boolean };

export type RetryFailedJobsMutationVariables = Exact<{
  filter: FailedJobFilter;
}>;


export type RetryFailedJobsMutation = { retryFailedJobs: { done: number, more: boolean } };

export type DiscardFailedJobsMutationVariables = Exact<{
  filter: FailedJobFilter;
}>;


export type DiscardFailedJobsMutation = { discardFailedJobs: { done: number, more: boolean } };

export type PauseQueueMutationVariables = Exact<{
  queue: string;
}>;


export type PauseQueueMutation = { pauseQueue: boolean };

export type ResumeQueueMutationVariables = Exact<{
  queue: string;
}>;


export type ResumeQueueMutation = { resumeQueue: boolean };

export type NotificationReceiversQueryVariables = Exact<{ [key: string]: never; }>;


export type NotificationReceiversQuery = { notificationReceivers: Array<{ id: string }> };

export type AddNotificationReceiverMutationVariables = Exact<{
  receiver: string;
}>;


export type AddNotificationReceiverMutation = { addNotificationReceiver: Array<{ id: string }> };

export type DeleteNotificationReceiverMutationVariables = Exact<{
  receiver: string;
}>;


export type DeleteNotificationReceiverMutation = { deleteNotificationReceiver: Array<{ id: string }> };

export type PlaygroundDocumentRulesListQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type PlaygroundDocumentRulesListQuery = { documentRulesPage: { pages: number, total: number, more: boolean, items: Array<{ id: string, description: string, nota: string, active: boolean, documentType: { name: string } }> } };

export type PlaygroundDocumentTypeNamesQueryVariables = Exact<{ [key: string]: never; }>;


export type PlaygroundDocumentTypeNamesQuery = { documentTypes: Array<{ name: string }> };

export type PlaygroundDossierRulesListQueryVariables = Exact<{
  input?: TableInput | null | undefined;
  code: string;
  withCode: boolean;
}>;


export type PlaygroundDossierRulesListQuery = { dossierRulesPage: { pages: number, total: number, more: boolean, items: Array<{ id: string, description: string, istitutoAppartenenza: string, valid: boolean, gruppo: Array<string>, nota: string, active: boolean, codeMatches?: Array<{ line: number, text: string }> }> } };

export type PlaygroundListSetDocumentRuleActiveMutationVariables = Exact<{
  id: string | number;
  active: boolean;
}>;


export type PlaygroundListSetDocumentRuleActiveMutation = { setDocumentRuleActive: { id: string, active: boolean } };

export type PlaygroundListDeleteDocumentRuleMutationVariables = Exact<{
  id: string | number;
}>;


export type PlaygroundListDeleteDocumentRuleMutation = { deleteDocumentRule: boolean };

export type PlaygroundListSetDossierRuleActiveMutationVariables = Exact<{
  id: string | number;
  active: boolean;
}>;


export type PlaygroundListSetDossierRuleActiveMutation = { setDossierRuleActive: { id: string, active: boolean } };

export type PlaygroundListDeleteDossierRuleMutationVariables = Exact<{
  id: string | number;
}>;


export type PlaygroundListDeleteDossierRuleMutation = { deleteDossierRule: boolean };

export type PlaygroundImportDossierRulesMutationVariables = Exact<{
  input: string;
}>;


export type PlaygroundImportDossierRulesMutation = { importDossierRules: Array<{ id: string }> };

export type PlaygroundNewDocumentRuleMutationVariables = Exact<{
  input: CreateDocumentRuleInput;
}>;


export type PlaygroundNewDocumentRuleMutation = { createDocumentRule: { id: string } };

export type PlaygroundNewDossierRuleMutationVariables = Exact<{
  input: CreateDossierRuleInput;
}>;


export type PlaygroundNewDossierRuleMutation = { createDossierRule: { id: string } };

export type PlaygroundValidationDocumentOptionsQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type PlaygroundValidationDocumentOptionsQuery = { docValidationsPage: { total: number, items: Array<{ id: string, description: string, istitutoAppartenenza: string, urlOCR: string | null, createdAt: number }> } };

export type PlaygroundDocumentTypeOptionsQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type PlaygroundDocumentTypeOptionsQuery = { documentTypesPage: { total: number, items: Array<{ name: string }> } };

export type PlaygroundDataTableOptionsQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type PlaygroundDataTableOptionsQuery = { dataTablesPage: { total: number, items: Array<{ name: string }> } };

export type RuleEditorDocumentRuleQueryVariables = Exact<{
  id: string | number;
}>;


export type RuleEditorDocumentRuleQuery = { documentRule: { id: string, description: string, code: string, packageJSON: string, nota: string, active: boolean, updatedAt: string, documentType: { name: string }, dataTables: Array<{ name: string }> } };

export type RuleEditorDossierRuleQueryVariables = Exact<{
  id: string | number;
}>;


export type RuleEditorDossierRuleQuery = { dossierRule: { id: string, description: string, istitutoAppartenenza: string, code: string, packageJSON: string, mustContain: Array<string>, notContain: Array<string>, nota: string, gruppo: Array<string>, active: boolean, valid: boolean, updatedAt: string, dossierType: { name: string } | null } };

export type RuleEditorHelperQueryVariables = Exact<{
  id: string | number;
}>;


export type RuleEditorHelperQuery = { getHelperCode: { id: string, code: string } };

export type RuleEditorUpdateDocumentRuleMutationVariables = Exact<{
  id: string | number;
  input: UpdateDocumentRuleInput;
}>;


export type RuleEditorUpdateDocumentRuleMutation = { updateDocumentRule: { id: string } };

export type RuleEditorUpdateDossierRuleMutationVariables = Exact<{
  id: string | number;
  input: UpdateDossierRuleInput;
}>;


export type RuleEditorUpdateDossierRuleMutation = { updateDossierRule: { id: string } };

export type RuleEditorUpdateHelperMutationVariables = Exact<{
  id: string | number;
  code: string;
}>;


export type RuleEditorUpdateHelperMutation = { updateHelperCode: { id: string } };

export type RuleEditorDocumentTypesQueryVariables = Exact<{ [key: string]: never; }>;


export type RuleEditorDocumentTypesQuery = { documentTypes: Array<{ name: string }> };

export type RuleEditorDataTablesQueryVariables = Exact<{ [key: string]: never; }>;


export type RuleEditorDataTablesQuery = { dataTables: Array<{ name: string }> };

export type RuleEditorDocumentsQueryVariables = Exact<{
  search?: string | null | undefined;
  documentType?: string | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type RuleEditorDocumentsQuery = { documentsInfo: Array<{ id: string, name: string, description: string | null, dossier: { id: string, description: string | null } }> };

export type RuleEditorDocumentCheckQueryVariables = Exact<{
  id: string | number;
}>;


export type RuleEditorDocumentCheckQuery = { document: { id: string, name: string, state: string, documentType: { name: string } | null } };

export type RuleEditorDossiersQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type RuleEditorDossiersQuery = { getPaginatedDossier: { pages: number, total: number, items: Array<{ id: string, description: string | null, state: string, createdAt: string, input: string, dossierType: { name: string } }> } };

export type RuleEditorRunDocumentRuleMutationVariables = Exact<{
  id: string | number;
  ruleID?: string | number | null | undefined;
  ruleName?: string | null | undefined;
  code: string;
  packagecode?: string | null | undefined;
  dataTables?: Array<string> | string | null | undefined;
  helper?: string | null | undefined;
}>;


export type RuleEditorRunDocumentRuleMutation = { runTemporaryRule: { Result: string | null, executionId: string | null, logs: Array<string>, errorDescription: string | null } };

export type RuleEditorRunDossierRuleMutationVariables = Exact<{
  id: string | number;
  ruleID?: string | number | null | undefined;
  ruleName?: string | null | undefined;
  code: string;
  packagecode?: string | null | undefined;
  helper?: string | null | undefined;
}>;


export type RuleEditorRunDossierRuleMutation = { runTemporaryDossierRule: Array<{ input: string, result: string | null, errors: Array<string>, logs: Array<string> }> };

export type RuleEditorDownloadDocumentRuleQueryVariables = Exact<{
  id: string | number;
  ruleId: string | number;
}>;


export type RuleEditorDownloadDocumentRuleQuery = { downloadDocumentRule: { name: string, base64Content: string } };

export type RuleEditorDownloadDossierRuleQueryVariables = Exact<{
  id: string | number;
  ruleId: string | number;
}>;


export type RuleEditorDownloadDossierRuleQuery = { downloadDossierRule: { name: string, base64Content: string } };

export type RuleEditorCheckCodeQueryVariables = Exact<{
  kind: RuleKind;
  code: string;
  helper?: string | null | undefined;
}>;


export type RuleEditorCheckCodeQuery = { checkRuleCode: { ok: boolean, file: string | null, line: number | null, column: number | null, message: string | null } };

export type RuleEditorVersionsQueryVariables = Exact<{
  ruleId: string | number;
  input?: TableInput | null | undefined;
}>;


export type RuleEditorVersionsQuery = { ruleVersions: { pages: number, total: number, items: Array<{ version: number, author: string | null, createdAt: string, description: string, code: string, helper: string, packageJSON: string, metadata: string }> } };

export type RuleEditorRestoreVersionMutationVariables = Exact<{
  ruleId: string | number;
  version: number;
}>;


export type RuleEditorRestoreVersionMutation = { restoreRuleVersion: { version: number } };

export type RuleEditorStartWhatIfMutationVariables = Exact<{
  input: WhatIfInput;
}>;


export type RuleEditorStartWhatIfMutation = { startWhatIf: { id: string, ruleId: string, state: string, requestedBy: string | null, limit: number, since: string | null, until: string | null, total: number, done: number, changed: number, error: string | null, createdAt: string, finishedAt: string | null, errorMessage: { messageCode: string, params: unknown } | null } };

export type RuleEditorCancelWhatIfMutationVariables = Exact<{
  id: string | number;
}>;


export type RuleEditorCancelWhatIfMutation = { cancelWhatIf: { id: string, ruleId: string, state: string, requestedBy: string | null, limit: number, since: string | null, until: string | null, total: number, done: number, changed: number, error: string | null, createdAt: string, finishedAt: string | null, errorMessage: { messageCode: string, params: unknown } | null } };

export type RuleEditorWhatIfRunQueryVariables = Exact<{
  id: string | number;
}>;


export type RuleEditorWhatIfRunQuery = { whatIfRun: { id: string, ruleId: string, state: string, requestedBy: string | null, limit: number, since: string | null, until: string | null, total: number, done: number, changed: number, error: string | null, createdAt: string, finishedAt: string | null, errorMessage: { messageCode: string, params: unknown } | null } };

export type RuleEditorWhatIfRunsQueryVariables = Exact<{
  ruleId: string | number;
  limit?: number | null | undefined;
}>;


export type RuleEditorWhatIfRunsQuery = { whatIfRuns: Array<{ id: string, ruleId: string, state: string, requestedBy: string | null, limit: number, since: string | null, until: string | null, total: number, done: number, changed: number, error: string | null, createdAt: string, finishedAt: string | null, errorMessage: { messageCode: string, params: unknown } | null }> };

export type RuleEditorWhatIfChangesQueryVariables = Exact<{
  id: string | number;
  input?: TableInput | null | undefined;
}>;


export type RuleEditorWhatIfChangesQuery = { whatIfRun: { id: string, changes: { pages: number, total: number, more: boolean, items: Array<{ itemId: string, documentId: string | null, name: string, dossierId: string, inputIndex: number | null, changes: Array<string>, before: string | null, after: string }> } } };

export type PoliciesQueryVariables = Exact<{ [key: string]: never; }>;


export type PoliciesQuery = { getPolicies: Array<{ subject: string, domain: string, object: string, action: string }> };

export type GroupsQueryVariables = Exact<{ [key: string]: never; }>;


export type GroupsQuery = { getGroups: Array<{ subject: string, domain: string, role: string }> };

export type UserOptionsQueryVariables = Exact<{
  search?: string | null | undefined;
  limit?: number | null | undefined;
}>;


export type UserOptionsQuery = { users: Array<{ email: string, firstName: string, lastName: string }> };

export type CreateRoleMutationVariables = Exact<{
  name: string;
  description?: string | null | undefined;
}>;


export type CreateRoleMutation = { createRole: { name: string, description: string } };

export type DeleteRoleMutationVariables = Exact<{
  name: string;
}>;


export type DeleteRoleMutation = { deleteRole: boolean };

export type AddPolicyMutationVariables = Exact<{
  subject: string;
  object: string;
  action: string;
}>;


export type AddPolicyMutation = { AddPolicy: { subject: string, domain: string, object: string, action: string } };

export type DeletePolicyMutationVariables = Exact<{
  subject: string;
  object: string;
  action: string;
  domain?: string | null | undefined;
}>;


export type DeletePolicyMutation = { deletePolicy: boolean };

export type AddGroupMutationVariables = Exact<{
  subject: string;
  role: string;
}>;


export type AddGroupMutation = { AddGroup: { subject: string, domain: string, role: string } };

export type DeleteGroupMutationVariables = Exact<{
  subject: string;
  role: string;
  domain?: string | null | undefined;
}>;


export type DeleteGroupMutation = { deleteGroup: boolean };

export type DocumentRulesPageQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type DocumentRulesPageQuery = { documentRulesPage: { pages: number, total: number, more: boolean, items: Array<{ id: string, description: string, state: string, createdAt: string, documentType: { name: string } }> } };

export type RuleDocumentTypeNamesQueryVariables = Exact<{ [key: string]: never; }>;


export type RuleDocumentTypeNamesQuery = { documentTypes: Array<{ name: string }> };

export type DocumentRuleDetailQueryVariables = Exact<{
  id: string | number;
}>;


export type DocumentRuleDetailQuery = { documentRule: { id: string, description: string, state: string, nota: string, code: string, packageJSON: string, createdAt: string, updatedAt: string, documentType: { name: string }, dataTables: Array<{ name: string }> } };

export type DeleteDocumentRuleMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteDocumentRuleMutation = { deleteDocumentRule: boolean };

export type DocumentTypesPageQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type DocumentTypesPageQuery = { documentTypesPage: { pages: number, total: number, more: boolean, items: Array<{ name: string, createdAt: string, ruleCount: number }> } };

export type DossierTypesPageQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type DossierTypesPageQuery = { dossierTypesPage: { pages: number, total: number, more: boolean, items: Array<{ name: string, createdAt: string, ruleCount: number, requiredMetas: Array<string> }> } };

export type DocumentTypeDetailQueryVariables = Exact<{
  name: string;
}>;


export type DocumentTypeDetailQuery = { documentType: { name: string, createdAt: string, ruleCount: number } };

export type DossierTypeDetailQueryVariables = Exact<{
  name: string;
}>;


export type DossierTypeDetailQuery = { dossierType: { name: string, createdAt: string, ruleCount: number, requiredMetas: Array<string> } };

export type DocumentTypeRulesQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type DocumentTypeRulesQuery = { documentRulesPage: { pages: number, total: number, more: boolean, items: Array<{ id: string, description: string, state: string, code: string, packageJSON: string }> } };

export type DossierTypeRulesQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type DossierTypeRulesQuery = { dossierRulesPage: { pages: number, total: number, more: boolean, items: Array<{ id: string, description: string, code: string, dossierType: { name: string } | null }> } };

export type CreateDocumentTypeMutationVariables = Exact<{
  name: string;
}>;


export type CreateDocumentTypeMutation = { createDocumentType: { name: string } };

export type CreateDossierTypeMutationVariables = Exact<{
  name: string;
}>;


export type CreateDossierTypeMutation = { createDossierType: { name: string } };

export type DeleteDocumentTypeMutationVariables = Exact<{
  name: string;
}>;


export type DeleteDocumentTypeMutation = { deleteDocumentType: boolean };

export type DeleteDossierTypeMutationVariables = Exact<{
  name: string;
}>;


export type DeleteDossierTypeMutation = { deleteDossierType: boolean };

export type SetDossierTypeRequiredMetasMutationVariables = Exact<{
  name: string;
  metas: Array<string> | string;
}>;


export type SetDossierTypeRequiredMetasMutation = { setDossierTypeRequiredMetas: { name: string, requiredMetas: Array<string> } };

export type UsersQueryVariables = Exact<{
  search?: string | null | undefined;
}>;


export type UsersQuery = { users: Array<{ email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string }> };

export type UserQueryVariables = Exact<{
  email: string;
}>;


export type UserQuery = { user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null };

export type CreateUserMutationVariables = Exact<{
  user: CreateUserInput;
}>;


export type CreateUserMutation = { createUser: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } };

export type UpdateUserMutationVariables = Exact<{
  email: string;
  user: UpdateUserInput;
}>;


export type UpdateUserMutation = { updateUser: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } };

export type UpdateUserPasswordMutationVariables = Exact<{
  email: string;
  newPassword: string;
}>;


export type UpdateUserPasswordMutation = { updateUserPassword: boolean };

export type DeleteUserMutationVariables = Exact<{
  email: string;
}>;


export type DeleteUserMutation = { deleteUser: boolean };

export type RuleValidationFieldsFragment = { id: string, state: string, istituto: string, fileName: string, createdAt: number, startedAt: number | null, finishedAt: number | null, rulesInvalidated: number, idDocument: string | null, urlOcr: string | null, error: string | null, createdBy: string | null, errorMessage: { messageCode: string, params: unknown } | null };

export type ValidationDocumentFieldsFragment = { id: string, description: string, istitutoAppartenenza: string, fileName: string, urlOCR: string | null, ocrError: string | null, createdAt: number, createdBy: string | null, comparable: boolean, ocrErrorMessage: { messageCode: string, params: unknown } | null };

export type ValidationRuleValidationsPageQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type ValidationRuleValidationsPageQuery = { ruleValidationsPage: { pages: number, total: number, more: boolean, items: Array<{ id: string, state: string, istituto: string, fileName: string, createdAt: number, startedAt: number | null, finishedAt: number | null, rulesInvalidated: number, idDocument: string | null, urlOcr: string | null, error: string | null, createdBy: string | null, errorMessage: { messageCode: string, params: unknown } | null }> } };

export type ValidationDocValidationsPageQueryVariables = Exact<{
  input?: TableInput | null | undefined;
}>;


export type ValidationDocValidationsPageQuery = { docValidationsPage: { pages: number, total: number, more: boolean, items: Array<{ id: string, description: string, istitutoAppartenenza: string, fileName: string, urlOCR: string | null, ocrError: string | null, createdAt: number, createdBy: string | null, comparable: boolean, ocrErrorMessage: { messageCode: string, params: unknown } | null }> } };

export type ValidationRuleValidationQueryVariables = Exact<{
  id: string | number;
}>;


export type ValidationRuleValidationQuery = { ruleValidation: { id: string, state: string, istituto: string, fileName: string, createdAt: number, startedAt: number | null, finishedAt: number | null, rulesInvalidated: number, idDocument: string | null, urlOcr: string | null, error: string | null, createdBy: string | null, invalidRules: Array<{ id: string, idRule: string | null, description: string, missing: Array<string>, present: Array<string> }>, errorMessage: { messageCode: string, params: unknown } | null } };

export type ValidationDownloadOcrQueryVariables = Exact<{
  id: string | number;
}>;


export type ValidationDownloadOcrQuery = { downloadOCR: { name: string, base64: string } };

export type ValidationDownloadPdfQueryVariables = Exact<{
  id: string | number;
}>;


export type ValidationDownloadPdfQuery = { downloadPDF: { name: string, base64: string } };

export type ValidationDownloadDiffQueryVariables = Exact<{
  id: string | number;
}>;


export type ValidationDownloadDiffQuery = { downloadDiff: { name: string, base64: string } };

export type ValidationDownloadAllFilesQueryVariables = Exact<{
  id: string | number;
}>;


export type ValidationDownloadAllFilesQuery = { downloadAllValidationFiles: { name: string, base64: string } };

export type ValidationDeleteDocValidationsMutationVariables = Exact<{
  ids: Array<string | number> | string | number;
}>;


export type ValidationDeleteDocValidationsMutation = { deleteDocValidations: number };

export type ValidationRequestSignedUrlMutationVariables = Exact<{
  filename: string;
}>;


export type ValidationRequestSignedUrlMutation = { requestSignedURLForValidationDocument: { url: string, name: string, expiresAt: number, maxBytes: number } };

export type ValidationCreateRuleValidationMutationVariables = Exact<{
  documentID: string | number;
  name: string;
  url?: string | null | undefined;
  istitutoAppartenenza: string;
}>;


export type ValidationCreateRuleValidationMutation = { createRuleValidation: { id: string } };

export type ValidationRunValidationMutationVariables = Exact<{
  idDocValidation: string | number;
}>;


export type ValidationRunValidationMutation = { runValidation: { id: string } };

export type RolesQueryVariables = Exact<{ [key: string]: never; }>;


export type RolesQuery = { roles: Array<{ name: string, description: string }> };

export type UserFieldsFragment = { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string };

export type AuthSessionFieldsFragment = { logged: boolean, message: string | null, messageCode: string | null, accessToken: string | null, refreshToken: string | null, accessUuid: string | null, refreshUuid: string | null, atExpires: number | null, rtExpires: number | null, impersonated: boolean, user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null, permissions: Array<{ resource: string, action: string }>, impersonatedBy: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null };

export type ImpersonatesMutationVariables = Exact<{
  email: string;
}>;


export type ImpersonatesMutation = { impersonates: { logged: boolean, message: string | null, messageCode: string | null, accessToken: string | null, refreshToken: string | null, accessUuid: string | null, refreshUuid: string | null, atExpires: number | null, rtExpires: number | null, impersonated: boolean, user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null, permissions: Array<{ resource: string, action: string }>, impersonatedBy: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null } };

export type EndImpersonationMutationVariables = Exact<{ [key: string]: never; }>;


export type EndImpersonationMutation = { endImpersonation: { logged: boolean, message: string | null, messageCode: string | null, accessToken: string | null, refreshToken: string | null, accessUuid: string | null, refreshUuid: string | null, atExpires: number | null, rtExpires: number | null, impersonated: boolean, user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null, permissions: Array<{ resource: string, action: string }>, impersonatedBy: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null } };

export type BasicLoginMutationVariables = Exact<{
  username: string;
  password: string;
}>;


export type BasicLoginMutation = { basicLogin: { logged: boolean, message: string | null, messageCode: string | null, accessToken: string | null, refreshToken: string | null, accessUuid: string | null, refreshUuid: string | null, atExpires: number | null, rtExpires: number | null, impersonated: boolean, user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null, permissions: Array<{ resource: string, action: string }>, impersonatedBy: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null } };

export type GetNewAccessTokenMutationVariables = Exact<{
  refreshToken: string;
}>;


export type GetNewAccessTokenMutation = { getNewAccessToken: { logged: boolean, message: string | null, messageCode: string | null, accessToken: string | null, refreshToken: string | null, accessUuid: string | null, refreshUuid: string | null, atExpires: number | null, rtExpires: number | null, impersonated: boolean, user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null, permissions: Array<{ resource: string, action: string }>, impersonatedBy: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null } };

export type LogoutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutMutation = { logout: boolean };

export type LoggedUserQueryVariables = Exact<{ [key: string]: never; }>;


export type LoggedUserQuery = { loggedUser: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } };

export type SessionPingMutationVariables = Exact<{ [key: string]: never; }>;


export type SessionPingMutation = { pingMutation: string };

export type PermissionsChangedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type PermissionsChangedSubscription = { permissionsChanged: Array<{ resource: string, action: string }> };

export type SystemHealthQueryVariables = Exact<{ [key: string]: never; }>;


export type SystemHealthQuery = { systemHealth: { workers: number, backlog: { queue: string, waitingSince: string } | null } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const DossierListFieldsFragmentDoc = new TypedDocumentString(`
    fragment DossierListFields on Dossier {
  id
  description
  state
  createdAt
  updatedAt
  dossierType {
    name
  }
}
    `, {"fragmentName":"DossierListFields"}) as unknown as TypedDocumentString<DossierListFieldsFragment, unknown>;
export const RuleValidationFieldsFragmentDoc = new TypedDocumentString(`
    fragment RuleValidationFields on RuleValidation {
  id
  state
  istituto
  fileName
  createdAt
  startedAt
  finishedAt
  rulesInvalidated
  idDocument
  urlOcr
  error
  errorMessage {
    messageCode
    params
  }
  createdBy
}
    `, {"fragmentName":"RuleValidationFields"}) as unknown as TypedDocumentString<RuleValidationFieldsFragment, unknown>;
export const ValidationDocumentFieldsFragmentDoc = new TypedDocumentString(`
    fragment ValidationDocumentFields on ValidationDocument {
  id
  description
  istitutoAppartenenza
  fileName
  urlOCR
  ocrError
  ocrErrorMessage {
    messageCode
    params
  }
  createdAt
  createdBy
  comparable
}
    `, {"fragmentName":"ValidationDocumentFields"}) as unknown as TypedDocumentString<ValidationDocumentFieldsFragment, unknown>;
export const UserFieldsFragmentDoc = new TypedDocumentString(`
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}
    `, {"fragmentName":"UserFields"}) as unknown as TypedDocumentString<UserFieldsFragment, unknown>;
export const AuthSessionFieldsFragmentDoc = new TypedDocumentString(`
    fragment AuthSessionFields on AuthSession {
  logged
  message
  messageCode
  user {
    ...UserFields
  }
  accessToken
  refreshToken
  accessUuid
  refreshUuid
  atExpires
  rtExpires
  permissions {
    resource
    action
  }
  impersonated
  impersonatedBy {
    ...UserFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}`, {"fragmentName":"AuthSessionFields"}) as unknown as TypedDocumentString<AuthSessionFieldsFragment, unknown>;
export const UpdateOwnDataDocument = new TypedDocumentString(`
    mutation UpdateOwnData($email: String!, $user: UpdateUserInput!) {
  updateUser(email: $email, user: $user) {
    ...UserFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}`) as unknown as TypedDocumentString<UpdateOwnDataMutation, UpdateOwnDataMutationVariables>;
export const UpdateSelfPasswordDocument = new TypedDocumentString(`
    mutation UpdateSelfPassword($email: String!, $oldPassword: String!, $newPassword: String!) {
  updateSelfPassword(
    email: $email
    oldPassword: $oldPassword
    newPassword: $newPassword
  )
}
    `) as unknown as TypedDocumentString<UpdateSelfPasswordMutation, UpdateSelfPasswordMutationVariables>;
export const UpdateAvatarDocument = new TypedDocumentString(`
    mutation UpdateAvatar($email: String!, $avatar: String!) {
  updateAvatar(email: $email, avatar: $avatar) {
    ...UserFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}`) as unknown as TypedDocumentString<UpdateAvatarMutation, UpdateAvatarMutationVariables>;
export const ApiKeysDocument = new TypedDocumentString(`
    query ApiKeys($input: TableInput) {
  apiKeys(input: $input) {
    items {
      id
      name
      prefix
      subject
      roles
      allowedSources
      expiresAt
      createdBy
      createdAt
      rotatedAt
      previousValidUntil
      lastUsedAt
      revokedAt
      state
    }
    pages
    total
    more
  }
}
    `) as unknown as TypedDocumentString<ApiKeysQuery, ApiKeysQueryVariables>;
export const CreateApiKeyDocument = new TypedDocumentString(`
    mutation CreateApiKey($input: CreateApiKeyInput!) {
  createApiKey(input: $input) {
    apiKey {
      id
      name
      prefix
    }
    secret
  }
}
    `) as unknown as TypedDocumentString<CreateApiKeyMutation, CreateApiKeyMutationVariables>;
export const RotateApiKeyDocument = new TypedDocumentString(`
    mutation RotateApiKey($id: ID!, $previousValidForHours: Int!) {
  rotateApiKey(id: $id, previousValidForHours: $previousValidForHours) {
    apiKey {
      id
      name
      prefix
      previousValidUntil
    }
    secret
  }
}
    `) as unknown as TypedDocumentString<RotateApiKeyMutation, RotateApiKeyMutationVariables>;
export const RevokeApiKeyDocument = new TypedDocumentString(`
    mutation RevokeApiKey($id: ID!) {
  revokeApiKey(id: $id) {
    id
    state
  }
}
    `) as unknown as TypedDocumentString<RevokeApiKeyMutation, RevokeApiKeyMutationVariables>;
export const CallbackSecretDocument = new TypedDocumentString(`
    mutation CallbackSecret($consumer: String!) {
  callbackSecret(consumer: $consumer) {
    consumer
    secret
    previousValidUntil
  }
}
    `) as unknown as TypedDocumentString<CallbackSecretMutation, CallbackSecretMutationVariables>;
export const RotateCallbackSecretDocument = new TypedDocumentString(`
    mutation RotateCallbackSecret($consumer: String!, $previousValidForHours: Int!) {
  rotateCallbackSecret(
    consumer: $consumer
    previousValidForHours: $previousValidForHours
  ) {
    consumer
    secret
    previousValidUntil
  }
}
    `) as unknown as TypedDocumentString<RotateCallbackSecretMutation, RotateCallbackSecretMutationVariables>;
export const AuditLogDocument = new TypedDocumentString(`
    query AuditLog($input: TableInput) {
  auditLog(input: $input) {
    items {
      id
      createdAt
      actorEmail
      impersonatorEmail
      action
      targetType
      targetId
      details
    }
    pages
    total
    more
  }
}
    `) as unknown as TypedDocumentString<AuditLogQuery, AuditLogQueryVariables>;
export const AuditActionsDocument = new TypedDocumentString(`
    query AuditActions {
  auditActions
}
    `) as unknown as TypedDocumentString<AuditActionsQuery, AuditActionsQueryVariables>;
export const RegisterDocument = new TypedDocumentString(`
    mutation Register($input: RegisterInput!) {
  register(input: $input)
}
    `) as unknown as TypedDocumentString<RegisterMutation, RegisterMutationVariables>;
export const ConfirmRegistrationDocument = new TypedDocumentString(`
    mutation ConfirmRegistration($email: String!, $code: String!) {
  confirmRegistration(email: $email, code: $code) {
    ...AuthSessionFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}
fragment AuthSessionFields on AuthSession {
  logged
  message
  messageCode
  user {
    ...UserFields
  }
  accessToken
  refreshToken
  accessUuid
  refreshUuid
  atExpires
  rtExpires
  permissions {
    resource
    action
  }
  impersonated
  impersonatedBy {
    ...UserFields
  }
}`) as unknown as TypedDocumentString<ConfirmRegistrationMutation, ConfirmRegistrationMutationVariables>;
export const RecoverPasswordDocument = new TypedDocumentString(`
    mutation RecoverPassword($email: String!) {
  recoverPassword(email: $email)
}
    `) as unknown as TypedDocumentString<RecoverPasswordMutation, RecoverPasswordMutationVariables>;
export const ResetPasswordDocument = new TypedDocumentString(`
    mutation ResetPassword($email: String!, $code: String!, $newPassword: String!) {
  resetPassword(email: $email, code: $code, newPassword: $newPassword) {
    ...AuthSessionFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}
fragment AuthSessionFields on AuthSession {
  logged
  message
  messageCode
  user {
    ...UserFields
  }
  accessToken
  refreshToken
  accessUuid
  refreshUuid
  atExpires
  rtExpires
  permissions {
    resource
    action
  }
  impersonated
  impersonatedBy {
    ...UserFields
  }
}`) as unknown as TypedDocumentString<ResetPasswordMutation, ResetPasswordMutationVariables>;
export const OperationsOverviewDocument = new TypedDocumentString(`
    query OperationsOverview($since: DateTime) {
  operationsOverview(since: $since) {
    since
    dossiersByState {
      state
      count
    }
    documentsProcessedByHour {
      hour
      count
    }
    dossierRuleErrors
    documentRuleErrors
    latestRuleErrors {
      dossierId
      dossierDescription
      ruleName
      error
      errorMessage {
        messageCode
        params
      }
      at
    }
  }
}
    `) as unknown as TypedDocumentString<OperationsOverviewQuery, OperationsOverviewQueryVariables>;
export const DashboardFailedJobsDocument = new TypedDocumentString(`
    query DashboardFailedJobs {
  jobQueues {
    name
    failed
  }
}
    `) as unknown as TypedDocumentString<DashboardFailedJobsQuery, DashboardFailedJobsQueryVariables>;
export const PingDocument = new TypedDocumentString(`
    query Ping {
  ping
}
    `) as unknown as TypedDocumentString<PingQuery, PingQueryVariables>;
export const PingWorkerDocument = new TypedDocumentString(`
    mutation PingWorker {
  pingWorker {
    jobId
    worker
    roundTripMs
  }
}
    `) as unknown as TypedDocumentString<PingWorkerMutation, PingWorkerMutationVariables>;
export const DataTablesPageDocument = new TypedDocumentString(`
    query DataTablesPage($input: TableInput) {
  dataTablesPage(input: $input) {
    items {
      name
      ordinamento
      updatedAt
    }
    pages
    total
    more
  }
}
    `) as unknown as TypedDocumentString<DataTablesPageQuery, DataTablesPageQueryVariables>;
export const DataTableDetailDocument = new TypedDocumentString(`
    query DataTableDetail($name: String!) {
  dataTable(name: $name) {
    name
    ordinamento
    content
    updatedAt
  }
}
    `) as unknown as TypedDocumentString<DataTableDetailQuery, DataTableDetailQueryVariables>;
export const CreateDataTableDocument = new TypedDocumentString(`
    mutation CreateDataTable($input: CreateDataTableInput!) {
  createDataTable(input: $input) {
    name
  }
}
    `) as unknown as TypedDocumentString<CreateDataTableMutation, CreateDataTableMutationVariables>;
export const UpdateDataTableDocument = new TypedDocumentString(`
    mutation UpdateDataTable($name: String!, $input: UpdateDataTableInput!) {
  updateDataTable(name: $name, input: $input) {
    name
    ordinamento
    content
    updatedAt
  }
}
    `) as unknown as TypedDocumentString<UpdateDataTableMutation, UpdateDataTableMutationVariables>;
export const DeleteDataTableDocument = new TypedDocumentString(`
    mutation DeleteDataTable($name: String!) {
  deleteDataTable(name: $name)
}
    `) as unknown as TypedDocumentString<DeleteDataTableMutation, DeleteDataTableMutationVariables>;
export const DocumentDetailDocument = new TypedDocumentString(`
    query DocumentDetail($id: ID!) {
  document(id: $id) {
    id
    name
    description
    state
    metas
    dossier {
      id
      description
    }
    documentType {
      name
    }
    error
    errorMessage {
      messageCode
      params
    }
    createdAt
    updatedAt
  }
}
    `) as unknown as TypedDocumentString<DocumentDetailQuery, DocumentDetailQueryVariables>;
export const DocumentDetailPdfDocument = new TypedDocumentString(`
    query DocumentDetailPdf($id: ID!) {
  document(id: $id) {
    id
    pdfUrl
  }
}
    `) as unknown as TypedDocumentString<DocumentDetailPdfQuery, DocumentDetailPdfQueryVariables>;
export const DocumentDetailExtractionDocument = new TypedDocumentString(`
    query DocumentDetailExtraction($id: ID!) {
  document(id: $id) {
    id
    formData
    rawText
    rawTextWithGeometry
    tables
  }
}
    `) as unknown as TypedDocumentString<DocumentDetailExtractionQuery, DocumentDetailExtractionQueryVariables>;
export const DocumentDetailLogsDocument = new TypedDocumentString(`
    query DocumentDetailLogs($document: ID!) {
  getLogsByDocument(document: $document) {
    id
    event
    message {
      messageCode
      params
    }
    timestamp
  }
}
    `) as unknown as TypedDocumentString<DocumentDetailLogsQuery, DocumentDetailLogsQueryVariables>;
export const DocumentDetailRulesDocument = new TypedDocumentString(`
    query DocumentDetailRules($id: ID!, $withCode: Boolean!) {
  getRulesByDocument(id: $id) {
    id
    description
    state
    active
    code @include(if: $withCode)
  }
}
    `) as unknown as TypedDocumentString<DocumentDetailRulesQuery, DocumentDetailRulesQueryVariables>;
export const DocumentDetailExecutionLogsDocument = new TypedDocumentString(`
    query DocumentDetailExecutionLogs($input: TableInput) {
  ruleExecutionLogs(input: $input) {
    items {
      id
      ruleId
      ruleName
      documentId
      executedAt
      platform
      result
      errors
    }
    pages
    total
    more
  }
}
    `) as unknown as TypedDocumentString<DocumentDetailExecutionLogsQuery, DocumentDetailExecutionLogsQueryVariables>;
export const DocumentDetailExecutionLogDocument = new TypedDocumentString(`
    query DocumentDetailExecutionLog($id: ID!, $withDataTables: Boolean!) {
  ruleExecutionLog(id: $id) {
    id
    ruleName
    executedAt
    platform
    result
    logs
    errors
    rawText
    formData
    dataTables @include(if: $withDataTables)
    tables
    rawTextWithGeometry
  }
}
    `) as unknown as TypedDocumentString<DocumentDetailExecutionLogQuery, DocumentDetailExecutionLogQueryVariables>;
export const DocumentDetailReplaceMetasDocument = new TypedDocumentString(`
    mutation DocumentDetailReplaceMetas($id: ID!, $metas: String!) {
  replaceDocumentMetas(id: $id, metas: $metas) {
    id
    metas
    updatedAt
  }
}
    `) as unknown as TypedDocumentString<DocumentDetailReplaceMetasMutation, DocumentDetailReplaceMetasMutationVariables>;
export const DocumentDetailRunRulesDocument = new TypedDocumentString(`
    mutation DocumentDetailRunRules($id: ID!) {
  runDocumentRules(id: $id)
}
    `) as unknown as TypedDocumentString<DocumentDetailRunRulesMutation, DocumentDetailRunRulesMutationVariables>;
export const DocumentDetailRunRuleDocument = new TypedDocumentString(`
    mutation DocumentDetailRunRule($id: ID!, $ruleId: ID!) {
  runDocumentRule(id: $id, ruleId: $ruleId)
}
    `) as unknown as TypedDocumentString<DocumentDetailRunRuleMutation, DocumentDetailRunRuleMutationVariables>;
export const DocumentDetailDeleteDocument = new TypedDocumentString(`
    mutation DocumentDetailDelete($id: ID!) {
  deleteDocument(id: $id)
}
    `) as unknown as TypedDocumentString<DocumentDetailDeleteMutation, DocumentDetailDeleteMutationVariables>;
export const DocumentDetailDownloadDocument = new TypedDocumentString(`
    query DocumentDetailDownload($id: ID!) {
  downloadDocument(id: $id) {
    filename
    extension
    url
  }
}
    `) as unknown as TypedDocumentString<DocumentDetailDownloadQuery, DocumentDetailDownloadQueryVariables>;
export const DossiersDocument = new TypedDocumentString(`
    query Dossiers($input: TableInput) {
  dossiers(input: $input) {
    items {
      ...DossierListFields
    }
    pages
    total
    more
  }
}
    fragment DossierListFields on Dossier {
  id
  description
  state
  createdAt
  updatedAt
  dossierType {
    name
  }
}`) as unknown as TypedDocumentString<DossiersQuery, DossiersQueryVariables>;
export const DossierTypeNamesDocument = new TypedDocumentString(`
    query DossierTypeNames {
  dossierTypes(limit: 200) {
    name
  }
}
    `) as unknown as TypedDocumentString<DossierTypeNamesQuery, DossierTypeNamesQueryVariables>;
export const DossierDocument = new TypedDocumentString(`
    query Dossier($id: ID!) {
  dossier(id: $id) {
    ...DossierListFields
    error
    errorMessage {
      messageCode
      params
    }
    input
    callbackUrl
    idValutazione
  }
}
    fragment DossierListFields on Dossier {
  id
  description
  state
  createdAt
  updatedAt
  dossierType {
    name
  }
}`) as unknown as TypedDocumentString<DossierQuery, DossierQueryVariables>;
export const DossierCallbacksDocument = new TypedDocumentString(`
    query DossierCallbacks($id: ID!) {
  dossierCallbacks(id: $id) {
    id
    success
    timestamp
    url
    method
    requestBody
    responseCode
    responseBody
    errorDescription
    attempt
    requestHeaders {
      name
      value
    }
  }
}
    `) as unknown as TypedDocumentString<DossierCallbacksQuery, DossierCallbacksQueryVariables>;
export const DossierDocumentsDocument = new TypedDocumentString(`
    query DossierDocuments($dossier: ID!) {
  documentsByDossier(dossier: $dossier) {
    id
    name
    description
    state
    metas
    error
    errorMessage {
      messageCode
      params
    }
    createdAt
    updatedAt
    documentType {
      name
    }
  }
}
    `) as unknown as TypedDocumentString<DossierDocumentsQuery, DossierDocumentsQueryVariables>;
export const DossierExecutionCountDocument = new TypedDocumentString(`
    query DossierExecutionCount($dossierID: ID!) {
  getDossierRulesExecutionCount(dossierID: $dossierID) {
    processed
    total
    errors
  }
}
    `) as unknown as TypedDocumentString<DossierExecutionCountQuery, DossierExecutionCountQueryVariables>;
export const DossierExecutionsDocument = new TypedDocumentString(`
    query DossierExecutions($input: TableInput) {
  dossierRuleExecutions(input: $input) {
    items {
      id
      ruleId
      ruleName
      state
      platform
      createdAt
      finishedAt
      error
      errorMessage {
        messageCode
        params
      }
      inputIndex
      input
      result
    }
    pages
    total
    more
  }
}
    `) as unknown as TypedDocumentString<DossierExecutionsQuery, DossierExecutionsQueryVariables>;
export const DossierRuleLogsDocument = new TypedDocumentString(`
    query DossierRuleLogs($input: TableInput) {
  dossierRuleExecutionLogs(input: $input) {
    items {
      id
      ruleId
      ruleName
      executedAt
      platform
      result
      code
      metas
      input
      logs
      errors
    }
    pages
    total
    more
  }
}
    `) as unknown as TypedDocumentString<DossierRuleLogsQuery, DossierRuleLogsQueryVariables>;
export const DossierAggregateDocument = new TypedDocumentString(`
    query DossierAggregate($dossierID: ID!) {
  getDossierResultAggregate(dossierID: $dossierID)
}
    `) as unknown as TypedDocumentString<DossierAggregateQuery, DossierAggregateQueryVariables>;
export const DossierMetasCheckDocument = new TypedDocumentString(`
    query DossierMetasCheck($id: ID!) {
  metasCheck(id: $id) {
    valid
    conflicts {
      name
      values {
        value
        count
      }
    }
    missingRequired
  }
}
    `) as unknown as TypedDocumentString<DossierMetasCheckQuery, DossierMetasCheckQueryVariables>;
export const DownloadDossierDocument = new TypedDocumentString(`
    query DownloadDossier($id: ID!) {
  downloadDossier(id: $id) {
    filename
    extension
    url
  }
}
    `) as unknown as TypedDocumentString<DownloadDossierQuery, DownloadDossierQueryVariables>;
export const DeleteDossierDocument = new TypedDocumentString(`
    mutation DeleteDossier($id: ID!) {
  deleteDossier(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteDossierMutation, DeleteDossierMutationVariables>;
export const RunDossierRulesDocument = new TypedDocumentString(`
    mutation RunDossierRules($id: ID!) {
  runDossierRules(id: $id)
}
    `) as unknown as TypedDocumentString<RunDossierRulesMutation, RunDossierRulesMutationVariables>;
export const RunAgainDossierRulesInErrorDocument = new TypedDocumentString(`
    mutation RunAgainDossierRulesInError($id: ID!) {
  runAgainDossierRulesThatHasErrors(id: $id)
}
    `) as unknown as TypedDocumentString<RunAgainDossierRulesInErrorMutation, RunAgainDossierRulesInErrorMutationVariables>;
export const FixMetasDocument = new TypedDocumentString(`
    mutation FixMetas($id: ID!, $metas: [MetaInput!]!) {
  fixMetas(id: $id, metas: $metas) {
    valid
  }
}
    `) as unknown as TypedDocumentString<FixMetasMutation, FixMetasMutationVariables>;
export const DossierStateChangedDocument = new TypedDocumentString(`
    subscription DossierStateChanged($id: ID) {
  dossierStateChanged(id: $id) {
    dossierId
    documentId
    state
    at
  }
}
    `) as unknown as TypedDocumentString<DossierStateChangedSubscription, DossierStateChangedSubscriptionVariables>;
export const ResendDossierCallbackDocument = new TypedDocumentString(`
    mutation ResendDossierCallback($id: ID!) {
  resendDossierCallback(id: $id)
}
    `) as unknown as TypedDocumentString<ResendDossierCallbackMutation, ResendDossierCallbackMutationVariables>;
export const ImportDocumentTypesDocument = new TypedDocumentString(`
    query ImportDocumentTypes {
  documentTypes(limit: 1000) {
    name
  }
}
    `) as unknown as TypedDocumentString<ImportDocumentTypesQuery, ImportDocumentTypesQueryVariables>;
export const ImportDossierTypesDocument = new TypedDocumentString(`
    query ImportDossierTypes {
  dossierTypes(limit: 1000) {
    name
  }
}
    `) as unknown as TypedDocumentString<ImportDossierTypesQuery, ImportDossierTypesQueryVariables>;
export const ImportedDossierDocument = new TypedDocumentString(`
    query ImportedDossier($id: ID!) {
  dossier(id: $id) {
    id
    state
    error
    errorMessage {
      messageCode
      params
    }
  }
}
    `) as unknown as TypedDocumentString<ImportedDossierQuery, ImportedDossierQueryVariables>;
export const JobQueuesDocument = new TypedDocumentString(`
    query JobQueues {
  jobQueues {
    name
    waiting
    outbox
    retrying
    running
    failed
    doneLastHour
    failedLastHour
    paused
  }
}
    `) as unknown as TypedDocumentString<JobQueuesQuery, JobQueuesQueryVariables>;
export const JobThroughputDocument = new TypedDocumentString(`
    query JobThroughput {
  jobThroughput {
    queue
    minutes {
      at
      succeeded
      failed
      retried
    }
  }
}
    `) as unknown as TypedDocumentString<JobThroughputQuery, JobThroughputQueryVariables>;
export const JobWorkersDocument = new TypedDocumentString(`
    query JobWorkers {
  jobWorkers {
    instance
    identity
    startedAt
    heartbeatAt
    metricsAddr
    queues {
      queue
      concurrency
    }
  }
}
    `) as unknown as TypedDocumentString<JobWorkersQuery, JobWorkersQueryVariables>;
export const FailedJobsDocument = new TypedDocumentString(`
    query FailedJobs($filter: FailedJobFilter, $page: TableInput) {
  failedJobs(filter: $filter, page: $page) {
    items {
      id
      queue
      failedAt
      attempts
      error
      errorCode
      errorParams
      dossierId
      worker
    }
    pages
    total
    more
  }
}
    `) as unknown as TypedDocumentString<FailedJobsQuery, FailedJobsQueryVariables>;
export const FailedJobDocument = new TypedDocumentString(`
    query FailedJob($id: ID!) {
  failedJob(id: $id) {
    job {
      id
      queue
      failedAt
      attempts
      error
      errorCode
      errorParams
      dossierId
      worker
    }
    payload
    dossierExists
    history {
      attempt
      worker
      error
      errorCode
      errorParams
      failedAt
    }
  }
}
    `) as unknown as TypedDocumentString<FailedJobQuery, FailedJobQueryVariables>;
export const RetryFailedJobDocument = new TypedDocumentString(`
    mutation RetryFailedJob($id: ID!) {
  retryFailedJob(id: $id)
}
    `) as unknown as TypedDocumentString<RetryFailedJobMutation, RetryFailedJobMutationVariables>;
export const DiscardFailedJobDocument = new TypedDocumentString(`
    mutation DiscardFailedJob($id: ID!) {
  discardFailedJob(id: $id)
}
    `) as unknown as TypedDocumentString<DiscardFailedJobMutation, DiscardFailedJobMutationVariables>;
export const RetryFailedJobsDocument = new TypedDocumentString(`
    mutation RetryFailedJobs($filter: FailedJobFilter!) {
  retryFailedJobs(filter: $filter) {
    done
    more
  }
}
    `) as unknown as TypedDocumentString<RetryFailedJobsMutation, RetryFailedJobsMutationVariables>;
export const DiscardFailedJobsDocument = new TypedDocumentString(`
    mutation DiscardFailedJobs($filter: FailedJobFilter!) {
  discardFailedJobs(filter: $filter) {
    done
    more
  }
}
    `) as unknown as TypedDocumentString<DiscardFailedJobsMutation, DiscardFailedJobsMutationVariables>;
export const PauseQueueDocument = new TypedDocumentString(`
    mutation PauseQueue($queue: String!) {
  pauseQueue(queue: $queue)
}
    `) as unknown as TypedDocumentString<PauseQueueMutation, PauseQueueMutationVariables>;
export const ResumeQueueDocument = new TypedDocumentString(`
    mutation ResumeQueue($queue: String!) {
  resumeQueue(queue: $queue)
}
    `) as unknown as TypedDocumentString<ResumeQueueMutation, ResumeQueueMutationVariables>;
export const NotificationReceiversDocument = new TypedDocumentString(`
    query NotificationReceivers {
  notificationReceivers {
    id
  }
}
    `) as unknown as TypedDocumentString<NotificationReceiversQuery, NotificationReceiversQueryVariables>;
export const AddNotificationReceiverDocument = new TypedDocumentString(`
    mutation AddNotificationReceiver($receiver: String!) {
  addNotificationReceiver(receiver: $receiver) {
    id
  }
}
    `) as unknown as TypedDocumentString<AddNotificationReceiverMutation, AddNotificationReceiverMutationVariables>;
export const DeleteNotificationReceiverDocument = new TypedDocumentString(`
    mutation DeleteNotificationReceiver($receiver: String!) {
  deleteNotificationReceiver(receiver: $receiver) {
    id
  }
}
    `) as unknown as TypedDocumentString<DeleteNotificationReceiverMutation, DeleteNotificationReceiverMutationVariables>;
export const PlaygroundDocumentRulesListDocument = new TypedDocumentString(`
    query PlaygroundDocumentRulesList($input: TableInput) {
  documentRulesPage(input: $input) {
    items {
      id
      description
      nota
      active
      documentType {
        name
      }
    }
    pages
    total
    more
  }
}
    `) as unknown as TypedDocumentString<PlaygroundDocumentRulesListQuery, PlaygroundDocumentRulesListQueryVariables>;
export const PlaygroundDocumentTypeNamesDocument = new TypedDocumentString(`
    query PlaygroundDocumentTypeNames {
  documentTypes {
    name
  }
}
    `) as unknown as TypedDocumentString<PlaygroundDocumentTypeNamesQuery, PlaygroundDocumentTypeNamesQueryVariables>;
export const PlaygroundDossierRulesListDocument = new TypedDocumentString(`
    query PlaygroundDossierRulesList($input: TableInput, $code: String!, $withCode: Boolean!) {
  dossierRulesPage(input: $input) {
    items {
      id
      description
      istitutoAppartenenza
      valid
      gruppo
      nota
      active
      codeMatches(search: $code) @include(if: $withCode) {
        line
        text
      }
    }
    pages
    total
    more
  }
}
    `) as unknown as TypedDocumentString<PlaygroundDossierRulesListQuery, PlaygroundDossierRulesListQueryVariables>;
export const PlaygroundListSetDocumentRuleActiveDocument = new TypedDocumentString(`
    mutation PlaygroundListSetDocumentRuleActive($id: ID!, $active: Boolean!) {
  setDocumentRuleActive(id: $id, active: $active) {
    id
    active
  }
}
    `) as unknown as TypedDocumentString<PlaygroundListSetDocumentRuleActiveMutation, PlaygroundListSetDocumentRuleActiveMutationVariables>;
export const PlaygroundListDeleteDocumentRuleDocument = new TypedDocumentString(`
    mutation PlaygroundListDeleteDocumentRule($id: ID!) {
  deleteDocumentRule(id: $id)
}
    `) as unknown as TypedDocumentString<PlaygroundListDeleteDocumentRuleMutation, PlaygroundListDeleteDocumentRuleMutationVariables>;
export const PlaygroundListSetDossierRuleActiveDocument = new TypedDocumentString(`
    mutation PlaygroundListSetDossierRuleActive($id: ID!, $active: Boolean!) {
  setDossierRuleActive(id: $id, active: $active) {
    id
    active
  }
}
    `) as unknown as TypedDocumentString<PlaygroundListSetDossierRuleActiveMutation, PlaygroundListSetDossierRuleActiveMutationVariables>;
export const PlaygroundListDeleteDossierRuleDocument = new TypedDocumentString(`
    mutation PlaygroundListDeleteDossierRule($id: ID!) {
  deleteDossierRule(id: $id)
}
    `) as unknown as TypedDocumentString<PlaygroundListDeleteDossierRuleMutation, PlaygroundListDeleteDossierRuleMutationVariables>;
export const PlaygroundImportDossierRulesDocument = new TypedDocumentString(`
    mutation PlaygroundImportDossierRules($input: String!) {
  importDossierRules(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<PlaygroundImportDossierRulesMutation, PlaygroundImportDossierRulesMutationVariables>;
export const PlaygroundNewDocumentRuleDocument = new TypedDocumentString(`
    mutation PlaygroundNewDocumentRule($input: CreateDocumentRuleInput!) {
  createDocumentRule(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<PlaygroundNewDocumentRuleMutation, PlaygroundNewDocumentRuleMutationVariables>;
export const PlaygroundNewDossierRuleDocument = new TypedDocumentString(`
    mutation PlaygroundNewDossierRule($input: CreateDossierRuleInput!) {
  createDossierRule(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<PlaygroundNewDossierRuleMutation, PlaygroundNewDossierRuleMutationVariables>;
export const PlaygroundValidationDocumentOptionsDocument = new TypedDocumentString(`
    query PlaygroundValidationDocumentOptions($input: TableInput) {
  docValidationsPage(input: $input) {
    items {
      id
      description
      istitutoAppartenenza
      urlOCR
      createdAt
    }
    total
  }
}
    `) as unknown as TypedDocumentString<PlaygroundValidationDocumentOptionsQuery, PlaygroundValidationDocumentOptionsQueryVariables>;
export const PlaygroundDocumentTypeOptionsDocument = new TypedDocumentString(`
    query PlaygroundDocumentTypeOptions($input: TableInput) {
  documentTypesPage(input: $input) {
    items {
      name
    }
    total
  }
}
    `) as unknown as TypedDocumentString<PlaygroundDocumentTypeOptionsQuery, PlaygroundDocumentTypeOptionsQueryVariables>;
export const PlaygroundDataTableOptionsDocument = new TypedDocumentString(`
    query PlaygroundDataTableOptions($input: TableInput) {
  dataTablesPage(input: $input) {
    items {
      name
    }
    total
  }
}
    `) as unknown as TypedDocumentString<PlaygroundDataTableOptionsQuery, PlaygroundDataTableOptionsQueryVariables>;
export const RuleEditorDocumentRuleDocument = new TypedDocumentString(`
    query RuleEditorDocumentRule($id: ID!) {
  documentRule(id: $id) {
    id
    description
    code
    packageJSON
    nota
    active
    documentType {
      name
    }
    dataTables {
      name
    }
    updatedAt
  }
}
    `) as unknown as TypedDocumentString<RuleEditorDocumentRuleQuery, RuleEditorDocumentRuleQueryVariables>;
export const RuleEditorDossierRuleDocument = new TypedDocumentString(`
    query RuleEditorDossierRule($id: ID!) {
  dossierRule(id: $id) {
    id
    description
    istitutoAppartenenza
    code
    packageJSON
    mustContain
    notContain
    nota
    gruppo
    active
    valid
    dossierType {
      name
    }
    updatedAt
  }
}
    `) as unknown as TypedDocumentString<RuleEditorDossierRuleQuery, RuleEditorDossierRuleQueryVariables>;
export const RuleEditorHelperDocument = new TypedDocumentString(`
    query RuleEditorHelper($id: ID!) {
  getHelperCode(id: $id) {
    id
    code
  }
}
    `) as unknown as TypedDocumentString<RuleEditorHelperQuery, RuleEditorHelperQueryVariables>;
export const RuleEditorUpdateDocumentRuleDocument = new TypedDocumentString(`
    mutation RuleEditorUpdateDocumentRule($id: ID!, $input: UpdateDocumentRuleInput!) {
  updateDocumentRule(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<RuleEditorUpdateDocumentRuleMutation, RuleEditorUpdateDocumentRuleMutationVariables>;
export const RuleEditorUpdateDossierRuleDocument = new TypedDocumentString(`
    mutation RuleEditorUpdateDossierRule($id: ID!, $input: UpdateDossierRuleInput!) {
  updateDossierRule(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<RuleEditorUpdateDossierRuleMutation, RuleEditorUpdateDossierRuleMutationVariables>;
export const RuleEditorUpdateHelperDocument = new TypedDocumentString(`
    mutation RuleEditorUpdateHelper($id: ID!, $code: String!) {
  updateHelperCode(id: $id, code: $code) {
    id
  }
}
    `) as unknown as TypedDocumentString<RuleEditorUpdateHelperMutation, RuleEditorUpdateHelperMutationVariables>;
export const RuleEditorDocumentTypesDocument = new TypedDocumentString(`
    query RuleEditorDocumentTypes {
  documentTypes {
    name
  }
}
    `) as unknown as TypedDocumentString<RuleEditorDocumentTypesQuery, RuleEditorDocumentTypesQueryVariables>;
export const RuleEditorDataTablesDocument = new TypedDocumentString(`
    query RuleEditorDataTables {
  dataTables {
    name
  }
}
    `) as unknown as TypedDocumentString<RuleEditorDataTablesQuery, RuleEditorDataTablesQueryVariables>;
export const RuleEditorDocumentsDocument = new TypedDocumentString(`
    query RuleEditorDocuments($search: String, $documentType: String, $limit: Int, $offset: Int) {
  documentsInfo(
    search: $search
    documentType: $documentType
    extracted: true
    limit: $limit
    offset: $offset
  ) {
    id
    name
    description
    dossier {
      id
      description
    }
  }
}
    `) as unknown as TypedDocumentString<RuleEditorDocumentsQuery, RuleEditorDocumentsQueryVariables>;
export const RuleEditorDocumentCheckDocument = new TypedDocumentString(`
    query RuleEditorDocumentCheck($id: ID!) {
  document(id: $id) {
    id
    name
    state
    documentType {
      name
    }
  }
}
    `) as unknown as TypedDocumentString<RuleEditorDocumentCheckQuery, RuleEditorDocumentCheckQueryVariables>;
export const RuleEditorDossiersDocument = new TypedDocumentString(`
    query RuleEditorDossiers($input: TableInput) {
  getPaginatedDossier(input: $input) {
    items {
      id
      description
      state
      createdAt
      input
      dossierType {
        name
      }
    }
    pages
    total
  }
}
    `) as unknown as TypedDocumentString<RuleEditorDossiersQuery, RuleEditorDossiersQueryVariables>;
export const RuleEditorRunDocumentRuleDocument = new TypedDocumentString(`
    mutation RuleEditorRunDocumentRule($id: ID!, $ruleID: ID, $ruleName: String, $code: String!, $packagecode: String, $dataTables: [String!], $helper: String) {
  runTemporaryRule(
    id: $id
    ruleID: $ruleID
    ruleName: $ruleName
    code: $code
    packagecode: $packagecode
    dataTables: $dataTables
    helper: $helper
  ) {
    Result
    executionId
    logs
    errorDescription
  }
}
    `) as unknown as TypedDocumentString<RuleEditorRunDocumentRuleMutation, RuleEditorRunDocumentRuleMutationVariables>;
export const RuleEditorRunDossierRuleDocument = new TypedDocumentString(`
    mutation RuleEditorRunDossierRule($id: ID!, $ruleID: ID, $ruleName: String, $code: String!, $packagecode: String, $helper: String) {
  runTemporaryDossierRule(
    id: $id
    ruleID: $ruleID
    ruleName: $ruleName
    code: $code
    packagecode: $packagecode
    helper: $helper
  ) {
    input
    result
    errors
    logs
  }
}
    `) as unknown as TypedDocumentString<RuleEditorRunDossierRuleMutation, RuleEditorRunDossierRuleMutationVariables>;
export const RuleEditorDownloadDocumentRuleDocument = new TypedDocumentString(`
    query RuleEditorDownloadDocumentRule($id: ID!, $ruleId: ID!) {
  downloadDocumentRule(id: $id, ruleId: $ruleId) {
    name
    base64Content
  }
}
    `) as unknown as TypedDocumentString<RuleEditorDownloadDocumentRuleQuery, RuleEditorDownloadDocumentRuleQueryVariables>;
export const RuleEditorDownloadDossierRuleDocument = new TypedDocumentString(`
    query RuleEditorDownloadDossierRule($id: ID!, $ruleId: ID!) {
  downloadDossierRule(id: $id, ruleId: $ruleId) {
    name
    base64Content
  }
}
    `) as unknown as TypedDocumentString<RuleEditorDownloadDossierRuleQuery, RuleEditorDownloadDossierRuleQueryVariables>;
export const RuleEditorCheckCodeDocument = new TypedDocumentString(`
    query RuleEditorCheckCode($kind: RuleKind!, $code: String!, $helper: String) {
  checkRuleCode(kind: $kind, code: $code, helper: $helper) {
    ok
    file
    line
    column
    message
  }
}
    `) as unknown as TypedDocumentString<RuleEditorCheckCodeQuery, RuleEditorCheckCodeQueryVariables>;
export const RuleEditorVersionsDocument = new TypedDocumentString(`
    query RuleEditorVersions($ruleId: ID!, $input: TableInput) {
  ruleVersions(ruleId: $ruleId, input: $input) {
    items {
      version
      author
      createdAt
      description
      code
      helper
      packageJSON
      metadata
    }
    pages
    total
  }
}
    `) as unknown as TypedDocumentString<RuleEditorVersionsQuery, RuleEditorVersionsQueryVariables>;
export const RuleEditorRestoreVersionDocument = new TypedDocumentString(`
    mutation RuleEditorRestoreVersion($ruleId: ID!, $version: Int!) {
  restoreRuleVersion(ruleId: $ruleId, version: $version) {
    version
  }
}
    `) as unknown as TypedDocumentString<RuleEditorRestoreVersionMutation, RuleEditorRestoreVersionMutationVariables>;
export const RuleEditorStartWhatIfDocument = new TypedDocumentString(`
    mutation RuleEditorStartWhatIf($input: WhatIfInput!) {
  startWhatIf(input: $input) {
    id
    ruleId
    state
    requestedBy
    limit
    since
    until
    total
    done
    changed
    error
    errorMessage {
      messageCode
      params
    }
    createdAt
    finishedAt
  }
}
    `) as unknown as TypedDocumentString<RuleEditorStartWhatIfMutation, RuleEditorStartWhatIfMutationVariables>;
export const RuleEditorCancelWhatIfDocument = new TypedDocumentString(`
    mutation RuleEditorCancelWhatIf($id: ID!) {
  cancelWhatIf(id: $id) {
    id
    ruleId
    state
    requestedBy
    limit
    since
    until
    total
    done
    changed
    error
    errorMessage {
      messageCode
      params
    }
    createdAt
    finishedAt
  }
}
    `) as unknown as TypedDocumentString<RuleEditorCancelWhatIfMutation, RuleEditorCancelWhatIfMutationVariables>;
export const RuleEditorWhatIfRunDocument = new TypedDocumentString(`
    query RuleEditorWhatIfRun($id: ID!) {
  whatIfRun(id: $id) {
    id
    ruleId
    state
    requestedBy
    limit
    since
    until
    total
    done
    changed
    error
    errorMessage {
      messageCode
      params
    }
    createdAt
    finishedAt
  }
}
    `) as unknown as TypedDocumentString<RuleEditorWhatIfRunQuery, RuleEditorWhatIfRunQueryVariables>;
export const RuleEditorWhatIfRunsDocument = new TypedDocumentString(`
    query RuleEditorWhatIfRuns($ruleId: ID!, $limit: Int) {
  whatIfRuns(ruleId: $ruleId, limit: $limit) {
    id
    ruleId
    state
    requestedBy
    limit
    since
    until
    total
    done
    changed
    error
    errorMessage {
      messageCode
      params
    }
    createdAt
    finishedAt
  }
}
    `) as unknown as TypedDocumentString<RuleEditorWhatIfRunsQuery, RuleEditorWhatIfRunsQueryVariables>;
export const RuleEditorWhatIfChangesDocument = new TypedDocumentString(`
    query RuleEditorWhatIfChanges($id: ID!, $input: TableInput) {
  whatIfRun(id: $id) {
    id
    changes(input: $input) {
      items {
        itemId
        documentId
        name
        dossierId
        inputIndex
        changes
        before
        after
      }
      pages
      total
      more
    }
  }
}
    `) as unknown as TypedDocumentString<RuleEditorWhatIfChangesQuery, RuleEditorWhatIfChangesQueryVariables>;
export const PoliciesDocument = new TypedDocumentString(`
    query Policies {
  getPolicies {
    subject
    domain
    object
    action
  }
}
    `) as unknown as TypedDocumentString<PoliciesQuery, PoliciesQueryVariables>;
export const GroupsDocument = new TypedDocumentString(`
    query Groups {
  getGroups {
    subject
    domain
    role
  }
}
    `) as unknown as TypedDocumentString<GroupsQuery, GroupsQueryVariables>;
export const UserOptionsDocument = new TypedDocumentString(`
    query UserOptions($search: String, $limit: Int) {
  users(search: $search, limit: $limit) {
    email
    firstName
    lastName
  }
}
    `) as unknown as TypedDocumentString<UserOptionsQuery, UserOptionsQueryVariables>;
export const CreateRoleDocument = new TypedDocumentString(`
    mutation CreateRole($name: String!, $description: String) {
  createRole(name: $name, description: $description) {
    name
    description
  }
}
    `) as unknown as TypedDocumentString<CreateRoleMutation, CreateRoleMutationVariables>;
export const DeleteRoleDocument = new TypedDocumentString(`
    mutation DeleteRole($name: String!) {
  deleteRole(name: $name)
}
    `) as unknown as TypedDocumentString<DeleteRoleMutation, DeleteRoleMutationVariables>;
export const AddPolicyDocument = new TypedDocumentString(`
    mutation AddPolicy($subject: String!, $object: String!, $action: String!) {
  AddPolicy(subject: $subject, object: $object, action: $action) {
    subject
    domain
    object
    action
  }
}
    `) as unknown as TypedDocumentString<AddPolicyMutation, AddPolicyMutationVariables>;
export const DeletePolicyDocument = new TypedDocumentString(`
    mutation DeletePolicy($subject: String!, $object: String!, $action: String!, $domain: String) {
  deletePolicy(
    subject: $subject
    object: $object
    action: $action
    domain: $domain
  )
}
    `) as unknown as TypedDocumentString<DeletePolicyMutation, DeletePolicyMutationVariables>;
export const AddGroupDocument = new TypedDocumentString(`
    mutation AddGroup($subject: String!, $role: String!) {
  AddGroup(subject: $subject, role: $role) {
    subject
    domain
    role
  }
}
    `) as unknown as TypedDocumentString<AddGroupMutation, AddGroupMutationVariables>;
export const DeleteGroupDocument = new TypedDocumentString(`
    mutation DeleteGroup($subject: String!, $role: String!, $domain: String) {
  deleteGroup(subject: $subject, role: $role, domain: $domain)
}
    `) as unknown as TypedDocumentString<DeleteGroupMutation, DeleteGroupMutationVariables>;
export const DocumentRulesPageDocument = new TypedDocumentString(`
    query DocumentRulesPage($input: TableInput) {
  documentRulesPage(input: $input) {
    items {
      id
      description
      state
      createdAt
      documentType {
        name
      }
    }
    pages
    total
    more
  }
}
    `) as unknown as TypedDocumentString<DocumentRulesPageQuery, DocumentRulesPageQueryVariables>;
export const RuleDocumentTypeNamesDocument = new TypedDocumentString(`
    query RuleDocumentTypeNames {
  documentTypes {
    name
  }
}
    `) as unknown as TypedDocumentString<RuleDocumentTypeNamesQuery, RuleDocumentTypeNamesQueryVariables>;
export const DocumentRuleDetailDocument = new TypedDocumentString(`
    query DocumentRuleDetail($id: ID!) {
  documentRule(id: $id) {
    id
    description
    state
    nota
    code
    packageJSON
    createdAt
    updatedAt
    documentType {
      name
    }
    dataTables {
      name
    }
  }
}
    `) as unknown as TypedDocumentString<DocumentRuleDetailQuery, DocumentRuleDetailQueryVariables>;
export const DeleteDocumentRuleDocument = new TypedDocumentString(`
    mutation DeleteDocumentRule($id: ID!) {
  deleteDocumentRule(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteDocumentRuleMutation, DeleteDocumentRuleMutationVariables>;
export const DocumentTypesPageDocument = new TypedDocumentString(`
    query DocumentTypesPage($input: TableInput) {
  documentTypesPage(input: $input) {
    items {
      name
      createdAt
      ruleCount
    }
    pages
    total
    more
  }
}
    `) as unknown as TypedDocumentString<DocumentTypesPageQuery, DocumentTypesPageQueryVariables>;
export const DossierTypesPageDocument = new TypedDocumentString(`
    query DossierTypesPage($input: TableInput) {
  dossierTypesPage(input: $input) {
    items {
      name
      createdAt
      ruleCount
      requiredMetas
    }
    pages
    total
    more
  }
}
    `) as unknown as TypedDocumentString<DossierTypesPageQuery, DossierTypesPageQueryVariables>;
export const DocumentTypeDetailDocument = new TypedDocumentString(`
    query DocumentTypeDetail($name: String!) {
  documentType(name: $name) {
    name
    createdAt
    ruleCount
  }
}
    `) as unknown as TypedDocumentString<DocumentTypeDetailQuery, DocumentTypeDetailQueryVariables>;
export const DossierTypeDetailDocument = new TypedDocumentString(`
    query DossierTypeDetail($name: String!) {
  dossierType(name: $name) {
    name
    createdAt
    ruleCount
    requiredMetas
  }
}
    `) as unknown as TypedDocumentString<DossierTypeDetailQuery, DossierTypeDetailQueryVariables>;
export const DocumentTypeRulesDocument = new TypedDocumentString(`
    query DocumentTypeRules($input: TableInput) {
  documentRulesPage(input: $input) {
    items {
      id
      description
      state
      code
      packageJSON
    }
    pages
    total
    more
  }
}
    `) as unknown as TypedDocumentString<DocumentTypeRulesQuery, DocumentTypeRulesQueryVariables>;
export const DossierTypeRulesDocument = new TypedDocumentString(`
    query DossierTypeRules($input: TableInput) {
  dossierRulesPage(input: $input) {
    items {
      id
      description
      code
      dossierType {
        name
      }
    }
    pages
    total
    more
  }
}
    `) as unknown as TypedDocumentString<DossierTypeRulesQuery, DossierTypeRulesQueryVariables>;
export const CreateDocumentTypeDocument = new TypedDocumentString(`
    mutation CreateDocumentType($name: String!) {
  createDocumentType(input: {name: $name}) {
    name
  }
}
    `) as unknown as TypedDocumentString<CreateDocumentTypeMutation, CreateDocumentTypeMutationVariables>;
export const CreateDossierTypeDocument = new TypedDocumentString(`
    mutation CreateDossierType($name: String!) {
  createDossierType(input: {name: $name}) {
    name
  }
}
    `) as unknown as TypedDocumentString<CreateDossierTypeMutation, CreateDossierTypeMutationVariables>;
export const DeleteDocumentTypeDocument = new TypedDocumentString(`
    mutation DeleteDocumentType($name: String!) {
  deleteDocumentType(name: $name)
}
    `) as unknown as TypedDocumentString<DeleteDocumentTypeMutation, DeleteDocumentTypeMutationVariables>;
export const DeleteDossierTypeDocument = new TypedDocumentString(`
    mutation DeleteDossierType($name: String!) {
  deleteDossierType(name: $name)
}
    `) as unknown as TypedDocumentString<DeleteDossierTypeMutation, DeleteDossierTypeMutationVariables>;
export const SetDossierTypeRequiredMetasDocument = new TypedDocumentString(`
    mutation SetDossierTypeRequiredMetas($name: String!, $metas: [String!]!) {
  setDossierTypeRequiredMetas(name: $name, metas: $metas) {
    name
    requiredMetas
  }
}
    `) as unknown as TypedDocumentString<SetDossierTypeRequiredMetasMutation, SetDossierTypeRequiredMetasMutationVariables>;
export const UsersDocument = new TypedDocumentString(`
    query Users($search: String) {
  users(search: $search) {
    ...UserFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}`) as unknown as TypedDocumentString<UsersQuery, UsersQueryVariables>;
export const UserDocument = new TypedDocumentString(`
    query User($email: String!) {
  user(email: $email) {
    ...UserFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}`) as unknown as TypedDocumentString<UserQuery, UserQueryVariables>;
export const CreateUserDocument = new TypedDocumentString(`
    mutation CreateUser($user: CreateUserInput!) {
  createUser(user: $user) {
    ...UserFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}`) as unknown as TypedDocumentString<CreateUserMutation, CreateUserMutationVariables>;
export const UpdateUserDocument = new TypedDocumentString(`
    mutation UpdateUser($email: String!, $user: UpdateUserInput!) {
  updateUser(email: $email, user: $user) {
    ...UserFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}`) as unknown as TypedDocumentString<UpdateUserMutation, UpdateUserMutationVariables>;
export const UpdateUserPasswordDocument = new TypedDocumentString(`
    mutation UpdateUserPassword($email: String!, $newPassword: String!) {
  updateUserPassword(email: $email, newPassword: $newPassword)
}
    `) as unknown as TypedDocumentString<UpdateUserPasswordMutation, UpdateUserPasswordMutationVariables>;
export const DeleteUserDocument = new TypedDocumentString(`
    mutation DeleteUser($email: String!) {
  deleteUser(email: $email)
}
    `) as unknown as TypedDocumentString<DeleteUserMutation, DeleteUserMutationVariables>;
export const ValidationRuleValidationsPageDocument = new TypedDocumentString(`
    query ValidationRuleValidationsPage($input: TableInput) {
  ruleValidationsPage(input: $input) {
    items {
      ...RuleValidationFields
    }
    pages
    total
    more
  }
}
    fragment RuleValidationFields on RuleValidation {
  id
  state
  istituto
  fileName
  createdAt
  startedAt
  finishedAt
  rulesInvalidated
  idDocument
  urlOcr
  error
  errorMessage {
    messageCode
    params
  }
  createdBy
}`) as unknown as TypedDocumentString<ValidationRuleValidationsPageQuery, ValidationRuleValidationsPageQueryVariables>;
export const ValidationDocValidationsPageDocument = new TypedDocumentString(`
    query ValidationDocValidationsPage($input: TableInput) {
  docValidationsPage(input: $input) {
    items {
      ...ValidationDocumentFields
    }
    pages
    total
    more
  }
}
    fragment ValidationDocumentFields on ValidationDocument {
  id
  description
  istitutoAppartenenza
  fileName
  urlOCR
  ocrError
  ocrErrorMessage {
    messageCode
    params
  }
  createdAt
  createdBy
  comparable
}`) as unknown as TypedDocumentString<ValidationDocValidationsPageQuery, ValidationDocValidationsPageQueryVariables>;
export const ValidationRuleValidationDocument = new TypedDocumentString(`
    query ValidationRuleValidation($id: ID!) {
  ruleValidation(id: $id) {
    ...RuleValidationFields
    invalidRules {
      id
      idRule
      description
      missing
      present
    }
  }
}
    fragment RuleValidationFields on RuleValidation {
  id
  state
  istituto
  fileName
  createdAt
  startedAt
  finishedAt
  rulesInvalidated
  idDocument
  urlOcr
  error
  errorMessage {
    messageCode
    params
  }
  createdBy
}`) as unknown as TypedDocumentString<ValidationRuleValidationQuery, ValidationRuleValidationQueryVariables>;
export const ValidationDownloadOcrDocument = new TypedDocumentString(`
    query ValidationDownloadOCR($id: ID!) {
  downloadOCR(id: $id) {
    name
    base64
  }
}
    `) as unknown as TypedDocumentString<ValidationDownloadOcrQuery, ValidationDownloadOcrQueryVariables>;
export const ValidationDownloadPdfDocument = new TypedDocumentString(`
    query ValidationDownloadPDF($id: ID!) {
  downloadPDF(id: $id) {
    name
    base64
  }
}
    `) as unknown as TypedDocumentString<ValidationDownloadPdfQuery, ValidationDownloadPdfQueryVariables>;
export const ValidationDownloadDiffDocument = new TypedDocumentString(`
    query ValidationDownloadDiff($id: ID!) {
  downloadDiff(id: $id) {
    name
    base64
  }
}
    `) as unknown as TypedDocumentString<ValidationDownloadDiffQuery, ValidationDownloadDiffQueryVariables>;
export const ValidationDownloadAllFilesDocument = new TypedDocumentString(`
    query ValidationDownloadAllFiles($id: ID!) {
  downloadAllValidationFiles(id: $id) {
    name
    base64
  }
}
    `) as unknown as TypedDocumentString<ValidationDownloadAllFilesQuery, ValidationDownloadAllFilesQueryVariables>;
export const ValidationDeleteDocValidationsDocument = new TypedDocumentString(`
    mutation ValidationDeleteDocValidations($ids: [ID!]!) {
  deleteDocValidations(ids: $ids)
}
    `) as unknown as TypedDocumentString<ValidationDeleteDocValidationsMutation, ValidationDeleteDocValidationsMutationVariables>;
export const ValidationRequestSignedUrlDocument = new TypedDocumentString(`
    mutation ValidationRequestSignedURL($filename: String!) {
  requestSignedURLForValidationDocument(filename: $filename) {
    url
    name
    expiresAt
    maxBytes
  }
}
    `) as unknown as TypedDocumentString<ValidationRequestSignedUrlMutation, ValidationRequestSignedUrlMutationVariables>;
export const ValidationCreateRuleValidationDocument = new TypedDocumentString(`
    mutation ValidationCreateRuleValidation($documentID: ID!, $name: String!, $url: String, $istitutoAppartenenza: String!) {
  createRuleValidation(
    documentID: $documentID
    name: $name
    url: $url
    istitutoAppartenenza: $istitutoAppartenenza
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<ValidationCreateRuleValidationMutation, ValidationCreateRuleValidationMutationVariables>;
export const ValidationRunValidationDocument = new TypedDocumentString(`
    mutation ValidationRunValidation($idDocValidation: ID!) {
  runValidation(idDocValidation: $idDocValidation) {
    id
  }
}
    `) as unknown as TypedDocumentString<ValidationRunValidationMutation, ValidationRunValidationMutationVariables>;
export const RolesDocument = new TypedDocumentString(`
    query Roles {
  roles {
    name
    description
  }
}
    `) as unknown as TypedDocumentString<RolesQuery, RolesQueryVariables>;
export const ImpersonatesDocument = new TypedDocumentString(`
    mutation Impersonates($email: String!) {
  impersonates(email: $email) {
    ...AuthSessionFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}
fragment AuthSessionFields on AuthSession {
  logged
  message
  messageCode
  user {
    ...UserFields
  }
  accessToken
  refreshToken
  accessUuid
  refreshUuid
  atExpires
  rtExpires
  permissions {
    resource
    action
  }
  impersonated
  impersonatedBy {
    ...UserFields
  }
}`) as unknown as TypedDocumentString<ImpersonatesMutation, ImpersonatesMutationVariables>;
export const EndImpersonationDocument = new TypedDocumentString(`
    mutation EndImpersonation {
  endImpersonation {
    ...AuthSessionFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}
fragment AuthSessionFields on AuthSession {
  logged
  message
  messageCode
  user {
    ...UserFields
  }
  accessToken
  refreshToken
  accessUuid
  refreshUuid
  atExpires
  rtExpires
  permissions {
    resource
    action
  }
  impersonated
  impersonatedBy {
    ...UserFields
  }
}`) as unknown as TypedDocumentString<EndImpersonationMutation, EndImpersonationMutationVariables>;
export const BasicLoginDocument = new TypedDocumentString(`
    mutation BasicLogin($username: String!, $password: String!) {
  basicLogin(username: $username, password: $password) {
    ...AuthSessionFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}
fragment AuthSessionFields on AuthSession {
  logged
  message
  messageCode
  user {
    ...UserFields
  }
  accessToken
  refreshToken
  accessUuid
  refreshUuid
  atExpires
  rtExpires
  permissions {
    resource
    action
  }
  impersonated
  impersonatedBy {
    ...UserFields
  }
}`) as unknown as TypedDocumentString<BasicLoginMutation, BasicLoginMutationVariables>;
export const GetNewAccessTokenDocument = new TypedDocumentString(`
    mutation GetNewAccessToken($refreshToken: String!) {
  getNewAccessToken(refreshToken: $refreshToken) {
    ...AuthSessionFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}
fragment AuthSessionFields on AuthSession {
  logged
  message
  messageCode
  user {
    ...UserFields
  }
  accessToken
  refreshToken
  accessUuid
  refreshUuid
  atExpires
  rtExpires
  permissions {
    resource
    action
  }
  impersonated
  impersonatedBy {
    ...UserFields
  }
}`) as unknown as TypedDocumentString<GetNewAccessTokenMutation, GetNewAccessTokenMutationVariables>;
export const LogoutDocument = new TypedDocumentString(`
    mutation Logout {
  logout
}
    `) as unknown as TypedDocumentString<LogoutMutation, LogoutMutationVariables>;
export const LoggedUserDocument = new TypedDocumentString(`
    query LoggedUser {
  loggedUser {
    ...UserFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}`) as unknown as TypedDocumentString<LoggedUserQuery, LoggedUserQueryVariables>;
export const SessionPingDocument = new TypedDocumentString(`
    mutation SessionPing {
  pingMutation
}
    `) as unknown as TypedDocumentString<SessionPingMutation, SessionPingMutationVariables>;
export const PermissionsChangedDocument = new TypedDocumentString(`
    subscription PermissionsChanged {
  permissionsChanged {
    resource
    action
  }
}
    `) as unknown as TypedDocumentString<PermissionsChangedSubscription, PermissionsChangedSubscriptionVariables>;
export const SystemHealthDocument = new TypedDocumentString(`
    query SystemHealth {
  systemHealth {
    workers
    backlog {
      queue
      waitingSince
    }
  }
}
    `) as unknown as TypedDocumentString<SystemHealthQuery, SystemHealthQueryVariables>;