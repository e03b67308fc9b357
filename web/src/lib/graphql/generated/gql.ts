/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation UpdateOwnData($email: String!, $user: UpdateUserInput!) {\n    updateUser(email: $email, user: $user) {\n      ...UserFields\n    }\n  }\n": typeof types.UpdateOwnDataDocument,
    "\n  mutation UpdateSelfPassword($email: String!, $oldPassword: String!, $newPassword: String!) {\n    updateSelfPassword(email: $email, oldPassword: $oldPassword, newPassword: $newPassword)\n  }\n": typeof types.UpdateSelfPasswordDocument,
    "\n  mutation UpdateAvatar($email: String!, $avatar: String!) {\n    updateAvatar(email: $email, avatar: $avatar) {\n      ...UserFields\n    }\n  }\n": typeof types.UpdateAvatarDocument,
    "\n  query ApiKeys($input: TableInput) {\n    apiKeys(input: $input) {\n      items {\n        id\n        name\n        prefix\n        subject\n        roles\n        allowedSources\n        expiresAt\n        createdBy\n        createdAt\n        rotatedAt\n        previousValidUntil\n        lastUsedAt\n        revokedAt\n        state\n      }\n      pages\n      total\n      more\n    }\n  }\n": typeof types.ApiKeysDocument,
    "\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      apiKey {\n        id\n        name\n        prefix\n      }\n      secret\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation RotateApiKey($id: ID!, $previousValidForHours: Int!) {\n    rotateApiKey(id: $id, previousValidForHours: $previousValidForHours) {\n      apiKey {\n        id\n        name\n        prefix\n        previousValidUntil\n      }\n      secret\n    }\n  }\n": typeof types.RotateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      state\n    }\n  }\n": typeof types.RevokeApiKeyDocument,
    "\n  mutation CallbackSecret($consumer: String!) {\n    callbackSecret(consumer: $consumer) {\n      consumer\n      secret\n      previousValidUntil\n    }\n  }\n": typeof types.CallbackSecretDocument,
    "\n  mutation RotateCallbackSecret($consumer: String!, $previousValidForHours: Int!) {\n    rotateCallbackSecret(consumer: $consumer, previousValidForHours: $previousValidForHours) {\n      consumer\n      secret\n      previousValidUntil\n    }\n  }\n": typeof types.RotateCallbackSecretDocument,
    "\n  query AuditLog($input: TableInput) {\n    auditLog(input: $input) {\n      items {\n        id\n        createdAt\n        actorEmail\n        impersonatorEmail\n        action\n        targetType\n        targetId\n        details\n      }\n      pages\n      total\n      more\n    }\n  }\n": typeof types.AuditLogDocument,
    "\n  query AuditActions {\n    auditActions\n  }\n": typeof types.AuditActionsDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input)\n  }\n": typeof types.RegisterDocument,
    "\n  mutation ConfirmRegistration($email: String!, $code: String!) {\n    confirmRegistration(email: $email, code: $code) {\n      ...AuthSessionFields\n    }\n  }\n": typeof types.ConfirmRegistrationDocument,
    "\n  mutation RecoverPassword($email: String!) {\n    recoverPassword(email: $email)\n  }\n": typeof types.RecoverPasswordDocument,
    "\n  mutation ResetPassword($email: String!, $code: String!, $newPassword: String!) {\n    resetPassword(email: $email, code: $code, newPassword: $newPassword) {\n      ...AuthSessionFields\n    }\n  }\n": typeof types.ResetPasswordDocument,
    "\n  query OperationsOverview($since: DateTime) {\n    operationsOverview(since: $since) {\n      since\n      dossiersByState {\n        state\n        count\n      }\n      documentsProcessedByHour {\n        hour\n        count\n      }\n      dossierRuleErrors\n      documentRuleErrors\n      latestRuleErrors {\n        dossierId\n        dossierDescription\n        ruleName\n        error\n        errorMessage {\n          messageCode\n          params\n        }\n        at\n      }\n    }\n  }\n": typeof types.OperationsOverviewDocument,
    "\n  query DashboardFailedJobs {\n    jobQueues {\n      name\n      failed\n    }\n  }\n": typeof types.DashboardFailedJobsDocument,
    "\n  query Ping {\n    ping\n  }\n": typeof types.PingDocument,
    "\n  mutation PingWorker {\n    pingWorker {\n      jobId\n      worker\n      roundTripMs\n    }\n  }\n": typeof types.PingWorkerDocument,
    "\n  query DataTablesPage($input: TableInput) {\n    dataTablesPage(input: $input) {\n      items {\n        name\n        ordinamento\n        updatedAt\n      }\n      pages\n      total\n      more\n    }\n  }\n": typeof types.DataTablesPageDocument,
    "\n  query DataTableDetail($name: String!) {\n    dataTable(name: $name) {\n      name\n      ordinamento\n      content\n      updatedAt\n    }\n  }\n": typeof types.DataTableDetailDocument,
    "\n  mutation CreateDataTable($input: CreateDataTableInput!) {\n    createDataTable(input: $input) {\n      name\n    }\n  }\n": typeof types.CreateDataTableDocument,
    "\n  mutation UpdateDataTable($name: String!, $input: UpdateDataTableInput!) {\n    updateDataTable(name: $name, input: $input) {\n      name\n      ordinamento\n      content\n      updatedAt\n    }\n  }\n": typeof types.UpdateDataTableDocument,
    "\n  mutation DeleteDataTable($name: String!) {\n    deleteDataTable(name: $name)\n  }\n": typeof types.DeleteDataTableDocument,
    "\n  query DocumentDetail($id: ID!) {\n    document(id: $id) {\n      id\n      name\n      description\n      state\n      metas\n      dossier {\n        id\n        description\n      }\n      documentType {\n        name\n      }\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      createdAt\n      updatedAt\n    }\n  }\n": typeof types.DocumentDetailDocument,
    "\n  query DocumentDetailPdf($id: ID!) {\n    document(id: $id) {\n      id\n      pdfUrl\n    }\n  }\n": typeof types.DocumentDetailPdfDocument,
    "\n  query DocumentDetailExtraction($id: ID!) {\n    document(id: $id) {\n      id\n      formData\n      rawText\n      rawTextWithGeometry\n      tables\n    }\n  }\n": typeof types.DocumentDetailExtractionDocument,
    "\n  query DocumentDetailLogs($document: ID!) {\n    getLogsByDocument(document: $document) {\n      id\n      event\n      message {\n        messageCode\n        params\n      }\n      timestamp\n    }\n  }\n": typeof types.DocumentDetailLogsDocument,
    "\n  query DocumentDetailRules($id: ID!, $withCode: Boolean!) {\n    getRulesByDocument(id: $id) {\n      id\n      description\n      state\n      active\n      code @include(if: $withCode)\n    }\n  }\n": typeof types.DocumentDetailRulesDocument,
    "\n  query DocumentDetailExecutionLogs($input: TableInput) {\n    ruleExecutionLogs(input: $input) {\n      items {\n        id\n        ruleId\n        ruleName\n        documentId\n        executedAt\n        platform\n        result\n        errors\n      }\n      pages\n      total\n      more\n    }\n  }\n": typeof types.DocumentDetailExecutionLogsDocument,
    "\n  query DocumentDetailExecutionLog($id: ID!, $withDataTables: Boolean!) {\n    ruleExecutionLog(id: $id) {\n      id\n      ruleName\n      executedAt\n      platform\n      result\n      logs\n      errors\n      rawText\n      formData\n      dataTables @include(if: $withDataTables)\n      tables\n      rawTextWithGeometry\n    }\n  }\n": typeof types.DocumentDetailExecutionLogDocument,
    "\n  mutation DocumentDetailReplaceMetas($id: ID!, $metas: String!) {\n    replaceDocumentMetas(id: $id, metas: $metas) {\n      id\n      metas\n      updatedAt\n    }\n  }\n": typeof types.DocumentDetailReplaceMetasDocument,
    "\n  mutation DocumentDetailRunRules($id: ID!) {\n    runDocumentRules(id: $id)\n  }\n": typeof types.DocumentDetailRunRulesDocument,
    "\n  mutation DocumentDetailRunRule($id: ID!, $ruleId: ID!) {\n    runDocumentRule(id: $id, ruleId: $ruleId)\n  }\n": typeof types.DocumentDetailRunRuleDocument,
    "\n  mutation DocumentDetailDelete($id: ID!) {\n    deleteDocument(id: $id)\n  }\n": typeof types.DocumentDetailDeleteDocument,
    "\n  query DocumentDetailDownload($id: ID!) {\n    downloadDocument(id: $id) {\n      filename\n      extension\n      url\n    }\n  }\n": typeof types.DocumentDetailDownloadDocument,
    "\n  fragment DossierListFields on Dossier {\n    id\n    description\n    state\n    createdAt\n    updatedAt\n    dossierType {\n      name\n    }\n  }\n": typeof types.DossierListFieldsFragmentDoc,
    "\n  query Dossiers($input: TableInput) {\n    dossiers(input: $input) {\n      items {\n        ...DossierListFields\n      }\n      pages\n      total\n      more\n    }\n  }\n": typeof types.DossiersDocument,
    "\n  query DossierTypeNames {\n    dossierTypes(limit: 200) {\n      name\n    }\n  }\n": typeof types.DossierTypeNamesDocument,
    "\n  query Dossier($id: ID!) {\n    dossier(id: $id) {\n      ...DossierListFields\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      input\n      callbackUrl\n      idValutazione\n    }\n  }\n": typeof types.DossierDocument,
    "\n  query DossierCallbacks($id: ID!) {\n    dossierCallbacks(id: $id) {\n      id\n      success\n      timestamp\n      url\n      method\n      requestBody\n      responseCode\n      responseBody\n      errorDescription\n      attempt\n      requestHeaders {\n        name\n        value\n      }\n    }\n  }\n": typeof types.DossierCallbacksDocument,
    "\n  query DossierDocuments($dossier: ID!) {\n    documentsByDossier(dossier: $dossier) {\n      id\n      name\n      description\n      state\n      metas\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      createdAt\n      updatedAt\n      documentType {\n        name\n      }\n    }\n  }\n": typeof types.DossierDocumentsDocument,
    "\n  query DossierExecutionCount($dossierID: ID!) {\n    getDossierRulesExecutionCount(dossierID: $dossierID) {\n      processed\n      total\n      errors\n    }\n  }\n": typeof types.DossierExecutionCountDocument,
    "\n  query DossierExecutions($input: TableInput) {\n    dossierRuleExecutions(input: $input) {\n      items {\n        id\n        ruleId\n        ruleName\n        state\n        platform\n        createdAt\n        finishedAt\n        error\n        errorMessage {\n          messageCode\n          params\n        }\n        inputIndex\n        input\n        result\n      }\n      pages\n      total\n      more\n    }\n  }\n": typeof types.DossierExecutionsDocument,
    "\n  query DossierRuleLogs($input: TableInput) {\n    dossierRuleExecutionLogs(input: $input) {\n      items {\n        id\n        ruleId\n        ruleName\n        executedAt\n        platform\n        result\n        code\n        metas\n        input\n        logs\n        errors\n      }\n      pages\n      total\n      more\n    }\n  }\n": typeof types.DossierRuleLogsDocument,
    "\n  query DossierAggregate($dossierID: ID!) {\n    getDossierResultAggregate(dossierID: $dossierID)\n  }\n": typeof types.DossierAggregateDocument,
    "\n  query DossierMetasCheck($id: ID!) {\n    metasCheck(id: $id) {\n      valid\n      conflicts {\n        name\n        values {\n          value\n          count\n        }\n      }\n      missingRequired\n    }\n  }\n": typeof types.DossierMetasCheckDocument,
    "\n  query DownloadDossier($id: ID!) {\n    downloadDossier(id: $id) {\n      filename\n      extension\n      url\n    }\n  }\n": typeof types.DownloadDossierDocument,
    "\n  mutation DeleteDossier($id: ID!) {\n    deleteDossier(id: $id)\n  }\n": typeof types.DeleteDossierDocument,
    "\n  mutation RunDossierRules($id: ID!) {\n    runDossierRules(id: $id)\n  }\n": typeof types.RunDossierRulesDocument,
    "\n  mutation RunAgainDossierRulesInError($id: ID!) {\n    runAgainDossierRulesThatHasErrors(id: $id)\n  }\n": typeof types.RunAgainDossierRulesInErrorDocument,
    "\n  mutation FixMetas($id: ID!, $metas: [MetaInput!]!) {\n    fixMetas(id: $id, metas: $metas) {\n      valid\n    }\n  }\n": typeof types.FixMetasDocument,
    "\n  subscription DossierStateChanged($id: ID) {\n    dossierStateChanged(id: $id) {\n      dossierId\n      documentId\n      state\n      at\n    }\n  }\n": typeof types.DossierStateChangedDocument,
    "\n  mutation ResendDossierCallback($id: ID!) {\n    resendDossierCallback(id: $id)\n  }\n": typeof types.ResendDossierCallbackDocument,
    "\n  query ImportDocumentTypes {\n    documentTypes(limit: 1000) {\n      name\n    }\n  }\n": typeof types.ImportDocumentTypesDocument,
    "\n  query ImportDossierTypes {\n    dossierTypes(limit: 1000) {\n      name\n    }\n  }\n": typeof types.ImportDossierTypesDocument,
    "\n  query ImportedDossier($id: ID!) {\n    dossier(id: $id) {\n      id\n      state\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n    }\n  }\n": typeof types.ImportedDossierDocument,
    "\n  query JobQueues {\n    jobQueues {\n      name\n      waiting\n      outbox\n      retrying\n      running\n      failed\n      doneLastHour\n      failedLastHour\n      paused\n    }\n  }\n": typeof types.JobQueuesDocument,
    "\n  query JobThroughput {\n    jobThroughput {\n      queue\n      minutes {\n        at\n        succeeded\n        failed\n        retried\n      }\n    }\n  }\n": typeof types.JobThroughputDocument,
    "\n  query JobWorkers {\n    jobWorkers {\n      instance\n      identity\n      startedAt\n      heartbeatAt\n      metricsAddr\n      queues {\n        queue\n        concurrency\n      }\n    }\n  }\n": typeof types.JobWorkersDocument,
    "\n  query FailedJobs($filter: FailedJobFilter, $page: TableInput) {\n    failedJobs(filter: $filter, page: $page) {\n      items {\n        id\n        queue\n        failedAt\n        attempts\n        error\n        errorCode\n        errorParams\n        dossierId\n        worker\n      }\n      pages\n      total\n      more\n    }\n  }\n": typeof types.FailedJobsDocument,
    "\n  query FailedJob($id: ID!) {\n    failedJob(id: $id) {\n      job {\n        id\n        queue\n        failedAt\n        attempts\n        error\n        errorCode\n        errorParams\n        dossierId\n        worker\n      }\n      payload\n      dossierExists\n      history {\n        attempt\n        worker\n        error\n        errorCode\n        errorParams\n        failedAt\n      }\n    }\n  }\n": typeof types.FailedJobDocument,
    "\n  mutation RetryFailedJob($id: ID!) {\n    retryFailedJob(id: $id)\n  }\n": typeof types.RetryFailedJobDocument,
    "\n  mutation DiscardFailedJob($id: ID!) {\n    discardFailedJob(id: $id)\n  }\n": typeof types.DiscardFailedJobDocument,
    "\n  mutation RetryFailedJobs($filter: FailedJobFilter!) {\n    retryFailedJobs(filter: $filter) {\n      done\n      more\n    }\n  }\n": typeof types.RetryFailedJobsDocument,
    "\n  mutation DiscardFailedJobs($filter: FailedJobFilter!) {\n    discardFailedJobs(filter: $filter) {\n      done\n      more\n    }\n  }\n": typeof types.DiscardFailedJobsDocument,
    "\n  mutation PauseQueue($queue: String!) {\n    pauseQueue(queue: $queue)\n  }\n": typeof types.PauseQueueDocument,
    "\n  mutation ResumeQueue($queue: String!) {\n    resumeQueue(queue: $queue)\n  }\n": typeof types.ResumeQueueDocument,
    "\n  query NotificationReceivers {\n    notificationReceivers {\n      id\n    }\n  }\n": typeof types.NotificationReceiversDocument,
    "\n  mutation AddNotificationReceiver($receiver: String!) {\n    addNotificationReceiver(receiver: $receiver) {\n      id\n    }\n  }\n": typeof types.AddNotificationReceiverDocument,
    "\n  mutation DeleteNotificationReceiver($receiver: String!) {\n    deleteNotificationReceiver(receiver: $receiver) {\n      id\n    }\n  }\n": typeof types.DeleteNotificationReceiverDocument,
    "\n  query PlaygroundDocumentRulesList($input: TableInput) {\n    documentRulesPage(input: $input) {\n      items {\n        id\n        description\n        nota\n        active\n        documentType {\n          name\n        }\n      }\n      pages\n      total\n      more\n    }\n  }\n": typeof types.PlaygroundDocumentRulesListDocument,
    "\n  query PlaygroundDocumentTypeNames {\n    documentTypes {\n      name\n    }\n  }\n": typeof types.PlaygroundDocumentTypeNamesDocument,
    "\n  query PlaygroundDossierRulesList($input: TableInput, $code: String!, $withCode: Boolean!) {\n    dossierRulesPage(input: $input) {\n      items {\n        id\n        description\n        istitutoAppartenenza\n        valid\n        gruppo\n        nota\n        active\n        codeMatches(search: $code) @include(if: $withCode) {\n          line\n          text\n        }\n      }\n      pages\n      total\n      more\n    }\n  }\n": typeof types.PlaygroundDossierRulesListDocument,
    "\n  mutation PlaygroundListSetDocumentRuleActive($id: ID!, $active: Boolean!) {\n    setDocumentRuleActive(id: $id, active: $active) {\n      id\n      active\n    }\n  }\n": typeof types.PlaygroundListSetDocumentRuleActiveDocument,
    "\n  mutation PlaygroundListDeleteDocumentRule($id: ID!) {\n    deleteDocumentRule(id: $id)\n  }\n": typeof types.PlaygroundListDeleteDocumentRuleDocument,
    "\n  mutation PlaygroundListSetDossierRuleActive($id: ID!, $active: Boolean!) {\n    setDossierRuleActive(id: $id, active: $active) {\n      id\n      active\n    }\n  }\n": typeof types.PlaygroundListSetDossierRuleActiveDocument,
    "\n  mutation PlaygroundListDeleteDossierRule($id: ID!) {\n    deleteDossierRule(id: $id)\n  }\n": typeof types.PlaygroundListDeleteDossierRuleDocument,
    "\n  mutation PlaygroundImportDossierRules($input: String!) {\n    importDossierRules(input: $input) {\n      id\n    }\n  }\n": typeof types.PlaygroundImportDossierRulesDocument,
    "\n  mutation PlaygroundNewDocumentRule($input: CreateDocumentRuleInput!) {\n    createDocumentRule(input: $input) {\n      id\n    }\n  }\n": typeof types.PlaygroundNewDocumentRuleDocument,
    "\n  mutation PlaygroundNewDossierRule($input: CreateDossierRuleInput!) {\n    createDossierRule(input: $input) {\n      id\n    }\n  }\n": typeof types.PlaygroundNewDossierRuleDocument,
    "\n  query PlaygroundValidationDocumentOptions($input: TableInput) {\n    docValidationsPage(input: $input) {\n      items {\n        id\n        description\n        istitutoAppartenenza\n        urlOCR\n        createdAt\n      }\n      total\n    }\n  }\n": typeof types.PlaygroundValidationDocumentOptionsDocument,
    "\n  query PlaygroundDocumentTypeOptions($input: TableInput) {\n    documentTypesPage(input: $input) {\n      items {\n        name\n      }\n      total\n    }\n  }\n": typeof types.PlaygroundDocumentTypeOptionsDocument,
    "\n  query PlaygroundDataTableOptions($input: TableInput) {\n    dataTablesPage(input: $input) {\n      items {\n        name\n      }\n      total\n    }\n  }\n": typeof types.PlaygroundDataTableOptionsDocument,
    "\n  query RuleEditorDocumentRule($id: ID!) {\n    documentRule(id: $id) {\n      id\n      description\n      code\n      packageJSON\n      nota\n      active\n      documentType {\n        name\n      }\n      dataTables {\n        name\n      }\n      updatedAt\n    }\n  }\n": typeof types.RuleEditorDocumentRuleDocument,
    "\n  query RuleEditorDossierRule($id: ID!) {\n    dossierRule(id: $id) {\n      id\n      description\n      istitutoAppartenenza\n      code\n      packageJSON\n      mustContain\n      notContain\n      nota\n      gruppo\n      active\n      valid\n      dossierType {\n        name\n      }\n      updatedAt\n    }\n  }\n": typeof types.RuleEditorDossierRuleDocument,
    "\n  query RuleEditorHelper($id: ID!) {\n    getHelperCode(id: $id) {\n      id\n      code\n    }\n  }\n": typeof types.RuleEditorHelperDocument,
    "\n  mutation RuleEditorUpdateDocumentRule($id: ID!, $input: UpdateDocumentRuleInput!) {\n    updateDocumentRule(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.RuleEditorUpdateDocumentRuleDocument,
    "\n  mutation RuleEditorUpdateDossierRule($id: ID!, $input: UpdateDossierRuleInput!) {\n    updateDossierRule(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.RuleEditorUpdateDossierRuleDocument,
    "\n  mutation RuleEditorUpdateHelper($id: ID!, $code: String!) {\n    updateHelperCode(id: $id, code: $code) {\n      id\n    }\n  }\n": typeof types.RuleEditorUpdateHelperDocument,
    "\n  query RuleEditorDocumentTypes {\n    documentTypes {\n      name\n    }\n  }\n": typeof types.RuleEditorDocumentTypesDocument,
    "\n  query RuleEditorDataTables {\n    dataTables {\n      name\n    }\n  }\n": typeof types.RuleEditorDataTablesDocument,
    "\n  query RuleEditorDocuments($search: String, $documentType: String, $limit: Int, $offset: Int) {\n    documentsInfo(search: $search, documentType: $documentType, extracted: true, limit: $limit, offset: $offset) {\n      id\n      name\n      description\n      dossier {\n        id\n        description\n      }\n    }\n  }\n": typeof types.RuleEditorDocumentsDocument,
    "\n  query RuleEditorDocumentCheck($id: ID!) {\n    document(id: $id) {\n      id\n      name\n      state\n      documentType {\n        name\n      }\n    }\n  }\n": typeof types.RuleEditorDocumentCheckDocument,
    "\n  query RuleEditorDossiers($input: TableInput) {\n    getPaginatedDossier(input: $input) {\n      items {\n        id\n        description\n        state\n        createdAt\n        input\n        dossierType {\n          name\n        }\n      }\n      pages\n      total\n    }\n  }\n": typeof types.RuleEditorDossiersDocument,
    "\n  mutation RuleEditorRunDocumentRule($id: ID!, $ruleID: ID, $ruleName: String, $code: String!, $packagecode: String, $dataTables: [String!], $helper: String) {\n    runTemporaryRule(id: $id, ruleID: $ruleID, ruleName: $ruleName, code: $code, packagecode: $packagecode, dataTables: $dataTables, helper: $helper) {\n      Result\n      executionId\n      logs\n      errorDescription\n    }\n  }\n": typeof types.RuleEditorRunDocumentRuleDocument,
    "\n  mutation RuleEditorRunDossierRule($id: ID!, $ruleID: ID, $ruleName: String, $code: String!, $packagecode: String, $helper: String) {\n    runTemporaryDossierRule(id: $id, ruleID: $ruleID, ruleName: $ruleName, code: $code, packagecode: $packagecode, helper: $helper) {\n      input\n      result\n      errors\n      logs\n    }\n  }\n": typeof types.RuleEditorRunDossierRuleDocument,
    "\n  query RuleEditorDownloadDocumentRule($id: ID!, $ruleId: ID!) {\n    downloadDocumentRule(id: $id, ruleId: $ruleId) {\n      name\n      base64Content\n    }\n  }\n": typeof types.RuleEditorDownloadDocumentRuleDocument,
    "\n  query RuleEditorDownloadDossierRule($id: ID!, $ruleId: ID!) {\n    downloadDossierRule(id: $id, ruleId: $ruleId) {\n      name\n      base64Content\n    }\n  }\n": typeof types.RuleEditorDownloadDossierRuleDocument,
    "\n  query RuleEditorCheckCode($kind: RuleKind!, $code: String!, $helper: String) {\n    checkRuleCode(kind: $kind, code: $code, helper: $helper) {\n      ok\n      file\n      line\n      column\n      message\n    }\n  }\n": typeof types.RuleEditorCheckCodeDocument,
    "\n  query RuleEditorVersions($ruleId: ID!, $input: TableInput) {\n    ruleVersions(ruleId: $ruleId, input: $input) {\n      items {\n        version\n        author\n        createdAt\n        description\n        code\n        helper\n        packageJSON\n        metadata\n      }\n      pages\n      total\n    }\n  }\n": typeof types.RuleEditorVersionsDocument,
    "\n  mutation RuleEditorRestoreVersion($ruleId: ID!, $version: Int!) {\n    restoreRuleVersion(ruleId: $ruleId, version: $version) {\n      version\n    }\n  }\n": typeof types.RuleEditorRestoreVersionDocument,
    "\n  mutation RuleEditorStartWhatIf($input: WhatIfInput!) {\n    startWhatIf(input: $input) {\n      id\n      ruleId\n      state\n      requestedBy\n      limit\n      since\n      until\n      total\n      done\n      changed\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      createdAt\n      finishedAt\n    }\n  }\n": typeof types.RuleEditorStartWhatIfDocument,
    "\n  mutation RuleEditorCancelWhatIf($id: ID!) {\n    cancelWhatIf(id: $id) {\n      id\n      ruleId\n      state\n      requestedBy\n      limit\n      since\n      until\n      total\n      done\n      changed\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      createdAt\n      finishedAt\n    }\n  }\n": typeof types.RuleEditorCancelWhatIfDocument,
    "\n  query RuleEditorWhatIfRun($id: ID!) {\n    whatIfRun(id: $id) {\n      id\n      ruleId\n      state\n      requestedBy\n      limit\n      since\n      until\n      total\n      done\n      changed\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      createdAt\n      finishedAt\n    }\n  }\n": typeof types.RuleEditorWhatIfRunDocument,
    "\n  query RuleEditorWhatIfRuns($ruleId: ID!, $limit: Int) {\n    whatIfRuns(ruleId: $ruleId, limit: $limit) {\n      id\n      ruleId\n      state\n      requestedBy\n      limit\n      since\n      until\n      total\n      done\n      changed\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      createdAt\n      finishedAt\n    }\n  }\n": typeof types.RuleEditorWhatIfRunsDocument,
    "\n  query RuleEditorWhatIfChanges($id: ID!, $input: TableInput) {\n    whatIfRun(id: $id) {\n      id\n      changes(input: $input) {\n        items {\n          itemId\n          documentId\n          name\n          dossierId\n          inputIndex\n          changes\n          before\n          after\n        }\n        pages\n        total\n        more\n      }\n    }\n  }\n": typeof types.RuleEditorWhatIfChangesDocument,
    "\n  query Policies {\n    getPolicies {\n      subject\n      domain\n      object\n      action\n    }\n  }\n": typeof types.PoliciesDocument,
    "\n  query Groups {\n    getGroups {\n      subject\n      domain\n      role\n    }\n  }\n": typeof types.GroupsDocument,
    "\n  query UserOptions($search: String, $limit: Int) {\n    users(search: $search, limit: $limit) {\n      email\n      firstName\n      lastName\n    }\n  }\n": typeof types.UserOptionsDocument,
    "\n  mutation CreateRole($name: String!, $description: String) {\n    createRole(name: $name, description: $description) {\n      name\n      description\n    }\n  }\n": typeof types.CreateRoleDocument,
    "\n  mutation DeleteRole($name: String!) {\n    deleteRole(name: $name)\n  }\n": typeof types.DeleteRoleDocument,
    "\n  mutation AddPolicy($subject: String!, $object: String!, $action: String!) {\n    AddPolicy(subject: $subject, object: $object, action: $action) {\n      subject\n      domain\n      object\n      action\n    }\n  }\n": typeof types.AddPolicyDocument,
    "\n  mutation DeletePolicy($subject: String!, $object: String!, $action: String!, $domain: String) {\n    deletePolicy(subject: $subject, object: $object, action: $action, domain: $domain)\n  }\n": typeof types.DeletePolicyDocument,
    "\n  mutation AddGroup($subject: String!, $role: String!) {\n    AddGroup(subject: $subject, role: $role) {\n      subject\n      domain\n      role\n    }\n  }\n": typeof types.AddGroupDocument,
    "\n  mutation DeleteGroup($subject: String!, $role: String!, $domain: String) {\n    deleteGroup(subject: $subject, role: $role, domain: $domain)\n  }\n": typeof types.DeleteGroupDocument,
    "\n  query DocumentRulesPage($input: TableInput) {\n    documentRulesPage(input: $input) {\n      items {\n        id\n        description\n        state\n        createdAt\n        documentType {\n          name\n        }\n      }\n      pages\n      total\n      more\n    }\n  }\n": typeof types.DocumentRulesPageDocument,
    "\n  query RuleDocumentTypeNames {\n    documentTypes {\n      name\n    }\n  }\n": typeof types.RuleDocumentTypeNamesDocument,
    "\n  query DocumentRuleDetail($id: ID!) {\n    documentRule(id: $id) {\n      id\n      description\n      state\n      nota\n      code\n      packageJSON\n      createdAt\n      updatedAt\n      documentType {\n        name\n      }\n      dataTables {\n        name\n      }\n    }\n  }\n": typeof types.DocumentRuleDetailDocument,
    "\n  mutation DeleteDocumentRule($id: ID!) {\n    deleteDocumentRule(id: $id)\n  }\n": typeof types.DeleteDocumentRuleDocument,
    "\n  query DocumentTypesPage($input: TableInput) {\n    documentTypesPage(input: $input) {\n      items {\n        name\n        createdAt\n        ruleCount\n      }\n      pages\n      total\n      more\n    }\n  }\n": typeof types.DocumentTypesPageDocument,
    "\n  query DossierTypesPage($input: TableInput) {\n    dossierTypesPage(input: $input) {\n      items {\n        name\n        createdAt\n        ruleCount\n        requiredMetas\n      }\n      pages\n      total\n      more\n    }\n  }\n": typeof types.DossierTypesPageDocument,
    "\n  query DocumentTypeDetail($name: String!) {\n    documentType(name: $name) {\n      name\n      createdAt\n      ruleCount\n    }\n  }\n": typeof types.DocumentTypeDetailDocument,
    "\n  query DossierTypeDetail($name: String!) {\n    dossierType(name: $name) {\n      name\n      createdAt\n      ruleCount\n      requiredMetas\n    }\n  }\n": typeof types.DossierTypeDetailDocument,
    "\n  query DocumentTypeRules($input: TableInput) {\n    documentRulesPage(input: $input) {\n      items {\n        id\n        description\n        state\n        code\n        packageJSON\n      }\n      pages\n      total\n      more\n    }\n  }\n": typeof types.DocumentTypeRulesDocument,
    "\n  query DossierTypeRules($input: TableInput) {\n    dossierRulesPage(input: $input) {\n      items {\n        id\n        description\n        code\n        dossierType {\n          name\n        }\n      }\n      pages\n      total\n      more\n    }\n  }\n": typeof types.DossierTypeRulesDocument,
    "\n  mutation CreateDocumentType($name: String!) {\n    createDocumentType(input: { name: $name }) {\n      name\n    }\n  }\n": typeof types.CreateDocumentTypeDocument,
    "\n  mutation CreateDossierType($name: String!) {\n    createDossierType(input: { name: $name }) {\n      name\n    }\n  }\n": typeof types.CreateDossierTypeDocument,
    "\n  mutation DeleteDocumentType($name: String!) {\n    deleteDocumentType(name: $name)\n  }\n": typeof types.DeleteDocumentTypeDocument,
    "\n  mutation DeleteDossierType($name: String!) {\n    deleteDossierType(name: $name)\n  }\n": typeof types.DeleteDossierTypeDocument,
    "\n  mutation SetDossierTypeRequiredMetas($name: String!, $metas: [String!]!) {\n    setDossierTypeRequiredMetas(name: $name, metas: $metas) {\n      name\n      requiredMetas\n    }\n  }\n": typeof types.SetDossierTypeRequiredMetasDocument,
    "\n  query Users($search: String) {\n    users(search: $search) {\n      ...UserFields\n    }\n  }\n": typeof types.UsersDocument,
    "\n  query User($email: String!) {\n    user(email: $email) {\n      ...UserFields\n    }\n  }\n": typeof types.UserDocument,
    "\n  mutation CreateUser($user: CreateUserInput!) {\n    createUser(user: $user) {\n      ...UserFields\n    }\n  }\n": typeof types.CreateUserDocument,
    "\n  mutation UpdateUser($email: String!, $user: UpdateUserInput!) {\n    updateUser(email: $email, user: $user) {\n      ...UserFields\n    }\n  }\n": typeof types.UpdateUserDocument,
    "\n  mutation UpdateUserPassword($email: String!, $newPassword: String!) {\n    updateUserPassword(email: $email, newPassword: $newPassword)\n  }\n": typeof types.UpdateUserPasswordDocument,
    "\n  mutation DeleteUser($email: String!) {\n    deleteUser(email: $email)\n  }\n": typeof types.DeleteUserDocument,
    "\n  fragment RuleValidationFields on RuleValidation {\n    id\n    state\n    istituto\n    fileName\n    createdAt\n    startedAt\n    finishedAt\n    rulesInvalidated\n    idDocument\n    urlOcr\n    error\n    errorMessage {\n      messageCode\n      params\n    }\n    createdBy\n  }\n": typeof types.RuleValidationFieldsFragmentDoc,
    "\n  fragment ValidationDocumentFields on ValidationDocument {\n    id\n    description\n    istitutoAppartenenza\n    fileName\n    urlOCR\n    ocrError\n    ocrErrorMessage {\n      messageCode\n      params\n    }\n    createdAt\n    createdBy\n    comparable\n  }\n": typeof types.ValidationDocumentFieldsFragmentDoc,
    "\n  query ValidationRuleValidationsPage($input: TableInput) {\n    ruleValidationsPage(input: $input) {\n      items {\n        ...RuleValidationFields\n      }\n      pages\n      total\n      more\n    }\n  }\n": typeof types.ValidationRuleValidationsPageDocument,
    "\n  query ValidationDocValidationsPage($input: TableInput) {\n    docValidationsPage(input: $input) {\n      items {\n        ...ValidationDocumentFields\n      }\n      pages\n      total\n      more\n    }\n  }\n": typeof types.ValidationDocValidationsPageDocument,
    "\n  query ValidationRuleValidation($id: ID!) {\n    ruleValidation(id: $id) {\n      ...RuleValidationFields\n      invalidRules {\n        id\n        idRule\n        description\n        missing\n        present\n      }\n    }\n  }\n": typeof types.ValidationRuleValidationDocument,
    "\n  query ValidationDownloadOCR($id: ID!) {\n    downloadOCR(id: $id) {\n      name\n      base64\n    }\n  }\n": typeof types.ValidationDownloadOcrDocument,
    "\n  query ValidationDownloadPDF($id: ID!) {\n    downloadPDF(id: $id) {\n      name\n      base64\n    }\n  }\n": typeof types.ValidationDownloadPdfDocument,
    "\n  query ValidationDownloadDiff($id: ID!) {\n    downloadDiff(id: $id) {\n      name\n      base64\n    }\n  }\n": typeof types.ValidationDownloadDiffDocument,
    "\n  query ValidationDownloadAllFiles($id: ID!) {\n    downloadAllValidationFiles(id: $id) {\n      name\n      base64\n    }\n  }\n": typeof types.ValidationDownloadAllFilesDocument,
    "\n  mutation ValidationDeleteDocValidations($ids: [ID!]!) {\n    deleteDocValidations(ids: $ids)\n  }\n": typeof types.ValidationDeleteDocValidationsDocument,
    "\n  mutation ValidationRequestSignedURL($filename: String!) {\n    requestSignedURLForValidationDocument(filename: $filename) {\n      url\n      name\n      expiresAt\n      maxBytes\n    }\n  }\n": typeof types.ValidationRequestSignedUrlDocument,
    "\n  mutation ValidationCreateRuleValidation($documentID: ID!, $name: String!, $url: String, $istitutoAppartenenza: String!) {\n    createRuleValidation(documentID: $documentID, name: $name, url: $url, istitutoAppartenenza: $istitutoAppartenenza) {\n      id\n    }\n  }\n": typeof types.ValidationCreateRuleValidationDocument,
    "\n  mutation ValidationRunValidation($idDocValidation: ID!) {\n    runValidation(idDocValidation: $idDocValidation) {\n      id\n    }\n  }\n": typeof types.ValidationRunValidationDocument,
    "\n  query Roles {\n    roles {\n      name\n      description\n    }\n  }\n": typeof types.RolesDocument,
    "\n  fragment UserFields on User {\n    email\n    firstName\n    lastName\n    avatar\n    createdAt\n  }\n": typeof types.UserFieldsFragmentDoc,
    "\n  fragment AuthSessionFields on AuthSession {\n    logged\n    message\n    messageCode\n    user {\n      ...UserFields\n    }\n    accessToken\n    refreshToken\n    accessUuid\n    refreshUuid\n    atExpires\n    rtExpires\n    permissions {\n      resource\n      action\n    }\n    impersonated\n    impersonatedBy {\n      ...UserFields\n    }\n  }\n": typeof types.AuthSessionFieldsFragmentDoc,
    "\n  mutation Impersonates($email: String!) {\n    impersonates(email: $email) {\n      ...AuthSessionFields\n    }\n  }\n": typeof types.ImpersonatesDocument,
    "\n  mutation EndImpersonation {\n    endImpersonation {\n      ...AuthSessionFields\n    }\n  }\n": typeof types.EndImpersonationDocument,
    "\n  mutation BasicLogin($username: String!, $password: String!) {\n    basicLogin(username: $username, password: $password) {\n      ...AuthSessionFields\n    }\n  }\n": typeof types.BasicLoginDocument,
    "\n  mutation GetNewAccessToken($refreshToken: String!) {\n    getNewAccessToken(refreshToken: $refreshToken) {\n      ...AuthSessionFields\n    }\n  }\n": typeof types.GetNewAccessTokenDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  query LoggedUser {\n    loggedUser {\n      ...UserFields\n    }\n  }\n": typeof types.LoggedUserDocument,
    "\n  mutation SessionPing {\n    pingMutation\n  }\n": typeof types.SessionPingDocument,
    "\n  subscription PermissionsChanged {\n    permissionsChanged {\n      resource\n      action\n    }\n  }\n": typeof types.PermissionsChangedDocument,
    "\n  query SystemHealth {\n    systemHealth {\n      workers\n      backlog {\n        queue\n        waitingSince\n      }\n    }\n  }\n": typeof types.SystemHealthDocument,
};
const documents: Documents = {
    "\n  mutation UpdateOwnData($email: String!, $user: UpdateUserInput!) {\n    updateUser(email: $email, user: $user) {\n      ...UserFields\n    }\n  }\n": types.UpdateOwnDataDocument,
    "\n  mutation UpdateSelfPassword($email: String!, $oldPassword: String!, $newPassword: String!) {\n    updateSelfPassword(email: $email, oldPassword: $oldPassword, newPassword: $newPassword)\n  }\n": types.UpdateSelfPasswordDocument,
    "\n  mutation UpdateAvatar($email: String!, $avatar: String!) {\n    updateAvatar(email: $email, avatar: $avatar) {\n      ...UserFields\n    }\n  }\n": types.UpdateAvatarDocument,
    "\n  query ApiKeys($input: TableInput) {\n    apiKeys(input: $input) {\n      items {\n        id\n        name\n        prefix\n        subject\n        roles\n        allowedSources\n        expiresAt\n        createdBy\n        createdAt\n        rotatedAt\n        previousValidUntil\n        lastUsedAt\n        revokedAt\n        state\n      }\n      pages\n      total\n      more\n    }\n  }\n": types.ApiKeysDocument,
    "\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      apiKey {\n        id\n        name\n        prefix\n      }\n      secret\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation RotateApiKey($id: ID!, $previousValidForHours: Int!) {\n    rotateApiKey(id: $id, previousValidForHours: $previousValidForHours) {\n      apiKey {\n        id\n        name\n        prefix\n        previousValidUntil\n      }\n      secret\n    }\n  }\n": types.RotateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      state\n    }\n  }\n": types.RevokeApiKeyDocument,
    "\n  mutation CallbackSecret($consumer: String!) {\n    callbackSecret(consumer: $consumer) {\n      consumer\n      secret\n      previousValidUntil\n    }\n  }\n": types.CallbackSecretDocument,
    "\n  mutation RotateCallbackSecret($consumer: String!, $previousValidForHours: Int!) {\n    rotateCallbackSecret(consumer: $consumer, previousValidForHours: $previousValidForHours) {\n      consumer\n      secret\n      previousValidUntil\n    }\n  }\n": types.RotateCallbackSecretDocument,
    "\n  query AuditLog($input: TableInput) {\n    auditLog(input: $input) {\n      items {\n        id\n        createdAt\n        actorEmail\n        impersonatorEmail\n        action\n        targetType\n        targetId\n        details\n      }\n      pages\n      total\n      more\n    }\n  }\n": types.AuditLogDocument,
    "\n  query AuditActions {\n    auditActions\n  }\n": types.AuditActionsDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input)\n  }\n": types.RegisterDocument,
    "\n  mutation ConfirmRegistration($email: String!, $code: String!) {\n    confirmRegistration(email: $email, code: $code) {\n      ...AuthSessionFields\n    }\n  }\n": types.ConfirmRegistrationDocument,
    "\n  mutation RecoverPassword($email: String!) {\n    recoverPassword(email: $email)\n  }\n": types.RecoverPasswordDocument,
    "\n  mutation ResetPassword($email: String!, $code: String!, $newPassword: String!) {\n    resetPassword(email: $email, code: $code, newPassword: $newPassword) {\n      ...AuthSessionFields\n    }\n  }\n": types.ResetPasswordDocument,
    "\n  query OperationsOverview($since: DateTime) {\n    operationsOverview(since: $since) {\n      since\n      dossiersByState {\n        state\n        count\n      }\n      documentsProcessedByHour {\n        hour\n        count\n      }\n      dossierRuleErrors\n      documentRuleErrors\n      latestRuleErrors {\n        dossierId\n        dossierDescription\n        ruleName\n        error\n        errorMessage {\n          messageCode\n          params\n        }\n        at\n      }\n    }\n  }\n": types.OperationsOverviewDocument,
    "\n  query DashboardFailedJobs {\n    jobQueues {\n      name\n      failed\n    }\n  }\n": types.DashboardFailedJobsDocument,
    "\n  query Ping {\n    ping\n  }\n": types.PingDocument,
    "\n  mutation PingWorker {\n    pingWorker {\n      jobId\n      worker\n      roundTripMs\n    }\n  }\n": types.PingWorkerDocument,
    "\n  query DataTablesPage($input: TableInput) {\n    dataTablesPage(input: $input) {\n      items {\n        name\n        ordinamento\n        updatedAt\n      }\n      pages\n      total\n      more\n    }\n  }\n": types.DataTablesPageDocument,
    "\n  query DataTableDetail($name: String!) {\n    dataTable(name: $name) {\n      name\n      ordinamento\n      content\n      updatedAt\n    }\n  }\n": types.DataTableDetailDocument,
    "\n  mutation CreateDataTable($input: CreateDataTableInput!) {\n    createDataTable(input: $input) {\n      name\n    }\n  }\n": types.CreateDataTableDocument,
    "\n  mutation UpdateDataTable($name: String!, $input: UpdateDataTableInput!) {\n    updateDataTable(name: $name, input: $input) {\n      name\n      ordinamento\n      content\n      updatedAt\n    }\n  }\n": types.UpdateDataTableDocument,
    "\n  mutation DeleteDataTable($name: String!) {\n    deleteDataTable(name: $name)\n  }\n": types.DeleteDataTableDocument,
    "\n  query DocumentDetail($id: ID!) {\n    document(id: $id) {\n      id\n      name\n      description\n      state\n      metas\n      dossier {\n        id\n        description\n      }\n      documentType {\n        name\n      }\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      createdAt\n      updatedAt\n    }\n  }\n": types.DocumentDetailDocument,
    "\n  query DocumentDetailPdf($id: ID!) {\n    document(id: $id) {\n      id\n      pdfUrl\n    }\n  }\n": types.DocumentDetailPdfDocument,
    "\n  query DocumentDetailExtraction($id: ID!) {\n    document(id: $id) {\n      id\n      formData\n      rawText\n      rawTextWithGeometry\n      tables\n    }\n  }\n": types.DocumentDetailExtractionDocument,
    "\n  query DocumentDetailLogs($document: ID!) {\n    getLogsByDocument(document: $document) {\n      id\n      event\n      message {\n        messageCode\n        params\n      }\n      timestamp\n    }\n  }\n": types.DocumentDetailLogsDocument,
    "\n  query DocumentDetailRules($id: ID!, $withCode: Boolean!) {\n    getRulesByDocument(id: $id) {\n      id\n      description\n      state\n      active\n      code @include(if: $withCode)\n    }\n  }\n": types.DocumentDetailRulesDocument,
    "\n  query DocumentDetailExecutionLogs($input: TableInput) {\n    ruleExecutionLogs(input: $input) {\n      items {\n        id\n        ruleId\n        ruleName\n        documentId\n        executedAt\n        platform\n        result\n        errors\n      }\n      pages\n      total\n      more\n    }\n  }\n": types.DocumentDetailExecutionLogsDocument,
    "\n  query DocumentDetailExecutionLog($id: ID!, $withDataTables: Boolean!) {\n    ruleExecutionLog(id: $id) {\n      id\n      ruleName\n      executedAt\n      platform\n      result\n      logs\n      errors\n      rawText\n      formData\n      dataTables @include(if: $withDataTables)\n      tables\n      rawTextWithGeometry\n    }\n  }\n": types.DocumentDetailExecutionLogDocument,
    "\n  mutation DocumentDetailReplaceMetas($id: ID!, $metas: String!) {\n    replaceDocumentMetas(id: $id, metas: $metas) {\n      id\n      metas\n      updatedAt\n    }\n  }\n": types.DocumentDetailReplaceMetasDocument,
    "\n  mutation DocumentDetailRunRules($id: ID!) {\n    runDocumentRules(id: $id)\n  }\n": types.DocumentDetailRunRulesDocument,
    "\n  mutation DocumentDetailRunRule($id: ID!, $ruleId: ID!) {\n    runDocumentRule(id: $id, ruleId: $ruleId)\n  }\n": types.DocumentDetailRunRuleDocument,
    "\n  mutation DocumentDetailDelete($id: ID!) {\n    deleteDocument(id: $id)\n  }\n": types.DocumentDetailDeleteDocument,
    "\n  query DocumentDetailDownload($id: ID!) {\n    downloadDocument(id: $id) {\n      filename\n      extension\n      url\n    }\n  }\n": types.DocumentDetailDownloadDocument,
    "\n  fragment DossierListFields on Dossier {\n    id\n    description\n    state\n    createdAt\n    updatedAt\n    dossierType {\n      name\n    }\n  }\n": types.DossierListFieldsFragmentDoc,
    "\n  query Dossiers($input: TableInput) {\n    dossiers(input: $input) {\n      items {\n        ...DossierListFields\n      }\n      pages\n      total\n      more\n    }\n  }\n": types.DossiersDocument,
    "\n  query DossierTypeNames {\n    dossierTypes(limit: 200) {\n      name\n    }\n  }\n": types.DossierTypeNamesDocument,
    "\n  query Dossier($id: ID!) {\n    dossier(id: $id) {\n      ...DossierListFields\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      input\n      callbackUrl\n      idValutazione\n    }\n  }\n": types.DossierDocument,
    "\n  query DossierCallbacks($id: ID!) {\n    dossierCallbacks(id: $id) {\n      id\n      success\n      timestamp\n      url\n      method\n      requestBody\n      responseCode\n      responseBody\n      errorDescription\n      attempt\n      requestHeaders {\n        name\n        value\n      }\n    }\n  }\n": types.DossierCallbacksDocument,
    "\n  query DossierDocuments($dossier: ID!) {\n    documentsByDossier(dossier: $dossier) {\n      id\n      name\n      description\n      state\n      metas\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      createdAt\n      updatedAt\n      documentType {\n        name\n      }\n    }\n  }\n": types.DossierDocumentsDocument,
    "\n  query DossierExecutionCount($dossierID: ID!) {\n    getDossierRulesExecutionCount(dossierID: $dossierID) {\n      processed\n      total\n      errors\n    }\n  }\n": types.DossierExecutionCountDocument,
    "\n  query DossierExecutions($input: TableInput) {\n    dossierRuleExecutions(input: $input) {\n      items {\n        id\n        ruleId\n        ruleName\n        state\n        platform\n        createdAt\n        finishedAt\n        error\n        errorMessage {\n          messageCode\n          params\n        }\n        inputIndex\n        input\n        result\n      }\n      pages\n      total\n      more\n    }\n  }\n": types.DossierExecutionsDocument,
    "\n  query DossierRuleLogs($input: TableInput) {\n    dossierRuleExecutionLogs(input: $input) {\n      items {\n        id\n        ruleId\n        ruleName\n        executedAt\n        platform\n        result\n        code\n        metas\n        input\n        logs\n        errors\n      }\n      pages\n      total\n      more\n    }\n  }\n": types.DossierRuleLogsDocument,
    "\n  query DossierAggregate($dossierID: ID!) {\n    getDossierResultAggregate(dossierID: $dossierID)\n  }\n": types.DossierAggregateDocument,
    "\n  query DossierMetasCheck($id: ID!) {\n    metasCheck(id: $id) {\n      valid\n      conflicts {\n        name\n        values {\n          value\n          count\n        }\n      }\n      missingRequired\n    }\n  }\n": types.DossierMetasCheckDocument,
    "\n  query DownloadDossier($id: ID!) {\n    downloadDossier(id: $id) {\n      filename\n      extension\n      url\n    }\n  }\n": types.DownloadDossierDocument,
    "\n  mutation DeleteDossier($id: ID!) {\n    deleteDossier(id: $id)\n  }\n": types.DeleteDossierDocument,
    "\n  mutation RunDossierRules($id: ID!) {\n    runDossierRules(id: $id)\n  }\n": types.RunDossierRulesDocument,
    "\n  mutation RunAgainDossierRulesInError($id: ID!) {\n    runAgainDossierRulesThatHasErrors(id: $id)\n  }\n": types.RunAgainDossierRulesInErrorDocument,
    "\n  mutation FixMetas($id: ID!, $metas: [MetaInput!]!) {\n    fixMetas(id: $id, metas: $metas) {\n      valid\n    }\n  }\n": types.FixMetasDocument,
    "\n  subscription DossierStateChanged($id: ID) {\n    dossierStateChanged(id: $id) {\n      dossierId\n      documentId\n      state\n      at\n    }\n  }\n": types.DossierStateChangedDocument,
    "\n  mutation ResendDossierCallback($id: ID!) {\n    resendDossierCallback(id: $id)\n  }\n": types.ResendDossierCallbackDocument,
    "\n  query ImportDocumentTypes {\n    documentTypes(limit: 1000) {\n      name\n    }\n  }\n": types.ImportDocumentTypesDocument,
    "\n  query ImportDossierTypes {\n    dossierTypes(limit: 1000) {\n      name\n    }\n  }\n": types.ImportDossierTypesDocument,
    "\n  query ImportedDossier($id: ID!) {\n    dossier(id: $id) {\n      id\n      state\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n    }\n  }\n": types.ImportedDossierDocument,
    "\n  query JobQueues {\n    jobQueues {\n      name\n      waiting\n      outbox\n      retrying\n      running\n      failed\n      doneLastHour\n      failedLastHour\n      paused\n    }\n  }\n": types.JobQueuesDocument,
    "\n  query JobThroughput {\n    jobThroughput {\n      queue\n      minutes {\n        at\n        succeeded\n        failed\n        retried\n      }\n    }\n  }\n": types.JobThroughputDocument,
    "\n  query JobWorkers {\n    jobWorkers {\n      instance\n      identity\n      startedAt\n      heartbeatAt\n      metricsAddr\n      queues {\n        queue\n        concurrency\n      }\n    }\n  }\n": types.JobWorkersDocument,
    "\n  query FailedJobs($filter: FailedJobFilter, $page: TableInput) {\n    failedJobs(filter: $filter, page: $page) {\n      items {\n        id\n        queue\n        failedAt\n        attempts\n        error\n        errorCode\n        errorParams\n        dossierId\n        worker\n      }\n      pages\n      total\n      more\n    }\n  }\n": types.FailedJobsDocument,
    "\n  query FailedJob($id: ID!) {\n    failedJob(id: $id) {\n      job {\n        id\n        queue\n        failedAt\n        attempts\n        error\n        errorCode\n        errorParams\n        dossierId\n        worker\n      }\n      payload\n      dossierExists\n      history {\n        attempt\n        worker\n        error\n        errorCode\n        errorParams\n        failedAt\n      }\n    }\n  }\n": types.FailedJobDocument,
    "\n  mutation RetryFailedJob($id: ID!) {\n    retryFailedJob(id: $id)\n  }\n": types.RetryFailedJobDocument,
    "\n  mutation DiscardFailedJob($id: ID!) {\n    discardFailedJob(id: $id)\n  }\n": types.DiscardFailedJobDocument,
    "\n  mutation RetryFailedJobs($filter: FailedJobFilter!) {\n    retryFailedJobs(filter: $filter) {\n      done\n      more\n    }\n  }\n": types.RetryFailedJobsDocument,
    "\n  mutation DiscardFailedJobs($filter: FailedJobFilter!) {\n    discardFailedJobs(filter: $filter) {\n      done\n      more\n    }\n  }\n": types.DiscardFailedJobsDocument,
    "\n  mutation PauseQueue($queue: String!) {\n    pauseQueue(queue: $queue)\n  }\n": types.PauseQueueDocument,
    "\n  mutation ResumeQueue($queue: String!) {\n    resumeQueue(queue: $queue)\n  }\n": types.ResumeQueueDocument,
    "\n  query NotificationReceivers {\n    notificationReceivers {\n      id\n    }\n  }\n": types.NotificationReceiversDocument,
    "\n  mutation AddNotificationReceiver($receiver: String!) {\n    addNotificationReceiver(receiver: $receiver) {\n      id\n    }\n  }\n": types.AddNotificationReceiverDocument,
    "\n  mutation DeleteNotificationReceiver($receiver: String!) {\n    deleteNotificationReceiver(receiver: $receiver) {\n      id\n    }\n  }\n": types.DeleteNotificationReceiverDocument,
    "\n  query PlaygroundDocumentRulesList($input: TableInput) {\n    documentRulesPage(input: $input) {\n      items {\n        id\n        description\n        nota\n        active\n        documentType {\n          name\n        }\n      }\n      pages\n      total\n      more\n    }\n  }\n": types.PlaygroundDocumentRulesListDocument,
    "\n  query PlaygroundDocumentTypeNames {\n    documentTypes {\n      name\n    }\n  }\n": types.PlaygroundDocumentTypeNamesDocument,
    "\n  query PlaygroundDossierRulesList($input: TableInput, $code: String!, $withCode: Boolean!) {\n    dossierRulesPage(input: $input) {\n      items {\n        id\n        description\n        istitutoAppartenenza\n        valid\n        gruppo\n        nota\n        active\n        codeMatches(search: $code) @include(if: $withCode) {\n          line\n          text\n        }\n      }\n      pages\n      total\n      more\n    }\n  }\n": types.PlaygroundDossierRulesListDocument,
    "\n  mutation PlaygroundListSetDocumentRuleActive($id: ID!, $active: Boolean!) {\n    setDocumentRuleActive(id: $id, active: $active) {\n      id\n      active\n    }\n  }\n": types.PlaygroundListSetDocumentRuleActiveDocument,
    "\n  mutation PlaygroundListDeleteDocumentRule($id: ID!) {\n    deleteDocumentRule(id: $id)\n  }\n": types.PlaygroundListDeleteDocumentRuleDocument,
    "\n  mutation PlaygroundListSetDossierRuleActive($id: ID!, $active: Boolean!) {\n    setDossierRuleActive(id: $id, active: $active) {\n      id\n      active\n    }\n  }\n": types.PlaygroundListSetDossierRuleActiveDocument,
    "\n  mutation PlaygroundListDeleteDossierRule($id: ID!) {\n    deleteDossierRule(id: $id)\n  }\n": types.PlaygroundListDeleteDossierRuleDocument,
    "\n  mutation PlaygroundImportDossierRules($input: String!) {\n    importDossierRules(input: $input) {\n      id\n    }\n  }\n": types.PlaygroundImportDossierRulesDocument,
    "\n  mutation PlaygroundNewDocumentRule($input: CreateDocumentRuleInput!) {\n    createDocumentRule(input: $input) {\n      id\n    }\n  }\n": types.PlaygroundNewDocumentRuleDocument,
    "\n  mutation PlaygroundNewDossierRule($input: CreateDossierRuleInput!) {\n    createDossierRule(input: $input) {\n      id\n    }\n  }\n": types.PlaygroundNewDossierRuleDocument,
    "\n  query PlaygroundValidationDocumentOptions($input: TableInput) {\n    docValidationsPage(input: $input) {\n      items {\n        id\n        description\n        istitutoAppartenenza\n        urlOCR\n        createdAt\n      }\n      total\n    }\n  }\n": types.PlaygroundValidationDocumentOptionsDocument,
    "\n  query PlaygroundDocumentTypeOptions($input: TableInput) {\n    documentTypesPage(input: $input) {\n      items {\n        name\n      }\n      total\n    }\n  }\n": types.PlaygroundDocumentTypeOptionsDocument,
    "\n  query PlaygroundDataTableOptions($input: TableInput) {\n    dataTablesPage(input: $input) {\n      items {\n        name\n      }\n      total\n    }\n  }\n": types.PlaygroundDataTableOptionsDocument,
    "\n  query RuleEditorDocumentRule($id: ID!) {\n    documentRule(id: $id) {\n      id\n      description\n      code\n      packageJSON\n      nota\n      active\n      documentType {\n        name\n      }\n      dataTables {\n        name\n      }\n      updatedAt\n    }\n  }\n": types.RuleEditorDocumentRuleDocument,
    "\n  query RuleEditorDossierRule($id: ID!) {\n    dossierRule(id: $id) {\n      id\n      description\n      istitutoAppartenenza\n      code\n      packageJSON\n      mustContain\n      notContain\n      nota\n      gruppo\n      active\n      valid\n      dossierType {\n        name\n      }\n      updatedAt\n    }\n  }\n": types.RuleEditorDossierRuleDocument,
    "\n  query RuleEditorHelper($id: ID!) {\n    getHelperCode(id: $id) {\n      id\n      code\n    }\n  }\n": types.RuleEditorHelperDocument,
    "\n  mutation RuleEditorUpdateDocumentRule($id: ID!, $input: UpdateDocumentRuleInput!) {\n    updateDocumentRule(id: $id, input: $input) {\n      id\n    }\n  }\n": types.RuleEditorUpdateDocumentRuleDocument,
    "\n  mutation RuleEditorUpdateDossierRule($id: ID!, $input: UpdateDossierRuleInput!) {\n    updateDossierRule(id: $id, input: $input) {\n      id\n    }\n  }\n": types.RuleEditorUpdateDossierRuleDocument,
    "\n  mutation RuleEditorUpdateHelper($id: ID!, $code: String!) {\n    updateHelperCode(id: $id, code: $code) {\n      id\n    }\n  }\n": types.RuleEditorUpdateHelperDocument,
    "\n  query RuleEditorDocumentTypes {\n    documentTypes {\n      name\n    }\n  }\n": types.RuleEditorDocumentTypesDocument,
    "\n  query RuleEditorDataTables {\n    dataTables {\n      name\n    }\n  }\n": types.RuleEditorDataTablesDocument,
    "\n  query RuleEditorDocuments($search: String, $documentType: String, $limit: Int, $offset: Int) {\n    documentsInfo(search: $search, documentType: $documentType, extracted: true, limit: $limit, offset: $offset) {\n      id\n      name\n      description\n      dossier {\n        id\n        description\n      }\n    }\n  }\n": types.RuleEditorDocumentsDocument,
    "\n  query RuleEditorDocumentCheck($id: ID!) {\n    document(id: $id) {\n      id\n      name\n      state\n      documentType {\n        name\n      }\n    }\n  }\n": types.RuleEditorDocumentCheckDocument,
    "\n  query RuleEditorDossiers($input: TableInput) {\n    getPaginatedDossier(input: $input) {\n      items {\n        id\n        description\n        state\n        createdAt\n        input\n        dossierType {\n          name\n        }\n      }\n      pages\n      total\n    }\n  }\n": types.RuleEditorDossiersDocument,
    "\n  mutation RuleEditorRunDocumentRule($id: ID!, $ruleID: ID, $ruleName: String, $code: String!, $packagecode: String, $dataTables: [String!], $helper: String) {\n    runTemporaryRule(id: $id, ruleID: $ruleID, ruleName: $ruleName, code: $code, packagecode: $packagecode, dataTables: $dataTables, helper: $helper) {\n      Result\n      executionId\n      logs\n      errorDescription\n    }\n  }\n": types.RuleEditorRunDocumentRuleDocument,
    "\n  mutation RuleEditorRunDossierRule($id: ID!, $ruleID: ID, $ruleName: String, $code: String!, $packagecode: String, $helper: String) {\n    runTemporaryDossierRule(id: $id, ruleID: $ruleID, ruleName: $ruleName, code: $code, packagecode: $packagecode, helper: $helper) {\n      input\n      result\n      errors\n      logs\n    }\n  }\n": types.RuleEditorRunDossierRuleDocument,
    "\n  query RuleEditorDownloadDocumentRule($id: ID!, $ruleId: ID!) {\n    downloadDocumentRule(id: $id, ruleId: $ruleId) {\n      name\n      base64Content\n    }\n  }\n": types.RuleEditorDownloadDocumentRuleDocument,
    "\n  query RuleEditorDownloadDossierRule($id: ID!, $ruleId: ID!) {\n    downloadDossierRule(id: $id, ruleId: $ruleId) {\n      name\n      base64Content\n    }\n  }\n": types.RuleEditorDownloadDossierRuleDocument,
    "\n  query RuleEditorCheckCode($kind: RuleKind!, $code: String!, $helper: String) {\n    checkRuleCode(kind: $kind, code: $code, helper: $helper) {\n      ok\n      file\n      line\n      column\n      message\n    }\n  }\n": types.RuleEditorCheckCodeDocument,
    "\n  query RuleEditorVersions($ruleId: ID!, $input: TableInput) {\n    ruleVersions(ruleId: $ruleId, input: $input) {\n      items {\n        version\n        author\n        createdAt\n        description\n        code\n        helper\n        packageJSON\n        metadata\n      }\n      pages\n      total\n    }\n  }\n": types.RuleEditorVersionsDocument,
    "\n  mutation RuleEditorRestoreVersion($ruleId: ID!, $version: Int!) {\n    restoreRuleVersion(ruleId: $ruleId, version: $version) {\n      version\n    }\n  }\n": types.RuleEditorRestoreVersionDocument,
    "\n  mutation RuleEditorStartWhatIf($input: WhatIfInput!) {\n    startWhatIf(input: $input) {\n      id\n      ruleId\n      state\n      requestedBy\n      limit\n      since\n      until\n      total\n      done\n      changed\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      createdAt\n      finishedAt\n    }\n  }\n": types.RuleEditorStartWhatIfDocument,
    "\n  mutation RuleEditorCancelWhatIf($id: ID!) {\n    cancelWhatIf(id: $id) {\n      id\n      ruleId\n      state\n      requestedBy\n      limit\n      since\n      until\n      total\n      done\n      changed\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      createdAt\n      finishedAt\n    }\n  }\n": types.RuleEditorCancelWhatIfDocument,
    "\n  query RuleEditorWhatIfRun($id: ID!) {\n    whatIfRun(id: $id) {\n      id\n      ruleId\n      state\n      requestedBy\n      limit\n      since\n      until\n      total\n      done\n      changed\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      createdAt\n      finishedAt\n    }\n  }\n": types.RuleEditorWhatIfRunDocument,
    "\n  query RuleEditorWhatIfRuns($ruleId: ID!, $limit: Int) {\n    whatIfRuns(ruleId: $ruleId, limit: $limit) {\n      id\n      ruleId\n      state\n      requestedBy\n      limit\n      since\n      until\n      total\n      done\n      changed\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      createdAt\n      finishedAt\n    }\n  }\n": types.RuleEditorWhatIfRunsDocument,
    "\n  query RuleEditorWhatIfChanges($id: ID!, $input: TableInput) {\n    whatIfRun(id: $id) {\n      id\n      changes(input: $input) {\n        items {\n          itemId\n          documentId\n          name\n          dossierId\n          inputIndex\n          changes\n          before\n          after\n        }\n        pages\n        total\n        more\n      }\n    }\n  }\n": types.RuleEditorWhatIfChangesDocument,
    "\n  query Policies {\n    getPolicies {\n      subject\n      domain\n      object\n      action\n    }\n  }\n": types.PoliciesDocument,
    "\n  query Groups {\n    getGroups {\n      subject\n      domain\n      role\n    }\n  }\n": types.GroupsDocument,
    "\n  query UserOptions($search: String, $limit: Int) {\n    users(search: $search, limit: $limit) {\n      email\n      firstName\n      lastName\n    }\n  }\n": types.UserOptionsDocument,
    "\n  mutation CreateRole($name: String!, $description: String) {\n    createRole(name: $name, description: $description) {\n      name\n      description\n    }\n  }\n": types.CreateRoleDocument,
    "\n  mutation DeleteRole($name: String!) {\n    deleteRole(name: $name)\n  }\n": types.DeleteRoleDocument,
    "\n  mutation AddPolicy($subject: String!, $object: String!, $action: String!) {\n    AddPolicy(subject: $subject, object: $object, action: $action) {\n      subject\n      domain\n      object\n      action\n    }\n  }\n": types.AddPolicyDocument,
    "\n  mutation DeletePolicy($subject: String!, $object: String!, $action: String!, $domain: String) {\n    deletePolicy(subject: $subject, object: $object, action: $action, domain: $domain)\n  }\n": types.DeletePolicyDocument,
    "\n  mutation AddGroup($subject: String!, $role: String!) {\n    AddGroup(subject: $subject, role: $role) {\n      subject\n      domain\n      role\n    }\n  }\n": types.AddGroupDocument,
    "\n  mutation DeleteGroup($subject: String!, $role: String!, $domain: String) {\n    deleteGroup(subject: $subject, role: $role, domain: $domain)\n  }\n": types.DeleteGroupDocument,
    "\n  query DocumentRulesPage($input: TableInput) {\n    documentRulesPage(input: $input) {\n      items {\n        id\n        description\n        state\n        createdAt\n        documentType {\n          name\n        }\n      }\n      pages\n      total\n      more\n    }\n  }\n": types.DocumentRulesPageDocument,
    "\n  query RuleDocumentTypeNames {\n    documentTypes {\n      name\n    }\n  }\n": types.RuleDocumentTypeNamesDocument,
    "\n  query DocumentRuleDetail($id: ID!) {\n    documentRule(id: $id) {\n      id\n      description\n      state\n      nota\n      code\n      packageJSON\n      createdAt\n      updatedAt\n      documentType {\n        name\n      }\n      dataTables {\n        name\n      }\n    }\n  }\n": types.DocumentRuleDetailDocument,
    "\n  mutation DeleteDocumentRule($id: ID!) {\n    deleteDocumentRule(id: $id)\n  }\n": types.DeleteDocumentRuleDocument,
    "\n  query DocumentTypesPage($input: TableInput) {\n    documentTypesPage(input: $input) {\n      items {\n        name\n        createdAt\n        ruleCount\n      }\n      pages\n      total\n      more\n    }\n  }\n": types.DocumentTypesPageDocument,
    "\n  query DossierTypesPage($input: TableInput) {\n    dossierTypesPage(input: $input) {\n      items {\n        name\n        createdAt\n        ruleCount\n        requiredMetas\n      }\n      pages\n      total\n      more\n    }\n  }\n": types.DossierTypesPageDocument,
    "\n  query DocumentTypeDetail($name: String!) {\n    documentType(name: $name) {\n      name\n      createdAt\n      ruleCount\n    }\n  }\n": types.DocumentTypeDetailDocument,
    "\n  query DossierTypeDetail($name: String!) {\n    dossierType(name: $name) {\n      name\n      createdAt\n      ruleCount\n      requiredMetas\n    }\n  }\n": types.DossierTypeDetailDocument,
    "\n  query DocumentTypeRules($input: TableInput) {\n    documentRulesPage(input: $input) {\n      items {\n        id\n        description\n        state\n        code\n        packageJSON\n      }\n      pages\n      total\n      more\n    }\n  }\n": types.DocumentTypeRulesDocument,
    "\n  query DossierTypeRules($input: TableInput) {\n    dossierRulesPage(input: $input) {\n      items {\n        id\n        description\n        code\n        dossierType {\n          name\n        }\n      }\n      pages\n      total\n      more\n    }\n  }\n": types.DossierTypeRulesDocument,
    "\n  mutation CreateDocumentType($name: String!) {\n    createDocumentType(input: { name: $name }) {\n      name\n    }\n  }\n": types.CreateDocumentTypeDocument,
    "\n  mutation CreateDossierType($name: String!) {\n    createDossierType(input: { name: $name }) {\n      name\n    }\n  }\n": types.CreateDossierTypeDocument,
    "\n  mutation DeleteDocumentType($name: String!) {\n    deleteDocumentType(name: $name)\n  }\n": types.DeleteDocumentTypeDocument,
    "\n  mutation DeleteDossierType($name: String!) {\n    deleteDossierType(name: $name)\n  }\n": types.DeleteDossierTypeDocument,
    "\n  mutation SetDossierTypeRequiredMetas($name: String!, $metas: [String!]!) {\n    setDossierTypeRequiredMetas(name: $name, metas: $metas) {\n      name\n      requiredMetas\n    }\n  }\n": types.SetDossierTypeRequiredMetasDocument,
    "\n  query Users($search: String) {\n    users(search: $search) {\n      ...UserFields\n    }\n  }\n": types.UsersDocument,
    "\n  query User($email: String!) {\n    user(email: $email) {\n      ...UserFields\n    }\n  }\n": types.UserDocument,
    "\n  mutation CreateUser($user: CreateUserInput!) {\n    createUser(user: $user) {\n      ...UserFields\n    }\n  }\n": types.CreateUserDocument,
    "\n  mutation UpdateUser($email: String!, $user: UpdateUserInput!) {\n    updateUser(email: $email, user: $user) {\n      ...UserFields\n    }\n  }\n": types.UpdateUserDocument,
    "\n  mutation UpdateUserPassword($email: String!, $newPassword: String!) {\n    updateUserPassword(email: $email, newPassword: $newPassword)\n  }\n": types.UpdateUserPasswordDocument,
    "\n  mutation DeleteUser($email: String!) {\n    deleteUser(email: $email)\n  }\n": types.DeleteUserDocument,
    "\n  fragment RuleValidationFields on RuleValidation {\n    id\n    state\n    istituto\n    fileName\n    createdAt\n    startedAt\n    finishedAt\n    rulesInvalidated\n    idDocument\n    urlOcr\n    error\n    errorMessage {\n      messageCode\n      params\n    }\n    createdBy\n  }\n": types.RuleValidationFieldsFragmentDoc,
    "\n  fragment ValidationDocumentFields on ValidationDocument {\n    id\n    description\n    istitutoAppartenenza\n    fileName\n    urlOCR\n    ocrError\n    ocrErrorMessage {\n      messageCode\n      params\n    }\n    createdAt\n    createdBy\n    comparable\n  }\n": types.ValidationDocumentFieldsFragmentDoc,
    "\n  query ValidationRuleValidationsPage($input: TableInput) {\n    ruleValidationsPage(input: $input) {\n      items {\n        ...RuleValidationFields\n      }\n      pages\n      total\n      more\n    }\n  }\n": types.ValidationRuleValidationsPageDocument,
    "\n  query ValidationDocValidationsPage($input: TableInput) {\n    docValidationsPage(input: $input) {\n      items {\n        ...ValidationDocumentFields\n      }\n      pages\n      total\n      more\n    }\n  }\n": types.ValidationDocValidationsPageDocument,
    "\n  query ValidationRuleValidation($id: ID!) {\n    ruleValidation(id: $id) {\n      ...RuleValidationFields\n      invalidRules {\n        id\n        idRule\n        description\n        missing\n        present\n      }\n    }\n  }\n": types.ValidationRuleValidationDocument,
    "\n  query ValidationDownloadOCR($id: ID!) {\n    downloadOCR(id: $id) {\n      name\n      base64\n    }\n  }\n": types.ValidationDownloadOcrDocument,
    "\n  query ValidationDownloadPDF($id: ID!) {\n    downloadPDF(id: $id) {\n      name\n      base64\n    }\n  }\n": types.ValidationDownloadPdfDocument,
    "\n  query ValidationDownloadDiff($id: ID!) {\n    downloadDiff(id: $id) {\n      name\n      base64\n    }\n  }\n": types.ValidationDownloadDiffDocument,
    "\n  query ValidationDownloadAllFiles($id: ID!) {\n    downloadAllValidationFiles(id: $id) {\n      name\n      base64\n    }\n  }\n": types.ValidationDownloadAllFilesDocument,
    "\n  mutation ValidationDeleteDocValidations($ids: [ID!]!) {\n    deleteDocValidations(ids: $ids)\n  }\n": types.ValidationDeleteDocValidationsDocument,
    "\n  mutation ValidationRequestSignedURL($filename: String!) {\n    requestSignedURLForValidationDocument(filename: $filename) {\n      url\n      name\n      expiresAt\n      maxBytes\n    }\n  }\n": types.ValidationRequestSignedUrlDocument,
    "\n  mutation ValidationCreateRuleValidation($documentID: ID!, $name: String!, $url: String, $istitutoAppartenenza: String!) {\n    createRuleValidation(documentID: $documentID, name: $name, url: $url, istitutoAppartenenza: $istitutoAppartenenza) {\n      id\n    }\n  }\n": types.ValidationCreateRuleValidationDocument,
    "\n  mutation ValidationRunValidation($idDocValidation: ID!) {\n    runValidation(idDocValidation: $idDocValidation) {\n      id\n    }\n  }\n": types.ValidationRunValidationDocument,
    "\n  query Roles {\n    roles {\n      name\n      description\n    }\n  }\n": types.RolesDocument,
    "\n  fragment UserFields on User {\n    email\n    firstName\n    lastName\n    avatar\n    createdAt\n  }\n": types.UserFieldsFragmentDoc,
    "\n  fragment AuthSessionFields on AuthSession {\n    logged\n    message\n    messageCode\n    user {\n      ...UserFields\n    }\n    accessToken\n    refreshToken\n    accessUuid\n    refreshUuid\n    atExpires\n    rtExpires\n    permissions {\n      resource\n      action\n    }\n    impersonated\n    impersonatedBy {\n      ...UserFields\n    }\n  }\n": types.AuthSessionFieldsFragmentDoc,
    "\n  mutation Impersonates($email: String!) {\n    impersonates(email: $email) {\n      ...AuthSessionFields\n    }\n  }\n": types.ImpersonatesDocument,
    "\n  mutation EndImpersonation {\n    endImpersonation {\n      ...AuthSessionFields\n    }\n  }\n": types.EndImpersonationDocument,
    "\n  mutation BasicLogin($username: String!, $password: String!) {\n    basicLogin(username: $username, password: $password) {\n      ...AuthSessionFields\n    }\n  }\n": types.BasicLoginDocument,
    "\n  mutation GetNewAccessToken($refreshToken: String!) {\n    getNewAccessToken(refreshToken: $refreshToken) {\n      ...AuthSessionFields\n    }\n  }\n": types.GetNewAccessTokenDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  query LoggedUser {\n    loggedUser {\n      ...UserFields\n    }\n  }\n": types.LoggedUserDocument,
    "\n  mutation SessionPing {\n    pingMutation\n  }\n": types.SessionPingDocument,
    "\n  subscription PermissionsChanged {\n    permissionsChanged {\n      resource\n      action\n    }\n  }\n": types.PermissionsChangedDocument,
    "\n  query SystemHealth {\n    systemHealth {\n      workers\n      backlog {\n        queue\n        waitingSince\n      }\n    }\n  }\n": types.SystemHealthDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOwnData($email: String!, $user: UpdateUserInput!) {\n    updateUser(email: $email, user: $user) {\n      ...UserFields\n    }\n  }\n"): typeof import('./graphql').UpdateOwnDataDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSelfPassword($email: String!, $oldPassword: String!, $newPassword: String!) {\n    updateSelfPassword(email: $email, oldPassword: $oldPassword, newPassword: $newPassword)\n  }\n"): typeof import('./graphql').UpdateSelfPasswordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAvatar($email: String!, $avatar: String!) {\n    updateAvatar(email: $email, avatar: $avatar) {\n      ...UserFields\n    }\n  }\n"): typeof import('./graphql').UpdateAvatarDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeys($input: TableInput) {\n    apiKeys(input: $input) {\n      items {\n        id\n        name\n        prefix\n        subject\n        roles\n        allowedSources\n        expiresAt\n        createdBy\n        createdAt\n        rotatedAt\n        previousValidUntil\n        lastUsedAt\n        revokedAt\n        state\n      }\n      pages\n      total\n      more\n    }\n  }\n"): typeof import('./graphql').ApiKeysDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      apiKey {\n        id\n        name\n        prefix\n      }\n      secret\n    }\n  }\n"): typeof import('./graphql').CreateApiKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateApiKey($id: ID!, $previousValidForHours: Int!) {\n    rotateApiKey(id: $id, previousValidForHours: $previousValidForHours) {\n      apiKey {\n        id\n        name\n        prefix\n        previousValidUntil\n      }\n      secret\n    }\n  }\n"): typeof import('./graphql').RotateApiKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      state\n    }\n  }\n"): typeof import('./graphql').RevokeApiKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CallbackSecret($consumer: String!) {\n    callbackSecret(consumer: $consumer) {\n      consumer\n      secret\n      previousValidUntil\n    }\n  }\n"): typeof import('./graphql').CallbackSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateCallbackSecret($consumer: String!, $previousValidForHours: Int!) {\n    rotateCallbackSecret(consumer: $consumer, previousValidForHours: $previousValidForHours) {\n      consumer\n      secret\n      previousValidUntil\n    }\n  }\n"): typeof import('./graphql').RotateCallbackSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditLog($input: TableInput) {\n    auditLog(input: $input) {\n      items {\n        id\n        createdAt\n        actorEmail\n        impersonatorEmail\n        action\n        targetType\n        targetId\n        details\n      }\n      pages\n      total\n      more\n    }\n  }\n"): typeof import('./graphql').AuditLogDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditActions {\n    auditActions\n  }\n"): typeof import('./graphql').AuditActionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input)\n  }\n"): typeof import('./graphql').RegisterDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmRegistration($email: String!, $code: String!) {\n    confirmRegistration(email: $email, code: $code) {\n      ...AuthSessionFields\n    }\n  }\n"): typeof import('./graphql').ConfirmRegistrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecoverPassword($email: String!) {\n    recoverPassword(email: $email)\n  }\n"): typeof import('./graphql').RecoverPasswordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPassword($email: String!, $code: String!, $newPassword: String!) {\n    resetPassword(email: $email, code: $code, newPassword: $newPassword) {\n      ...AuthSessionFields\n    }\n  }\n"): typeof import('./graphql').ResetPasswordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OperationsOverview($since: DateTime) {\n    operationsOverview(since: $since) {\n      since\n      dossiersByState {\n        state\n        count\n      }\n      documentsProcessedByHour {\n        hour\n        count\n      }\n      dossierRuleErrors\n      documentRuleErrors\n      latestRuleErrors {\n        dossierId\n        dossierDescription\n        ruleName\n        error\n        errorMessage {\n          messageCode\n          params\n        }\n        at\n      }\n    }\n  }\n"): typeof import('./graphql').OperationsOverviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardFailedJobs {\n    jobQueues {\n      name\n      failed\n    }\n  }\n"): typeof import('./graphql').DashboardFailedJobsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Ping {\n    ping\n  }\n"): typeof import('./graphql').PingDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PingWorker {\n    pingWorker {\n      jobId\n      worker\n      roundTripMs\n    }\n  }\n"): typeof import('./graphql').PingWorkerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DataTablesPage($input: TableInput) {\n    dataTablesPage(input: $input) {\n      items {\n        name\n        ordinamento\n        updatedAt\n      }\n      pages\n      total\n      more\n    }\n  }\n"): typeof import('./graphql').DataTablesPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DataTableDetail($name: String!) {\n    dataTable(name: $name) {\n      name\n      ordinamento\n      content\n      updatedAt\n    }\n  }\n"): typeof import('./graphql').DataTableDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDataTable($input: CreateDataTableInput!) {\n    createDataTable(input: $input) {\n      name\n    }\n  }\n"): typeof import('./graphql').CreateDataTableDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDataTable($name: String!, $input: UpdateDataTableInput!) {\n    updateDataTable(name: $name, input: $input) {\n      name\n      ordinamento\n      content\n      updatedAt\n    }\n  }\n"): typeof import('./graphql').UpdateDataTableDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDataTable($name: String!) {\n    deleteDataTable(name: $name)\n  }\n"): typeof import('./graphql').DeleteDataTableDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentDetail($id: ID!) {\n    document(id: $id) {\n      id\n      name\n      description\n      state\n      metas\n      dossier {\n        id\n        description\n      }\n      documentType {\n        name\n      }\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      createdAt\n      updatedAt\n    }\n  }\n"): typeof import('./graphql').DocumentDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentDetailPdf($id: ID!) {\n    document(id: $id) {\n      id\n      pdfUrl\n    }\n  }\n"): typeof import('./graphql').DocumentDetailPdfDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentDetailExtraction($id: ID!) {\n    document(id: $id) {\n      id\n      formData\n      rawText\n      rawTextWithGeometry\n      tables\n    }\n  }\n"): typeof import('./graphql').DocumentDetailExtractionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentDetailLogs($document: ID!) {\n    getLogsByDocument(document: $document) {\n      id\n      event\n      message {\n        messageCode\n        params\n      }\n      timestamp\n    }\n  }\n"): typeof import('./graphql').DocumentDetailLogsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentDetailRules($id: ID!, $withCode: Boolean!) {\n    getRulesByDocument(id: $id) {\n      id\n      description\n      state\n      active\n      code @include(if: $withCode)\n    }\n  }\n"): typeof import('./graphql').DocumentDetailRulesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentDetailExecutionLogs($input: TableInput) {\n    ruleExecutionLogs(input: $input) {\n      items {\n        id\n        ruleId\n        ruleName\n        documentId\n        executedAt\n        platform\n        result\n        errors\n      }\n      pages\n      total\n      more\n    }\n  }\n"): typeof import('./graphql').DocumentDetailExecutionLogsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentDetailExecutionLog($id: ID!, $withDataTables: Boolean!) {\n    ruleExecutionLog(id: $id) {\n      id\n      ruleName\n      executedAt\n      platform\n      result\n      logs\n      errors\n      rawText\n      formData\n      dataTables @include(if: $withDataTables)\n      tables\n      rawTextWithGeometry\n    }\n  }\n"): typeof import('./graphql').DocumentDetailExecutionLogDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DocumentDetailReplaceMetas($id: ID!, $metas: String!) {\n    replaceDocumentMetas(id: $id, metas: $metas) {\n      id\n      metas\n      updatedAt\n    }\n  }\n"): typeof import('./graphql').DocumentDetailReplaceMetasDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DocumentDetailRunRules($id: ID!) {\n    runDocumentRules(id: $id)\n  }\n"): typeof import('./graphql').DocumentDetailRunRulesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DocumentDetailRunRule($id: ID!, $ruleId: ID!) {\n    runDocumentRule(id: $id, ruleId: $ruleId)\n  }\n"): typeof import('./graphql').DocumentDetailRunRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DocumentDetailDelete($id: ID!) {\n    deleteDocument(id: $id)\n  }\n"): typeof import('./graphql').DocumentDetailDeleteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentDetailDownload($id: ID!) {\n    downloadDocument(id: $id) {\n      filename\n      extension\n      url\n    }\n  }\n"): typeof import('./graphql').DocumentDetailDownloadDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DossierListFields on Dossier {\n    id\n    description\n    state\n    createdAt\n    updatedAt\n    dossierType {\n      name\n    }\n  }\n"): typeof import('./graphql').DossierListFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Dossiers($input: TableInput) {\n    dossiers(input: $input) {\n      items {\n        ...DossierListFields\n      }\n      pages\n      total\n      more\n    }\n  }\n"): typeof import('./graphql').DossiersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DossierTypeNames {\n    dossierTypes(limit: 200) {\n      name\n    }\n  }\n"): typeof import('./graphql').DossierTypeNamesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Dossier($id: ID!) {\n    dossier(id: $id) {\n      ...DossierListFields\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      input\n      callbackUrl\n      idValutazione\n    }\n  }\n"): typeof import('./graphql').DossierDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DossierCallbacks($id: ID!) {\n    dossierCallbacks(id: $id) {\n      id\n      success\n      timestamp\n      url\n      method\n      requestBody\n      responseCode\n      responseBody\n      errorDescription\n      attempt\n      requestHeaders {\n        name\n        value\n      }\n    }\n  }\n"): typeof import('./graphql').DossierCallbacksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DossierDocuments($dossier: ID!) {\n    documentsByDossier(dossier: $dossier) {\n      id\n      name\n      description\n      state\n      metas\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      createdAt\n      updatedAt\n      documentType {\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').DossierDocumentsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DossierExecutionCount($dossierID: ID!) {\n    getDossierRulesExecutionCount(dossierID: $dossierID) {\n      processed\n      total\n      errors\n    }\n  }\n"): typeof import('./graphql').DossierExecutionCountDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DossierExecutions($input: TableInput) {\n    dossierRuleExecutions(input: $input) {\n      items {\n        id\n        ruleId\n        ruleName\n        state\n        platform\n        createdAt\n        finishedAt\n        error\n        errorMessage {\n          messageCode\n          params\n        }\n        inputIndex\n        input\n        result\n      }\n      pages\n      total\n      more\n    }\n  }\n"): typeof import('./graphql').DossierExecutionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DossierRuleLogs($input: TableInput) {\n    dossierRuleExecutionLogs(input: $input) {\n      items {\n        id\n        ruleId\n        ruleName\n        executedAt\n        platform\n        result\n        code\n        metas\n        input\n        logs\n        errors\n      }\n      pages\n      total\n      more\n    }\n  }\n"): typeof import('./graphql').DossierRuleLogsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DossierAggregate($dossierID: ID!) {\n    getDossierResultAggregate(dossierID: $dossierID)\n  }\n"): typeof import('./graphql').DossierAggregateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DossierMetasCheck($id: ID!) {\n    metasCheck(id: $id) {\n      valid\n      conflicts {\n        name\n        values {\n          value\n          count\n        }\n      }\n      missingRequired\n    }\n  }\n"): typeof import('./graphql').DossierMetasCheckDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DownloadDossier($id: ID!) {\n    downloadDossier(id: $id) {\n      filename\n      extension\n      url\n    }\n  }\n"): typeof import('./graphql').DownloadDossierDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDossier($id: ID!) {\n    deleteDossier(id: $id)\n  }\n"): typeof import('./graphql').DeleteDossierDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RunDossierRules($id: ID!) {\n    runDossierRules(id: $id)\n  }\n"): typeof import('./graphql').RunDossierRulesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RunAgainDossierRulesInError($id: ID!) {\n    runAgainDossierRulesThatHasErrors(id: $id)\n  }\n"): typeof import('./graphql').RunAgainDossierRulesInErrorDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation FixMetas($id: ID!, $metas: [MetaInput!]!) {\n    fixMetas(id: $id, metas: $metas) {\n      valid\n    }\n  }\n"): typeof import('./graphql').FixMetasDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription DossierStateChanged($id: ID) {\n    dossierStateChanged(id: $id) {\n      dossierId\n      documentId\n      state\n      at\n    }\n  }\n"): typeof import('./graphql').DossierStateChangedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendDossierCallback($id: ID!) {\n    resendDossierCallback(id: $id)\n  }\n"): typeof import('./graphql').ResendDossierCallbackDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportDocumentTypes {\n    documentTypes(limit: 1000) {\n      name\n    }\n  }\n"): typeof import('./graphql').ImportDocumentTypesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportDossierTypes {\n    dossierTypes(limit: 1000) {\n      name\n    }\n  }\n"): typeof import('./graphql').ImportDossierTypesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportedDossier($id: ID!) {\n    dossier(id: $id) {\n      id\n      state\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n    }\n  }\n"): typeof import('./graphql').ImportedDossierDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query JobQueues {\n    jobQueues {\n      name\n      waiting\n      outbox\n      retrying\n      running\n      failed\n      doneLastHour\n      failedLastHour\n      paused\n    }\n  }\n"): typeof import('./graphql').JobQueuesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query JobThroughput {\n    jobThroughput {\n      queue\n      minutes {\n        at\n        succeeded\n        failed\n        retried\n      }\n    }\n  }\n"): typeof import('./graphql').JobThroughputDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query JobWorkers {\n    jobWorkers {\n      instance\n      identity\n      startedAt\n      heartbeatAt\n      metricsAddr\n      queues {\n        queue\n        concurrency\n      }\n    }\n  }\n"): typeof import('./graphql').JobWorkersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FailedJobs($filter: FailedJobFilter, $page: TableInput) {\n    failedJobs(filter: $filter, page: $page) {\n      items {\n        id\n        queue\n        failedAt\n        attempts\n        error\n        errorCode\n        errorParams\n        dossierId\n        worker\n      }\n      pages\n      total\n      more\n    }\n  }\n"): typeof import('./graphql').FailedJobsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FailedJob($id: ID!) {\n    failedJob(id: $id) {\n      job {\n        id\n        queue\n        failedAt\n        attempts\n        error\n        errorCode\n        errorParams\n        dossierId\n        worker\n      }\n      payload\n      dossierExists\n      history {\n        attempt\n        worker\n        error\n        errorCode\n        errorParams\n        failedAt\n      }\n    }\n  }\n"): typeof import('./graphql').FailedJobDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryFailedJob($id: ID!) {\n    retryFailedJob(id: $id)\n  }\n"): typeof import('./graphql').RetryFailedJobDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DiscardFailedJob($id: ID!) {\n    discardFailedJob(id: $id)\n  }\n"): typeof import('./graphql').DiscardFailedJobDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryFailedJobs($filter: FailedJobFilter!) {\n    retryFailedJobs(filter: $filter) {\n      done\n      more\n    }\n  }\n"): typeof import('./graphql').RetryFailedJobsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DiscardFailedJobs($filter: FailedJobFilter!) {\n    discardFailedJobs(filter: $filter) {\n      done\n      more\n    }\n  }\n"): typeof import('./graphql').DiscardFailedJobsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PauseQueue($queue: String!) {\n    pauseQueue(queue: $queue)\n  }\n"): typeof import('./graphql').PauseQueueDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeQueue($queue: String!) {\n    resumeQueue(queue: $queue)\n  }\n"): typeof import('./graphql').ResumeQueueDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationReceivers {\n    notificationReceivers {\n      id\n    }\n  }\n"): typeof import('./graphql').NotificationReceiversDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddNotificationReceiver($receiver: String!) {\n    addNotificationReceiver(receiver: $receiver) {\n      id\n    }\n  }\n"): typeof import('./graphql').AddNotificationReceiverDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteNotificationReceiver($receiver: String!) {\n    deleteNotificationReceiver(receiver: $receiver) {\n      id\n    }\n  }\n"): typeof import('./graphql').DeleteNotificationReceiverDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlaygroundDocumentRulesList($input: TableInput) {\n    documentRulesPage(input: $input) {\n      items {\n        id\n        description\n        nota\n        active\n        documentType {\n          name\n        }\n      }\n      pages\n      total\n      more\n    }\n  }\n"): typeof import('./graphql').PlaygroundDocumentRulesListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlaygroundDocumentTypeNames {\n    documentTypes {\n      name\n    }\n  }\n"): typeof import('./graphql').PlaygroundDocumentTypeNamesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlaygroundDossierRulesList($input: TableInput, $code: String!, $withCode: Boolean!) {\n    dossierRulesPage(input: $input) {\n      items {\n        id\n        description\n        istitutoAppartenenza\n        valid\n        gruppo\n        nota\n        active\n        codeMatches(search: $code) @include(if: $withCode) {\n          line\n          text\n        }\n      }\n      pages\n      total\n      more\n    }\n  }\n"): typeof import('./graphql').PlaygroundDossierRulesListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlaygroundListSetDocumentRuleActive($id: ID!, $active: Boolean!) {\n    setDocumentRuleActive(id: $id, active: $active) {\n      id\n      active\n    }\n  }\n"): typeof import('./graphql').PlaygroundListSetDocumentRuleActiveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlaygroundListDeleteDocumentRule($id: ID!) {\n    deleteDocumentRule(id: $id)\n  }\n"): typeof import('./graphql').PlaygroundListDeleteDocumentRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlaygroundListSetDossierRuleActive($id: ID!, $active: Boolean!) {\n    setDossierRuleActive(id: $id, active: $active) {\n      id\n      active\n    }\n  }\n"): typeof import('./graphql').PlaygroundListSetDossierRuleActiveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlaygroundListDeleteDossierRule($id: ID!) {\n    deleteDossierRule(id: $id)\n  }\n"): typeof import('./graphql').PlaygroundListDeleteDossierRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlaygroundImportDossierRules($input: String!) {\n    importDossierRules(input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').PlaygroundImportDossierRulesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlaygroundNewDocumentRule($input: CreateDocumentRuleInput!) {\n    createDocumentRule(input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').PlaygroundNewDocumentRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlaygroundNewDossierRule($input: CreateDossierRuleInput!) {\n    createDossierRule(input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').PlaygroundNewDossierRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlaygroundValidationDocumentOptions($input: TableInput) {\n    docValidationsPage(input: $input) {\n      items {\n        id\n        description\n        istitutoAppartenenza\n        urlOCR\n        createdAt\n      }\n      total\n    }\n  }\n"): typeof import('./graphql').PlaygroundValidationDocumentOptionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlaygroundDocumentTypeOptions($input: TableInput) {\n    documentTypesPage(input: $input) {\n      items {\n        name\n      }\n      total\n    }\n  }\n"): typeof import('./graphql').PlaygroundDocumentTypeOptionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlaygroundDataTableOptions($input: TableInput) {\n    dataTablesPage(input: $input) {\n      items {\n        name\n      }\n      total\n    }\n  }\n"): typeof import('./graphql').PlaygroundDataTableOptionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RuleEditorDocumentRule($id: ID!) {\n    documentRule(id: $id) {\n      id\n      description\n      code\n      packageJSON\n      nota\n      active\n      documentType {\n        name\n      }\n      dataTables {\n        name\n      }\n      updatedAt\n    }\n  }\n"): typeof import('./graphql').RuleEditorDocumentRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RuleEditorDossierRule($id: ID!) {\n    dossierRule(id: $id) {\n      id\n      description\n      istitutoAppartenenza\n      code\n      packageJSON\n      mustContain\n      notContain\n      nota\n      gruppo\n      active\n      valid\n      dossierType {\n        name\n      }\n      updatedAt\n    }\n  }\n"): typeof import('./graphql').RuleEditorDossierRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RuleEditorHelper($id: ID!) {\n    getHelperCode(id: $id) {\n      id\n      code\n    }\n  }\n"): typeof import('./graphql').RuleEditorHelperDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RuleEditorUpdateDocumentRule($id: ID!, $input: UpdateDocumentRuleInput!) {\n    updateDocumentRule(id: $id, input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').RuleEditorUpdateDocumentRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RuleEditorUpdateDossierRule($id: ID!, $input: UpdateDossierRuleInput!) {\n    updateDossierRule(id: $id, input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').RuleEditorUpdateDossierRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RuleEditorUpdateHelper($id: ID!, $code: String!) {\n    updateHelperCode(id: $id, code: $code) {\n      id\n    }\n  }\n"): typeof import('./graphql').RuleEditorUpdateHelperDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RuleEditorDocumentTypes {\n    documentTypes {\n      name\n    }\n  }\n"): typeof import('./graphql').RuleEditorDocumentTypesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RuleEditorDataTables {\n    dataTables {\n      name\n    }\n  }\n"): typeof import('./graphql').RuleEditorDataTablesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RuleEditorDocuments($search: String, $documentType: String, $limit: Int, $offset: Int) {\n    documentsInfo(search: $search, documentType: $documentType, extracted: true, limit: $limit, offset: $offset) {\n      id\n      name\n      description\n      dossier {\n        id\n        description\n      }\n    }\n  }\n"): typeof import('./graphql').RuleEditorDocumentsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RuleEditorDocumentCheck($id: ID!) {\n    document(id: $id) {\n      id\n      name\n      state\n      documentType {\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').RuleEditorDocumentCheckDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RuleEditorDossiers($input: TableInput) {\n    getPaginatedDossier(input: $input) {\n      items {\n        id\n        description\n        state\n        createdAt\n        input\n        dossierType {\n          name\n        }\n      }\n      pages\n      total\n    }\n  }\n"): typeof import('./graphql').RuleEditorDossiersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RuleEditorRunDocumentRule($id: ID!, $ruleID: ID, $ruleName: String, $code: String!, $packagecode: String, $dataTables: [String!], $helper: String) {\n    runTemporaryRule(id: $id, ruleID: $ruleID, ruleName: $ruleName, code: $code, packagecode: $packagecode, dataTables: $dataTables, helper: $helper) {\n      Result\n      executionId\n      logs\n      errorDescription\n    }\n  }\n"): typeof import('./graphql').RuleEditorRunDocumentRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RuleEditorRunDossierRule($id: ID!, $ruleID: ID, $ruleName: String, $code: String!, $packagecode: String, $helper: String) {\n    runTemporaryDossierRule(id: $id, ruleID: $ruleID, ruleName: $ruleName, code: $code, packagecode: $packagecode, helper: $helper) {\n      input\n      result\n      errors\n      logs\n    }\n  }\n"): typeof import('./graphql').RuleEditorRunDossierRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RuleEditorDownloadDocumentRule($id: ID!, $ruleId: ID!) {\n    downloadDocumentRule(id: $id, ruleId: $ruleId) {\n      name\n      base64Content\n    }\n  }\n"): typeof import('./graphql').RuleEditorDownloadDocumentRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RuleEditorDownloadDossierRule($id: ID!, $ruleId: ID!) {\n    downloadDossierRule(id: $id, ruleId: $ruleId) {\n      name\n      base64Content\n    }\n  }\n"): typeof import('./graphql').RuleEditorDownloadDossierRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RuleEditorCheckCode($kind: RuleKind!, $code: String!, $helper: String) {\n    checkRuleCode(kind: $kind, code: $code, helper: $helper) {\n      ok\n      file\n      line\n      column\n      message\n    }\n  }\n"): typeof import('./graphql').RuleEditorCheckCodeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RuleEditorVersions($ruleId: ID!, $input: TableInput) {\n    ruleVersions(ruleId: $ruleId, input: $input) {\n      items {\n        version\n        author\n        createdAt\n        description\n        code\n        helper\n        packageJSON\n        metadata\n      }\n      pages\n      total\n    }\n  }\n"): typeof import('./graphql').RuleEditorVersionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RuleEditorRestoreVersion($ruleId: ID!, $version: Int!) {\n    restoreRuleVersion(ruleId: $ruleId, version: $version) {\n      version\n    }\n  }\n"): typeof import('./graphql').RuleEditorRestoreVersionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RuleEditorStartWhatIf($input: WhatIfInput!) {\n    startWhatIf(input: $input) {\n      id\n      ruleId\n      state\n      requestedBy\n      limit\n      since\n      until\n      total\n      done\n      changed\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      createdAt\n      finishedAt\n    }\n  }\n"): typeof import('./graphql').RuleEditorStartWhatIfDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RuleEditorCancelWhatIf($id: ID!) {\n    cancelWhatIf(id: $id) {\n      id\n      ruleId\n      state\n      requestedBy\n      limit\n      since\n      until\n      total\n      done\n      changed\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      createdAt\n      finishedAt\n    }\n  }\n"): typeof import('./graphql').RuleEditorCancelWhatIfDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RuleEditorWhatIfRun($id: ID!) {\n    whatIfRun(id: $id) {\n      id\n      ruleId\n      state\n      requestedBy\n      limit\n      since\n      until\n      total\n      done\n      changed\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      createdAt\n      finishedAt\n    }\n  }\n"): typeof import('./graphql').RuleEditorWhatIfRunDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RuleEditorWhatIfRuns($ruleId: ID!, $limit: Int) {\n    whatIfRuns(ruleId: $ruleId, limit: $limit) {\n      id\n      ruleId\n      state\n      requestedBy\n      limit\n      since\n      until\n      total\n      done\n      changed\n      error\n      errorMessage {\n        messageCode\n        params\n      }\n      createdAt\n      finishedAt\n    }\n  }\n"): typeof import('./graphql').RuleEditorWhatIfRunsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RuleEditorWhatIfChanges($id: ID!, $input: TableInput) {\n    whatIfRun(id: $id) {\n      id\n      changes(input: $input) {\n        items {\n          itemId\n          documentId\n          name\n          dossierId\n          inputIndex\n          changes\n          before\n          after\n        }\n        pages\n        total\n        more\n      }\n    }\n  }\n"): typeof import('./graphql').RuleEditorWhatIfChangesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Policies {\n    getPolicies {\n      subject\n      domain\n      object\n      action\n    }\n  }\n"): typeof import('./graphql').PoliciesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Groups {\n    getGroups {\n      subject\n      domain\n      role\n    }\n  }\n"): typeof import('./graphql').GroupsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UserOptions($search: String, $limit: Int) {\n    users(search: $search, limit: $limit) {\n      email\n      firstName\n      lastName\n    }\n  }\n"): typeof import('./graphql').UserOptionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateRole($name: String!, $description: String) {\n    createRole(name: $name, description: $description) {\n      name\n      description\n    }\n  }\n"): typeof import('./graphql').CreateRoleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteRole($name: String!) {\n    deleteRole(name: $name)\n  }\n"): typeof import('./graphql').DeleteRoleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddPolicy($subject: String!, $object: String!, $action: String!) {\n    AddPolicy(subject: $subject, object: $object, action: $action) {\n      subject\n      domain\n      object\n      action\n    }\n  }\n"): typeof import('./graphql').AddPolicyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeletePolicy($subject: String!, $object: String!, $action: String!, $domain: String) {\n    deletePolicy(subject: $subject, object: $object, action: $action, domain: $domain)\n  }\n"): typeof import('./graphql').DeletePolicyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddGroup($subject: String!, $role: String!) {\n    AddGroup(subject: $subject, role: $role) {\n      subject\n      domain\n      role\n    }\n  }\n"): typeof import('./graphql').AddGroupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteGroup($subject: String!, $role: String!, $domain: String) {\n    deleteGroup(subject: $subject, role: $role, domain: $domain)\n  }\n"): typeof import('./graphql').DeleteGroupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentRulesPage($input: TableInput) {\n    documentRulesPage(input: $input) {\n      items {\n        id\n        description\n        state\n        createdAt\n        documentType {\n          name\n        }\n      }\n      pages\n      total\n      more\n    }\n  }\n"): typeof import('./graphql').DocumentRulesPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RuleDocumentTypeNames {\n    documentTypes {\n      name\n    }\n  }\n"): typeof import('./graphql').RuleDocumentTypeNamesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentRuleDetail($id: ID!) {\n    documentRule(id: $id) {\n      id\n      description\n      state\n      nota\n      code\n      packageJSON\n      createdAt\n      updatedAt\n      documentType {\n        name\n      }\n      dataTables {\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').DocumentRuleDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDocumentRule($id: ID!) {\n    deleteDocumentRule(id: $id)\n  }\n"): typeof import('./graphql').DeleteDocumentRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentTypesPage($input: TableInput) {\n    documentTypesPage(input: $input) {\n      items {\n        name\n        createdAt\n        ruleCount\n      }\n      pages\n      total\n      more\n    }\n  }\n"): typeof import('./graphql').DocumentTypesPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DossierTypesPage($input: TableInput) {\n    dossierTypesPage(input: $input) {\n      items {\n        name\n        createdAt\n        ruleCount\n        requiredMetas\n      }\n      pages\n      total\n      more\n    }\n  }\n"): typeof import('./graphql').DossierTypesPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentTypeDetail($name: String!) {\n    documentType(name: $name) {\n      name\n      createdAt\n      ruleCount\n    }\n  }\n"): typeof import('./graphql').DocumentTypeDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DossierTypeDetail($name: String!) {\n    dossierType(name: $name) {\n      name\n      createdAt\n      ruleCount\n      requiredMetas\n    }\n  }\n"): typeof import('./graphql').DossierTypeDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentTypeRules($input: TableInput) {\n    documentRulesPage(input: $input) {\n      items {\n        id\n        description\n        state\n        code\n        packageJSON\n      }\n      pages\n      total\n      more\n    }\n  }\n"): typeof import('./graphql').DocumentTypeRulesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DossierTypeRules($input: TableInput) {\n    dossierRulesPage(input: $input) {\n      items {\n        id\n        description\n        code\n        dossierType {\n          name\n        }\n      }\n      pages\n      total\n      more\n    }\n  }\n"): typeof import('./graphql').DossierTypeRulesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDocumentType($name: String!) {\n    createDocumentType(input: { name: $name }) {\n      name\n    }\n  }\n"): typeof import('./graphql').CreateDocumentTypeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDossierType($name: String!) {\n    createDossierType(input: { name: $name }) {\n      name\n    }\n  }\n"): typeof import('./graphql').CreateDossierTypeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDocumentType($name: String!) {\n    deleteDocumentType(name: $name)\n  }\n"): typeof import('./graphql').DeleteDocumentTypeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDossierType($name: String!) {\n    deleteDossierType(name: $name)\n  }\n"): typeof import('./graphql').DeleteDossierTypeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetDossierTypeRequiredMetas($name: String!, $metas: [String!]!) {\n    setDossierTypeRequiredMetas(name: $name, metas: $metas) {\n      name\n      requiredMetas\n    }\n  }\n"): typeof import('./graphql').SetDossierTypeRequiredMetasDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Users($search: String) {\n    users(search: $search) {\n      ...UserFields\n    }\n  }\n"): typeof import('./graphql').UsersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query User($email: String!) {\n    user(email: $email) {\n      ...UserFields\n    }\n  }\n"): typeof import('./graphql').UserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateUser($user: CreateUserInput!) {\n    createUser(user: $user) {\n      ...UserFields\n    }\n  }\n"): typeof import('./graphql').CreateUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateUser($email: String!, $user: UpdateUserInput!) {\n    updateUser(email: $email, user: $user) {\n      ...UserFields\n    }\n  }\n"): typeof import('./graphql').UpdateUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateUserPassword($email: String!, $newPassword: String!) {\n    updateUserPassword(email: $email, newPassword: $newPassword)\n  }\n"): typeof import('./graphql').UpdateUserPasswordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteUser($email: String!) {\n    deleteUser(email: $email)\n  }\n"): typeof import('./graphql').DeleteUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RuleValidationFields on RuleValidation {\n    id\n    state\n    istituto\n    fileName\n    createdAt\n    startedAt\n    finishedAt\n    rulesInvalidated\n    idDocument\n    urlOcr\n    error\n    errorMessage {\n      messageCode\n      params\n    }\n    createdBy\n  }\n"): typeof import('./graphql').RuleValidationFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ValidationDocumentFields on ValidationDocument {\n    id\n    description\n    istitutoAppartenenza\n    fileName\n    urlOCR\n    ocrError\n    ocrErrorMessage {\n      messageCode\n      params\n    }\n    createdAt\n    createdBy\n    comparable\n  }\n"): typeof import('./graphql').ValidationDocumentFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ValidationRuleValidationsPage($input: TableInput) {\n    ruleValidationsPage(input: $input) {\n      items {\n        ...RuleValidationFields\n      }\n      pages\n      total\n      more\n    }\n  }\n"): typeof import('./graphql').ValidationRuleValidationsPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ValidationDocValidationsPage($input: TableInput) {\n    docValidationsPage(input: $input) {\n      items {\n        ...ValidationDocumentFields\n      }\n      pages\n      total\n      more\n    }\n  }\n"): typeof import('./graphql').ValidationDocValidationsPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ValidationRuleValidation($id: ID!) {\n    ruleValidation(id: $id) {\n      ...RuleValidationFields\n      invalidRules {\n        id\n        idRule\n        description\n        missing\n        present\n      }\n    }\n  }\n"): typeof import('./graphql').ValidationRuleValidationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ValidationDownloadOCR($id: ID!) {\n    downloadOCR(id: $id) {\n      name\n      base64\n    }\n  }\n"): typeof import('./graphql').ValidationDownloadOcrDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ValidationDownloadPDF($id: ID!) {\n    downloadPDF(id: $id) {\n      name\n      base64\n    }\n  }\n"): typeof import('./graphql').ValidationDownloadPdfDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ValidationDownloadDiff($id: ID!) {\n    downloadDiff(id: $id) {\n      name\n      base64\n    }\n  }\n"): typeof import('./graphql').ValidationDownloadDiffDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ValidationDownloadAllFiles($id: ID!) {\n    downloadAllValidationFiles(id: $id) {\n      name\n      base64\n    }\n  }\n"): typeof import('./graphql').ValidationDownloadAllFilesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ValidationDeleteDocValidations($ids: [ID!]!) {\n    deleteDocValidations(ids: $ids)\n  }\n"): typeof import('./graphql').ValidationDeleteDocValidationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ValidationRequestSignedURL($filename: String!) {\n    requestSignedURLForValidationDocument(filename: $filename) {\n      url\n      name\n      expiresAt\n      maxBytes\n    }\n  }\n"): typeof import('./graphql').ValidationRequestSignedUrlDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ValidationCreateRuleValidation($documentID: ID!, $name: String!, $url: String, $istitutoAppartenenza: String!) {\n    createRuleValidation(documentID: $documentID, name: $name, url: $url, istitutoAppartenenza: $istitutoAppartenenza) {\n      id\n    }\n  }\n"): typeof import('./graphql').ValidationCreateRuleValidationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ValidationRunValidation($idDocValidation: ID!) {\n    runValidation(idDocValidation: $idDocValidation) {\n      id\n    }\n  }\n"): typeof import('./graphql').ValidationRunValidationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Roles {\n    roles {\n      name\n      description\n    }\n  }\n"): typeof import('./graphql').RolesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UserFields on User {\n    email\n    firstName\n    lastName\n    avatar\n    createdAt\n  }\n"): typeof import('./graphql').UserFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AuthSessionFields on AuthSession {\n    logged\n    message\n    messageCode\n    user {\n      ...UserFields\n    }\n    accessToken\n    refreshToken\n    accessUuid\n    refreshUuid\n    atExpires\n    rtExpires\n    permissions {\n      resource\n      action\n    }\n    impersonated\n    impersonatedBy {\n      ...UserFields\n    }\n  }\n"): typeof import('./graphql').AuthSessionFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Impersonates($email: String!) {\n    impersonates(email: $email) {\n      ...AuthSessionFields\n    }\n  }\n"): typeof import('./graphql').ImpersonatesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EndImpersonation {\n    endImpersonation {\n      ...AuthSessionFields\n    }\n  }\n"): typeof import('./graphql').EndImpersonationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BasicLogin($username: String!, $password: String!) {\n    basicLogin(username: $username, password: $password) {\n      ...AuthSessionFields\n    }\n  }\n"): typeof import('./graphql').BasicLoginDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GetNewAccessToken($refreshToken: String!) {\n    getNewAccessToken(refreshToken: $refreshToken) {\n      ...AuthSessionFields\n    }\n  }\n"): typeof import('./graphql').GetNewAccessTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): typeof import('./graphql').LogoutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LoggedUser {\n    loggedUser {\n      ...UserFields\n    }\n  }\n"): typeof import('./graphql').LoggedUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SessionPing {\n    pingMutation\n  }\n"): typeof import('./graphql').SessionPingDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PermissionsChanged {\n    permissionsChanged {\n      resource\n      action\n    }\n  }\n"): typeof import('./graphql').PermissionsChangedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SystemHealth {\n    systemHealth {\n      workers\n      backlog {\n        queue\n        waitingSince\n      }\n    }\n  }\n"): typeof import('./graphql').SystemHealthDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
