import { Alert, Callout, Spinner } from '@blueprintjs/core';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { CodeFilePanel, JsonFieldPanel } from './CodePanels';
import type { RuleKind } from './contract';
import { EditorActions } from './EditorActions';
import { EditPanel } from './EditPanel';
import { EditorTabs } from './EditorTabs';
import { withDetail } from './errors';
import { HistoryPanel } from './HistoryPanel';
import { LeaveGuard } from './LeaveGuard';
import type { EditorTab, Field, RuleValues } from './model';
import { useEditorPermissions } from './permissions';
import { LogPanel, ResultPanel } from './RunPanels';
import { TargetDialog } from './TargetDialog';
import { useCodeAssists } from './useCodeAssists';
import { useEditorTab } from './useEditorTab';
import { CODE_FILE, useProblems } from './useProblems';
import { useRuleDraft } from './useRuleDraft';
import { useRuleDownload, useRuleRun, useRunTarget } from './useRuleRun';
import { useRuleSave } from './useRuleSave';
import { useSaveRunKeys } from './useSaveRunKeys';
import { WhatIfPanel } from './WhatIfPanel';
import './ruleEditor.css';

/** The list each kind's editor belongs to. */
const LIST_PATH: Record<RuleKind, string> = { document: '/playground/documenti', dossier: '/playground/dossier' };
const LIST_TITLE: Record<RuleKind, string> = { document: 'routes.playgroundDocuments', dossier: 'routes.playgroundDossier' };

/**
 * /playground/documenti/{id}/aggiorna and /playground/dossier/{id}/aggiorna (docs/domain.md#playgrounds,
 * #input-rules-and-limits, #messages):
 * the rule's code, helper.js and package.json (and, for a dossier rule, 'Deve contenere' and 'Non
 * deve contenere') in the app's code editor with syntax errors from the server as you type and
 * completion of the rule's input; Risultato and Log Esecuzione of a run of the unsaved code;
 * What if (the unsaved code over past documents, or dossiers' input items); Modifica; Storia.
 * Edits stay local until Salva (Ctrl/Cmd+S), which sends only what changed; Reset restores the
 * loaded values; leaving with unsaved edits asks first.
 */
