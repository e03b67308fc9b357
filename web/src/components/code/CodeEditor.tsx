import { javascript } from '@codemirror/lang-javascript';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter, type LintSource } from '@codemirror/lint';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';
import { useDarkTheme } from '../../lib/useDarkTheme';

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  language: 'json' | 'javascript';
  readOnly?: boolean;
  /** `json`: JSON syntax marks as you type; or a lint source of the caller's. */
  lint?: 'json' | LintSource;
  /** The accessible name of the editing area. */
  label: string;
  /** Ids of the elements describing the editor (e.g. its error). */
  describedBy?: string;
  invalid?: boolean;
  /** Tab indents (true) or leaves the editor, so that the keyboard is never trapped (false). */
  indentWithTab?: boolean;
  height?: string;
  minHeight?: string;
  maxHeight?: string;
  className?: string;
  testId?: string;
}

/**
 * The code editor of the app (CodeMirror 6): JSON or JavaScript, editable or read-only, with the
 * app's light or dark theme. Heavy: load it through `LazyCodeEditor`.
 */
export default function CodeEditor({
  value,
  onChange,
  onBlur,
  language,
  readOnly = false,
  lint,
  label,
  describedBy,
  invalid,
  indentWithTab = true,
  height,
  minHeight,
  maxHeight,
  className,
  testId,
}: CodeEditorProps) {
  const dark = useDarkTheme();
  const extensions = useMemo(
    () => [
      language === 'json' ? json() : javascript(),
      ...(lint ? [linter(lint === 'json' ? jsonParseLinter() : lint, { delay: 300 }), lintGutter()] : []),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': label,
        'aria-multiline': 'true',
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      }),
    ],
    [language, lint, label, invalid, describedBy],
  );
  return (
    <div className={['code-editor', className].filter(Boolean).join(' ')} data-testid={testId}>
      <CodeMirror
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        extensions={extensions}
        theme={dark ? 'dark' : 'light'}
        readOnly={readOnly}
        editable={!readOnly}
        indentWithTab={indentWithTab}
        height={height}
        minHeight={minHeight}
        maxHeight={maxHeight}
        basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly, highlightActiveLineGutter: !readOnly, autocompletion: !readOnly }}
      />
    </div>
  );
}
