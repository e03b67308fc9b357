import { Button, Callout, Classes, Icon } from '@blueprintjs/core';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyCodeEditor } from '../../../components/code/LazyCodeEditor';
import { fileOf, type CodeChecker, type RuleFile } from './codeCheck';
import type { ErrorLocation } from './errors';
import { fieldErrorText, type FieldError } from './model';
import type { CodeAssists } from './useCodeAssists';
import type { Problems } from './useProblems';

interface CodeFilePanelProps {
  file: RuleFile;
  value: string;
  /** No editing when undefined. */
  onChange: ((value: string) => void) | undefined;
  label: string;
  problems: Pick<Problems, 'marks' | 'highlight' | 'goTo'>;
  assists: CodeAssists;
  testId: string;
}

/** rule.js or helper.js in the code editor: the server's syntax check as you type, the problems a save or a run found. */
export function CodeFilePanel({ file, value, onChange, label, problems, assists, testId }: CodeFilePanelProps) {
  const { checker, lint, completions } = assists;
  return (
    <div className="rule-editor__code">
      <LazyCodeEditor
        value={value}
        onChange={onChange}
        language="javascript"
        readOnly={onChange === undefined}
        lint={lint?.[file]}
        lintDelay={100}
        marks={problems.marks[file]}
        highlightLine={problems.highlight?.file === file ? problems.highlight.line : null}
        completions={file === 'rule.js' ? completions : undefined}
        label={label}
        minHeight="420px"
        maxHeight="70vh"
        className="rule-editor__editor"
        testId={testId}
      />
      {checker && <CheckStatus checker={checker} file={file} onGoTo={problems.goTo} />}
    </div>
  );
}

interface JsonFieldPanelProps {
  value: string;
  /** No editing when undefined. */
  onChange: ((value: string) => void) | undefined;
  label: string;
  /** Why a save refused the field. */
  error: FieldError | undefined;
  /** A line above the editor. */
  hint?: ReactNode;
  testId: string;
}

/** package.json, 'Deve contenere' or 'Non deve contenere' in the code editor, JSON checked as you type. */
export function JsonFieldPanel({ value, onChange, label, error, hint, testId }: JsonFieldPanelProps) {
  const { t } = useTranslation();
  const errorId = `${testId}-error`;
  return (
    <div className="rule-editor__code">
      {hint && <p className={Classes.TEXT_MUTED}>{hint}</p>}
      <LazyCodeEditor
        value={value}
        onChange={onChange}
        language="json"
        lint="json"
        readOnly={onChange === undefined}
        label={label}
        invalid={error !== undefined}
        describedBy={error ? errorId : undefined}
        minHeight="260px"
        maxHeight="70vh"
        className="rule-editor__editor"
        testId={testId}
      />
      {error && (
        <Callout intent="danger" icon="error" id={errorId} className="rule-editor__note" data-testid={errorId}>
          {fieldErrorText(t, error)}
        </Callout>
      )}
    </div>
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