export function RuleEditor({ kind }: { kind: RuleKind }) {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const permissions = useEditorPermissions(kind);
  const { canUpdateRule, canUpdateHelper, canReadHelper, canSave, canRun, canDownload } = permissions;
  const { tabs, tab, select, showOutcome } = useEditorTab(kind, permissions);
  const editing = useRuleDraft(kind, id, canReadHelper);
  const { base, draft, loaded, dirty, isDirty, dispatch } = editing;
  const problems = useProblems(select);
  const assists = useCodeAssists(kind, permissions.canCheck, editing.draftRef);
  const { save, saving } = useRuleSave({ kind, id, editing, permissions, problems, select });
  const targets = useRunTarget(kind, id);
  const { run, runNow, running, outcome } = useRuleRun({ kind, id, editing, canReadHelper, targets, problems, showOutcome });
  const { download, downloading } = useRuleDownload(kind, id, targets, save);
  const { picker, setPicker } = targets;
  const [resetting, setResetting] = useState(false);
  useSaveRunKeys({ save, runNow, canSave, canRun: canRun && loaded, dialogOpen: picker !== null || resetting });

  const { edited, clearMarks, setFieldErrors } = problems;
  const edit = useCallback(
    <F extends Field>(field: F, value: RuleValues[F]) => {
      dispatch({ type: 'edit', field, value });
      edited(field);
    },
    [dispatch, edited],
  );
  const reset = () => {
    dispatch({ type: 'reset' });
    clearMarks();
    setFieldErrors({});
    setResetting(false);
  };
  const restored = async () => {
    const [values, helperCode] = await Promise.all([editing.rule.mutate(), canReadHelper ? editing.helper.mutate() : Promise.resolve(undefined)]);
    dispatch({ type: 'replace', values: { ...(values?.values ?? {}), ...(helperCode !== undefined ? { helper: helperCode } : {}) } });
    clearMarks();
  };

  const codePanel = (field: 'code' | 'helper', editable: boolean, label: string, testId: string) => (
    <CodeFilePanel
      file={CODE_FILE[field]}
      value={draft[field]}
      onChange={editable ? (value) => edit(field, value) : undefined}
      label={label}
      problems={problems}
      assists={assists}
      testId={testId}
    />
  );
  const jsonPanel = (field: 'packageJSON' | 'mustContain' | 'notContain', label: string, testId: string, hint?: string) => (
    <JsonFieldPanel
      value={draft[field]}
      onChange={canUpdateRule ? (value) => edit(field, value) : undefined}
      label={label}
      error={problems.fieldErrors[field]}
      hint={hint}
      testId={testId}
    />
  );
  const panels: Record<EditorTab, () => ReactNode> = {
    codice: () => codePanel('code', canUpdateRule, t('ruleEditor.editors.code'), 'rule-code'),
    helper: () => codePanel('helper', canUpdateHelper, t('ruleEditor.editors.helper'), 'rule-helper'),
    package: () => jsonPanel('packageJSON', t('ruleEditor.editors.package'), 'rule-package'),
    'deve-contenere': () => jsonPanel('mustContain', t('ruleEditor.editors.mustContain'), 'rule-must-contain', t('ruleEditor.listHint')),
    'non-deve-contenere': () => jsonPanel('notContain', t('ruleEditor.editors.notContain'), 'rule-not-contain', t('ruleEditor.listHint')),
    risultato: () => <ResultPanel kind={kind} outcome={outcome} running={running} onGoTo={problems.goTo} />,
    log: () => <LogPanel kind={kind} outcome={outcome} running={running} onGoTo={problems.goTo} />,
    'what-if': () => (
      <WhatIfPanel
        ruleId={id}
        kind={kind}
        type={kind === 'document' ? base.documentType : (editing.rule.data?.dossierType ?? null)}
        code={draft.code}
        helper={canReadHelper ? draft.helper : null}
        dataTables={kind === 'document' ? draft.dataTables : []}
        dirty={isDirty}
        ready={loaded && (!canReadHelper || editing.helper.data !== undefined)}
        canStart={permissions.canStartWhatIf}
        canOpenDocuments={permissions.canOpenDocuments}
        canOpenDossiers={permissions.canOpenDossiers}
      />
    ),
    modifica: () => (
      <EditPanel
        kind={kind}
        values={draft}
        errors={problems.fieldErrors}
        readOnly={!canUpdateRule}
        canListTypes={permissions.canListTypes}
        canListTables={permissions.canListTables}
        onChange={edit}
      />
    ),
    storia: () => <HistoryPanel ruleId={id} kind={kind} canRestore={permissions.canRestore} dirty={isDirty} onRestored={restored} />,
  };

  const title = base.description || t('ruleEditor.title', { id });
  const { data, error, isLoading } = editing.rule;
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t(LIST_TITLE[kind]), to: LIST_PATH[kind] }, { label: title }]}>
        <EditorActions
          kind={kind}
          permissions={permissions}
          loaded={loaded}
          dirty={isDirty}
          saving={saving}
          onReset={() => setResetting(true)}
          onSave={() => void save()}
          downloading={downloading && picker === null}
          onDownload={() => setPicker('download')}
          running={running}
          target={targets.target}
          onRun={runNow}
          onChooseTarget={() => setPicker('run')}
        />
      </PageHeader>
      <section className="page-panel rule-editor" data-testid="rule-editor">
        {isLoading && <Spinner size={24} aria-label={t('common.loading')} className="table-loader" />}
        {error && (
          <Callout intent="danger" icon="error" role="alert" className="form-error" data-testid="rule-load-error">
            {withDetail(t('ruleEditor.loadFailed'), error)}
          </Callout>
        )}
        {data && <EditorTabs kind={kind} rule={data} dirty={dirty} tabs={tabs} tab={tab} select={select} panel={(each) => panels[each]()} />}
      </section>
      {(canRun || canDownload) && (
        <TargetDialog
          kind={kind}
          mode={picker ?? 'run'}
          isOpen={picker !== null}
          initial={targets.target}
          documentType={base.documentType}
          dirty={isDirty}
          busy={picker === 'run' ? running : downloading}
          onClose={() => setPicker(null)}
          onConfirm={(chosen) => (picker === 'download' ? void download(chosen, false) : void run(chosen))}
          onSaveAndConfirm={canSave ? (chosen) => void download(chosen, true) : undefined}
        />
      )}
      <Alert
        isOpen={resetting}
        onCancel={() => setResetting(false)}
        onConfirm={reset}
        cancelButtonText={t('common.cancel')}
        confirmButtonText={t('ruleEditor.resetConfirm.confirm')}
        intent="warning"
        icon="reset"
        canEscapeKeyCancel
      >
        <p data-testid="rule-reset-confirm">{t('ruleEditor.resetConfirm.message')}</p>
      </Alert>
      <LeaveGuard dirty={isDirty} />
    </>
  );
}
