import { Alert, Button, ButtonGroup, Callout, Classes, Icon, Spinner, Tab, Tabs, Tag, Tooltip } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useParams, useSearchParams } from 'react-router';
import { LazyCodeEditor, type CodeMark } from '../../../components/code/LazyCodeEditor';
import { PageHeader } from '../../../components/PageHeader';
import { downloadBase64 } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/validation';
import { checkRuleCode, downloadRule, runDocumentRule, runDossierRule, updateDocumentRule, updateDossierRule, updateHelper, useHelper, useRuleData } from './api';
import { checkLintSource, createCodeChecker, fileOf, type CodeChecker, type RuleFile } from './codeCheck';
import { ruleCompletionSource } from './completion';
import type { RuleKind } from './contract';
import { EditPanel } from './EditPanel';
import { runErrorLocation, syntaxErrorOf, type ErrorLocation } from './errors';
import { HistoryPanel } from './HistoryPanel';
import {
  dirtyFields,
  fieldErrorText,
  editorReducer,
  initialEditorState,
  ruleChanges,
  TAB_OF_FIELD,
  tabsOf,
  validate,
  type EditorTab,
  type Field,
  type FieldError,
  type RuleValues,
} from './model';
import { LogPanel, ResultPanel } from './RunPanels';
import type { RunOutcome } from './run';
import { loadTarget, saveTarget, type RunTarget } from './targets';
import { TargetDialog, type TargetMode } from './TargetDialog';
import { WhatIfPanel } from './WhatIfPanel';
import './ruleEditor.css';

const allow = (resource: string) => ({ action: 'allow', resource }) as const;

/** The list each kind's editor belongs to. */
const LIST_PATH: Record<RuleKind, string> = { document: '/playground/documenti', dossier: '/playground/dossier' };
const LIST_TITLE: Record<RuleKind, string> = { document: 'routes.playgroundDocuments', dossier: 'routes.playgroundDossier' };

/** The i18n key of each tab's title. */
const TAB_TITLE: Record<EditorTab, string> = {
  codice: 'ruleEditor.tabs.codice',
  helper: 'ruleEditor.tabs.helper',
  package: 'ruleEditor.tabs.package',
  'deve-contenere': 'ruleEditor.tabs.mustContain',
  'non-deve-contenere': 'ruleEditor.tabs.notContain',
  risultato: 'ruleEditor.tabs.risultato',
  log: 'ruleEditor.tabs.log',
  'what-if': 'ruleEditor.tabs.whatIf',
  modifica: 'ruleEditor.tabs.modifica',
  storia: 'ruleEditor.tabs.storia',
};

const FILE_TAB: Record<RuleFile, EditorTab> = { 'rule.js': 'codice', 'helper.js': 'helper' };
const NO_MARKS: Record<RuleFile, readonly CodeMark[]> = { 'rule.js': [], 'helper.js': [] };

