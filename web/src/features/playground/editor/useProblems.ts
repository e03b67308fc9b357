import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeMark } from '../../../components/code/LazyCodeEditor';
import type { RuleFile } from './codeCheck';
import type { ErrorLocation } from './errors';
import type { EditorTab, Field, FieldError } from './model';

/** The tab that shows each file. */
export const FILE_TAB: Record<RuleFile, EditorTab> = { 'rule.js': 'codice', 'helper.js': 'helper' };
/** The file each code field is. */
export const CODE_FILE = { code: 'rule.js', helper: 'helper.js' } as const satisfies Partial<Record<Field, RuleFile>>;
const NO_MARKS: Record<RuleFile, readonly CodeMark[]> = { 'rule.js': [], 'helper.js': [] };

export type FieldErrors = Partial<Record<Field, FieldError>>;

/**
 * The problems a save or a run found: marks pinned in the code editors (each saying which action
 * found it), the line a run failed at, and the fields a save refused. Editing a file or a field
 * takes its own away.
 */
export function useProblems(select: (tab: EditorTab) => void) {
  const { t } = useTranslation();
  const [marks, setMarks] = useState(NO_MARKS);
  const [highlight, setHighlight] = useState<{ file: RuleFile; line: number } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const edited = useCallback((field: Field) => {
    if (field === 'code' || field === 'helper') {
      const file = CODE_FILE[field];
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

  /** Where a run failed: pinned, and its line highlighted. */
  const showRunError = useCallback(
    (location: ErrorLocation) => {
      pin(location, t('ruleEditor.actions.run'));
      setHighlight({ file: location.file, line: location.line });
    },
    [pin, t],
  );

  /** Where a run failed, in the tab of its file. */
  const goTo = useCallback(
    (location: ErrorLocation) => {
      showRunError(location);
      select(FILE_TAB[location.file]);
    },
    [showRunError, select],
  );

  /** A run starts: what the previous run found goes. */
  const clearRun = useCallback(() => {
    const run = t('ruleEditor.actions.run');
    setMarks((current) => ({ 'rule.js': current['rule.js'].filter((mark) => mark.source !== run), 'helper.js': current['helper.js'].filter((mark) => mark.source !== run) }));
    setHighlight(null);
  }, [t]);

  /** The files were replaced: their marks and highlight go. */
  const clearMarks = useCallback(() => {
    setMarks(NO_MARKS);
    setHighlight(null);
  }, []);

  return { marks, highlight, fieldErrors, setFieldErrors, edited, pin, showRunError, goTo, clearRun, clearMarks };
}

export type Problems = ReturnType<typeof useProblems>;
