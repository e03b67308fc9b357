import { useCan } from '../../../lib/session';
import type { RuleKind } from './contract';

const allow = (resource: string) => ({ action: 'allow', resource }) as const;

/** What the user may do in a rule's editor: each button, tab and panel needs its operations. */
export function useEditorPermissions(kind: RuleKind) {
  const can = useCan();
  const document = kind === 'document';
  const canUpdateRule = can(allow(document ? 'updateDocumentRule' : 'updateDossierRule'));
  const canReadHelper = can(allow('helperCode'));
  const canUpdateHelper = canReadHelper && can(allow('updateHelperCode'));
  const canPick = can(allow(document ? 'documents' : 'dossiers'));
  const canHistory = can(allow('ruleVersions'));
  const canWhatIf = can(allow('whatIf'));
  return {
    canUpdateRule,
    canReadHelper,
    canUpdateHelper,
    canSave: canUpdateRule || canUpdateHelper,
    canCheck: can(allow('checkRuleCode')),
    canRun: canPick && can(allow(document ? 'runTemporaryRule' : 'runTemporaryDossierRule')),
    canDownload: canPick && can(allow(document ? 'downloadDocumentRule' : 'downloadDossierRule')),
    canHistory,
    canRestore: canHistory && can(allow('restoreRuleVersion')),
    canWhatIf,
    canStartWhatIf: canWhatIf && can(allow('startWhatIf')),
    canOpenDocuments: can(allow('documents')),
    canOpenDossiers: can(allow('dossiers')),
    canListTypes: can(allow('documentTypes')),
    canListTables: can(allow('dataTables')),
  };
}

export type EditorPermissions = ReturnType<typeof useEditorPermissions>;