/** A toast's text: our message (docs/domain.md#messages) and what the server said (unless it says the same). */
function withDetail(message: string, error: unknown): string {
  const detail = errorMessage(error);
  return detail.startsWith(message) ? detail : `${message}: ${detail}`;
}

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
  const { t, i18n } = useTranslation();
  const can = useCan();
  const id = useParams().id ?? '';
  const [params, setParams] = useSearchParams();

  const canUpdateRule = can(allow(kind === 'document' ? 'updateDocumentRule' : 'updateDossierRule'));
  const canReadHelper = can(allow('helperCode'));
  const canUpdateHelper = canReadHelper && can(allow('updateHelperCode'));
  const canCheck = can(allow('checkRuleCode'));
  const canPick = can(allow(kind === 'document' ? 'documents' : 'dossiers'));
  const canRun = canPick && can(allow(kind === 'document' ? 'runTemporaryRule' : 'runTemporaryDossierRule'));
  const canDownload = canPick && can(allow(kind === 'document' ? 'downloadDocumentRule' : 'downloadDossierRule'));
  const canHistory = can(allow('ruleVersions'));
  const canRestore = canHistory && can(allow('restoreRuleVersion'));
  const canSave = canUpdateRule || canUpdateHelper;
  const canWhatIf = can(allow('whatIf'));
  const canStartWhatIf = canWhatIf && can(allow('startWhatIf'));

  const tabs = tabsOf(kind).filter((tab) => (tab !== 'helper' || canReadHelper) && (tab !== 'storia' || canHistory) && (tab !== 'what-if' || canWhatIf));
  const requested = params.get('tab');
  const tab: EditorTab = tabs.find((each) => each === requested) ?? 'codice';
  const select = useCallback(
    (next: EditorTab) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('tab', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  // What the server holds and what is being edited.
  const [state, dispatch] = useReducer(editorReducer, initialEditorState);
  const { base, draft, loaded } = state;
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const baseRef = useRef(base);
  baseRef.current = base;
  const rule = useRuleData(kind, id);
  const helper = useHelper(id, canReadHelper);
  useEffect(() => {
    if (rule.data) dispatch({ type: 'load', values: rule.data.values });
  }, [rule.data]);
  useEffect(() => {
    if (helper.data !== undefined) dispatch({ type: 'load', values: { helper: helper.data } });
  }, [helper.data]);
  useEffect(() => {
    if (rule.error) void toast.error(t('ruleEditor.loadFailed'));
  }, [rule.error, t]);
  useEffect(() => {
    if (helper.error) void toast.error(t('ruleEditor.helperLoadFailed'));
  }, [helper.error, t]);

  const dirty = useMemo(() => dirtyFields(kind, base, draft), [kind, base, draft]);
  const isDirty = dirty.length > 0;
  const dirtyTabs = useMemo(() => new Set(dirty.map((field) => TAB_OF_FIELD[field])), [dirty]);

  // Problems pinned in the editors by a save or a run, and the line a run failed at.
  const [marks, setMarks] = useState(NO_MARKS);
  const [highlight, setHighlight] = useState<{ file: RuleFile; line: number } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, FieldError>>>({});

  const edit = useCallback(<F extends Field>(field: F, value: RuleValues[F]) => {
    dispatch({ type: 'edit', field, value });
    const file: RuleFile | null = field === 'code' ? 'rule.js' : field === 'helper' ? 'helper.js' : null;
    if (file) {
      setMarks((current) => (current[file].length === 0 ? current : { ...current, [file]: [] }));
      setHighlight((current) => (current?.file === file ? null : current));
    }
    setFieldErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  const pin = useCallback((location: ErrorLocation, source: string) => {
    setMarks((current) => ({ ...current, [location.file]: [{ line: location.line, column: location.column, message: location.message, source }] }));
  }, []);
  const goTo = useCallback(
    (location: ErrorLocation) => {
      pin(location, t('ruleEditor.actions.run'));
      setHighlight({ file: location.file, line: location.line });
      select(FILE_TAB[location.file]);
    },
    [pin, select, t],
  );

  // Syntax errors as you type: one checker for both files (the server compiles them together).
  const checker = useMemo<CodeChecker | null>(() => (canCheck ? createCodeChecker((code, helperCode) => checkRuleCode(kind, code, helperCode)) : null), [canCheck, kind]);
  useEffect(() => () => checker?.dispose(), [checker]);
  const checkSource = t('ruleEditor.check.source');
  const codeLint = useMemo(() => (checker ? checkLintSource(checker, 'rule.js', () => draftRef.current.helper, checkSource) : undefined), [checker, checkSource]);
  const helperLint = useMemo(() => (checker ? checkLintSource(checker, 'helper.js', () => draftRef.current.code, checkSource) : undefined), [checker, checkSource]);
  const completions = useMemo(
    () => [ruleCompletionSource({ kind, helper: () => draftRef.current.helper, language: () => (i18n.language.startsWith('en') ? 'en' : 'it') })],
    [kind, i18n],
  );

  // Salva: what changed, the rule and helper.js each with its own call.
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const save = useCallback(async (): Promise<boolean> => {
    if (savingRef.current || !loaded) return false;
    const snapshot = draftRef.current;
    const changed = dirtyFields(kind, base, snapshot).filter((field) => (field === 'helper' ? canUpdateHelper : canUpdateRule));
    if (changed.length === 0) {
      void toast.warning(t('ruleEditor.nothingToSave'));
      return true;
    }
    const problems = validate(kind, snapshot);
    const blocking = Object.fromEntries(Object.entries(problems).filter(([field]) => changed.includes(field as Field))) as Partial<Record<Field, FieldError>>;
    const first = changed.find((field) => blocking[field]);
    if (first) {
      setFieldErrors(blocking);
      select(TAB_OF_FIELD[first]);
      void toast.error(withDetail(t('ruleEditor.saveFailed'), t('ruleEditor.fixFields')));
      return false;
    }
    setFieldErrors({});
    savingRef.current = true;
    setSaving(true);
    const changes = changed.some((field) => field !== 'helper') ? ruleChanges(kind, base, snapshot) : null;
    const helperChanged = changed.includes('helper');
    // Code, metadata and helper.js changed together are one save (one version, compiled
    // together); helper.js alone has its own operation.
    const withHelper = changes !== null && helperChanged;
    const saveRule = async (): Promise<unknown> => {
      if (!changes) return null;
      try {
        const input = withHelper ? { ...changes, helper: snapshot.helper } : changes;
        if (kind === 'document') await updateDocumentRule(id, input);
        else await updateDossierRule(id, input);
        const saved: Partial<RuleValues> = {};
        for (const field of changed) if (field !== 'helper' || withHelper) (saved as Record<Field, unknown>)[field] = snapshot[field];
        dispatch({ type: 'saved', values: saved });
        return null;
      } catch (error) {
        return error ?? new Error('unknown');
      }
    };
    const saveHelper = async (): Promise<unknown> => {
      try {
        await updateHelper(id, snapshot.helper);
        dispatch({ type: 'saved', values: { helper: snapshot.helper } });
        return null;
      } catch (error) {
        return error ?? new Error('unknown');
      }
    };
    let ruleError: unknown = null;
    let helperError: unknown = null;
    try {
      if (changes) ruleError = await saveRule();
      else if (helperChanged) helperError = await saveHelper();
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
    if (changes) void rule.mutate();
    if (helperChanged) void helper.mutate();
    const failures: [unknown, string][] = [
      [ruleError, t('ruleEditor.saveFailed')],
      [helperError, t('ruleEditor.helperSaveFailed')],
    ];
    let moved = false;
    for (const [error, message] of failures) {
      if (!error) continue;
      console.error('save failed', error);
      void toast.error(withDetail(message, error));
      const location = syntaxErrorOf(error);
      if (location) {
        pin(location, t('ruleEditor.actions.save'));
        if (!moved) select(FILE_TAB[location.file]);
        moved = true;
      }
    }
    if (ruleError || helperError) return false;
    void toast.success(t('ruleEditor.saved'));
    return true;
  }, [loaded, kind, base, canUpdateHelper, canUpdateRule, t, select, id, rule, helper, pin]);

  const [resetting, setResetting] = useState(false);
  const reset = () => {
    dispatch({ type: 'reset' });
    setMarks(NO_MARKS);
    setHighlight(null);
    setFieldErrors({});
    setResetting(false);
  };

  // Esegui and Playground: a document or dossier, remembered per rule.
  const [target, setTarget] = useState<RunTarget | null>(() => loadTarget(kind, id));
  const [picker, setPicker] = useState<TargetMode | null>(null);
  const [running, setRunning] = useState(false);
  const runningRef = useRef(false);
  const [outcome, setOutcome] = useState<RunOutcome | null>(null);
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;
  const run = useCallback(
    async (chosen: RunTarget) => {
      // Nothing to run before the rule is read.
      if (runningRef.current || !loadedRef.current) return;
      saveTarget(kind, id, chosen);
      setTarget(chosen);
      setPicker(null);
      runningRef.current = true;
      setRunning(true);
      const snapshot = draftRef.current;
      const started = performance.now();
      setMarks((current) => ({ 'rule.js': current['rule.js'].filter((mark) => mark.source !== t('ruleEditor.actions.run')), 'helper.js': current['helper.js'].filter((mark) => mark.source !== t('ruleEditor.actions.run')) }));
      setHighlight(null);
      try {
        let failedAt: ErrorLocation | null = null;
        if (kind === 'document') {
          const result = await runDocumentRule({ id: chosen.id, ruleID: id, ruleName: snapshot.description, code: snapshot.code, packagecode: snapshot.packageJSON, dataTables: [...snapshot.dataTables], helper: canReadHelper ? snapshot.helper : undefined });
          setOutcome({ kind, target: chosen, durationMs: performance.now() - started, result });
          failedAt = runErrorLocation(result.errorDescription);
        } else {
          const items = await runDossierRule({ id: chosen.id, ruleID: id, ruleName: snapshot.description, code: snapshot.code, packagecode: snapshot.packageJSON, helper: canReadHelper ? snapshot.helper : undefined });
          setOutcome({ kind, target: chosen, durationMs: performance.now() - started, items });
          const shownFirst = items[chosen.item ?? 0] ?? items[0];
          failedAt = [shownFirst, ...items].flatMap((item) => item?.errors ?? []).map(runErrorLocation).find((location) => location !== null) ?? null;
        }
        if (failedAt) {
          pin(failedAt, t('ruleEditor.actions.run'));
          setHighlight({ file: failedAt.file, line: failedAt.line });
        }
        setParams(
          (current) => {
            if (current.get('tab') === 'log') return current;
            const updated = new URLSearchParams(current);
            updated.set('tab', 'risultato');
            return updated;
          },
          { replace: true },
        );
      } catch (error) {
        console.error('run failed', error);
        void toast.error(withDetail(t('ruleEditor.runFailed'), error));
        const location = syntaxErrorOf(error) ?? runErrorLocation(errorMessage(error));
        if (location) goTo(location);
      } finally {
        runningRef.current = false;
        setRunning(false);
      }
    },
    [kind, id, t, pin, setParams, goTo, canReadHelper],
  );
  const runNow = useCallback(() => {
    if (target) void run(target);
    else setPicker('run');
  }, [target, run]);

  const [downloading, setDownloading] = useState(false);
  const download = async (chosen: RunTarget, saveFirst: boolean) => {
    saveTarget(kind, id, chosen);
    setTarget(chosen);
    setDownloading(true);
    try {
      if (saveFirst && !(await save())) return;
      const file = await downloadRule(kind, chosen.id, id);
      downloadBase64(file.base64Content, file.name, 'application/zip');
      setPicker(null);
    } catch (error) {
      console.error('download failed', error);
      void toast.error(withDetail(t('ruleEditor.downloadFailed'), error));
    } finally {
      setDownloading(false);
    }
  };

  // Ctrl/Cmd+S saves, Ctrl/Cmd+Enter runs, wherever the focus is on this page.
  const keys = useRef({ save, runNow, canSave, canRun: false, dialogOpen: false });
  keys.current = { save, runNow, canSave, canRun: canRun && loaded, dialogOpen: picker !== null || resetting };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const current = keys.current;
      if (event.key === 's' || event.key === 'S') {
        event.preventDefault();
        event.stopPropagation();
        if (current.canSave && !current.dialogOpen) void current.save();
      } else if (event.key === 'Enter' && current.canRun && !current.dialogOpen) {
        event.preventDefault();
        event.stopPropagation();
        current.runNow();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  // Leaving with unsaved edits asks first (another screen, or the browser's reload and close).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const title = base.description || t('ruleEditor.title', { id });
  const runTooltip = target ? t('ruleEditor.tooltips.runOn', { target: target.label }) : t('ruleEditor.tooltips.run');
  const chooseLabel = t(kind === 'document' ? 'ruleEditor.actions.chooseDocument' : 'ruleEditor.actions.chooseDossier');

  const codeEditor = (field: 'code' | 'helper', file: RuleFile, label: string, editable: boolean, testId: string) => (
    <div className="rule-editor__code">
      <LazyCodeEditor
        value={draft[field]}
        onChange={editable ? (value) => edit(field, value) : undefined}
        language="javascript"
        readOnly={!editable}
        lint={file === 'rule.js' ? codeLint : helperLint}
        lintDelay={100}
        marks={marks[file]}
        highlightLine={highlight?.file === file ? highlight.line : null}
        completions={file === 'rule.js' ? completions : undefined}
        label={label}
        minHeight="420px"
        maxHeight="70vh"
        className="rule-editor__editor"
        testId={testId}
      />
      {checker && <CheckStatus checker={checker} file={file} onGoTo={(location) => goTo(location)} />}
    </div>
  );

  const jsonEditor = (field: 'packageJSON' | 'mustContain' | 'notContain', label: string, testId: string, hint?: ReactNode) => {
    const error = fieldErrors[field];
    const errorId = `${testId}-error`;
    return (
      <div className="rule-editor__code">
        {hint && <p className={Classes.TEXT_MUTED}>{hint}</p>}
        <LazyCodeEditor
          value={draft[field]}
          onChange={canUpdateRule ? (value) => edit(field, value) : undefined}
          language="json"
          lint="json"
          readOnly={!canUpdateRule}
          label={label}
          invalid={error !== undefined}
          describedBy={error ? errorId : undefined}
          minHeight="260px"
          maxHeight="70vh"
          className="rule-editor__editor"
          testId={testId}
        />
        {error && (
          <Callout intent="danger" icon="error" id={errorId} className="rule-editor__note" data-testid={`${testId}-error`}>
            {fieldErrorText(t, error)}
          </Callout>
        )}
      </div>
    );
  };

  const panels: Record<EditorTab, () => ReactNode> = {
    codice: () => codeEditor('code', 'rule.js', t('ruleEditor.editors.code'), canUpdateRule, 'rule-code'),
    helper: () => codeEditor('helper', 'helper.js', t('ruleEditor.editors.helper'), canUpdateHelper, 'rule-helper'),
    package: () => jsonEditor('packageJSON', t('ruleEditor.editors.package'), 'rule-package'),
    'deve-contenere': () => jsonEditor('mustContain', t('ruleEditor.editors.mustContain'), 'rule-must-contain', t('ruleEditor.listHint')),
    'non-deve-contenere': () => jsonEditor('notContain', t('ruleEditor.editors.notContain'), 'rule-not-contain', t('ruleEditor.listHint')),
    risultato: () => <ResultPanel kind={kind} outcome={outcome} running={running} onGoTo={goTo} />,
    log: () => <LogPanel kind={kind} outcome={outcome} running={running} onGoTo={goTo} />,
    'what-if': () => (
      <WhatIfPanel
        ruleId={id}
        kind={kind}
        type={kind === 'document' ? base.documentType : (rule.data?.dossierType ?? null)}
        code={draft.code}
        helper={canReadHelper ? draft.helper : null}
        dataTables={kind === 'document' ? draft.dataTables : []}
        dirty={isDirty}
        ready={loaded && (!canReadHelper || helper.data !== undefined)}
        canStart={canStartWhatIf}
        canOpenDocuments={can(allow('documents'))}
        canOpenDossiers={can(allow('dossiers'))}
      />
    ),
    modifica: () => (
      <EditPanel
        kind={kind}
        values={draft}
        errors={fieldErrors}
        readOnly={!canUpdateRule}
        canListTypes={can(allow('documentTypes'))}
        canListTables={can(allow('dataTables'))}
        onChange={edit}
      />
    ),
    storia: () => (
      <HistoryPanel
        ruleId={id}
        kind={kind}
        canRestore={canRestore}
        dirty={isDirty}
        onRestored={async () => {
          const [values, helperCode] = await Promise.all([rule.mutate(), canReadHelper ? helper.mutate() : Promise.resolve(undefined)]);
          dispatch({ type: 'replace', values: { ...(values?.values ?? {}), ...(helperCode !== undefined ? { helper: helperCode } : {}) } });
          setMarks(NO_MARKS);
          setHighlight(null);
        }}
      />
    ),
  };

  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t(LIST_TITLE[kind]), to: LIST_PATH[kind] }, { label: title }]}
      >
        <Tooltip content={t('ruleEditor.tooltips.reset')}>
          <Button icon="reset" text={t('ruleEditor.actions.reset')} disabled={!isDirty || saving} onClick={() => setResetting(true)} data-testid="rule-reset" />
        </Tooltip>
        {canSave && (
          <Tooltip content={t('ruleEditor.tooltips.save')}>
            <Button
              intent="primary"
              icon="floppy-disk"
              text={t('ruleEditor.actions.save')}
              loading={saving}
              disabled={!loaded}
              onClick={() => void save()}
              aria-keyshortcuts="Control+S Meta+S"
              data-testid="rule-save"
            />
          </Tooltip>
        )}
        {canDownload && (
          <Tooltip content={t('ruleEditor.tooltips.playground')}>
            <Button icon="download" text={t('ruleEditor.actions.playground')} disabled={!loaded} loading={downloading && picker === null} onClick={() => setPicker('download')} data-testid="rule-playground" />
          </Tooltip>
        )}
        {canRun && (
          <ButtonGroup>
            {/* Hover hints only: focus comes back here when the picker closes, and a tooltip
                opened by it would stay over Esegui and take the next click. */}
            <Tooltip content={runTooltip} openOnTargetFocus={false}>
              <Button intent="success" icon="play" text={t('ruleEditor.actions.run')} loading={running} disabled={!loaded} onClick={runNow} aria-keyshortcuts="Control+Enter Meta+Enter" data-testid="rule-run" />
            </Tooltip>
            <Tooltip content={chooseLabel} openOnTargetFocus={false}>
              <Button intent="success" icon="caret-down" aria-label={chooseLabel} disabled={!loaded || running} onClick={() => setPicker('run')} data-testid="rule-run-choose" />
            </Tooltip>
          </ButtonGroup>
        )}
      </PageHeader>
      <section className="page-panel rule-editor" data-testid="rule-editor">
        {rule.isLoading && <Spinner size={24} aria-label={t('common.loading')} className="table-loader" />}
        {rule.error && (
          <Callout intent="danger" icon="error" role="alert" className="form-error" data-testid="rule-load-error">
            {withDetail(t('ruleEditor.loadFailed'), rule.error)}
          </Callout>
        )}
        {rule.data && (
          <>
            <div className="rule-editor__status" data-testid="rule-status">
              <Tag intent={rule.data.active ? 'success' : 'none'} minimal>
                {rule.data.active ? t('ruleEditor.state.active') : t('ruleEditor.state.paused')}
              </Tag>
              {rule.data.valid !== null && (
                <Tag intent={rule.data.valid ? 'success' : 'danger'} minimal>
                  {rule.data.valid ? t('ruleEditor.state.valid') : t('ruleEditor.state.invalid')}
                </Tag>
              )}
              {isDirty && (
                <Tag intent="warning" icon="edit" data-testid="rule-dirty">
                  {t('ruleEditor.unsaved')}
                </Tag>
              )}
            </div>
            <Tabs id="rule-editor-tabs" animate={false} selectedTabId={tab} onChange={(next) => select(next as EditorTab)} className="detail-tabs rule-editor__tabs" renderActiveTabPanelOnly>
              {tabs.map((each) => (
                <Tab
                  key={each}
                  id={each}
                  title={
                    <span className="rule-editor__tab-title">
                      {t(TAB_TITLE[each], { context: kind === 'dossier' ? 'dossier' : undefined })}
                      {dirtyTabs.has(each) && (
                        <>
                          <Icon icon="dot" intent="warning" size={12} className="rule-editor__tab-dot" aria-hidden />
                          <span className="visually-hidden" data-testid={`rule-tab-edited-${each}`}>
                            {` (${t('ruleEditor.tabs.edited')})`}
                          </span>
                        </>
                      )}
                    </span>
                  }
                  panel={<div className="rule-editor__panel">{panels[each]()}</div>}
                  data-testid={`rule-tab-${each}`}
                />
              ))}
            </Tabs>
          </>
        )}
      </section>
      {(canRun || canDownload) && (
        <TargetDialog
          kind={kind}
          mode={picker ?? 'run'}
          isOpen={picker !== null}
          initial={target}
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
      <Alert
        isOpen={blocker.state === 'blocked'}
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
        cancelButtonText={t('ruleEditor.leave.stay')}
        confirmButtonText={t('ruleEditor.leave.leave')}
        intent="danger"
        icon="warning-sign"
        canEscapeKeyCancel
      >
        <p data-testid="rule-leave-confirm">{t('ruleEditor.leave.message')}</p>
      </Alert>
    </>
  );
}

/** The syntax check's answer under an editor: checking, no errors, or the error (in this file or the other). */
function CheckStatus({ checker, file, onGoTo }: { checker: CodeChecker; file: RuleFile; onGoTo: (location: ErrorLocation) => void }) {
  const { t } = useTranslation();
  const status = useSyncExternalStore(checker.subscribe, checker.status);
  let content: ReactNode = null;
  let intent: 'none' | 'success' | 'danger' = 'none';
  if (status.state === 'checking') content = t('ruleEditor.check.checking');
  else if (status.state === 'unavailable') content = t(status.noWorker ? 'ruleEditor.check.noWorker' : 'ruleEditor.check.unavailable');
  else if (status.state === 'done') {
    const { result } = status;
    if (result.ok) {
      intent = 'success';
      content = t('ruleEditor.check.ok');
    } else if (result.line != null) {
      intent = 'danger';
      const location: ErrorLocation = { file: fileOf(result.file), line: result.line, column: result.column ?? null, message: result.message ?? '' };
      content = (
        <>
          {t('ruleEditor.check.error', { file: location.file, line: location.line, column: location.column ?? '-', message: location.message })}
          {location.file !== file && <Button size="small" variant="minimal" icon="locate" text={t('ruleEditor.check.goTo')} onClick={() => onGoTo(location)} data-testid="check-goto" />}
        </>
      );
    } else {
      intent = 'danger';
      content = t('ruleEditor.check.failed', { message: result.message ?? '' });
    }
  }
  return (
    <p className={`rule-editor__check rule-editor__check--${intent}`} role="status" aria-live="polite" data-testid="check-status">
      {content && <Icon icon={intent === 'success' ? 'tick-circle' : intent === 'danger' ? 'error' : 'time'} size={14} intent={intent === 'none' ? undefined : intent} />}
      {content}
    </p>
  );
}
