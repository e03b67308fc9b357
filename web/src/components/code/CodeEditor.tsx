import type { CompletionSource } from '@codemirror/autocomplete';
import { javascript, javascriptLanguage } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { linter, lintGutter, type Diagnostic, type LintSource } from '@codemirror/lint';
import CodeMirror, { Decoration, EditorView, StateEffect, StateField, type Extension, type Text } from '@uiw/react-codemirror';
import { useEffect, useMemo, useRef } from 'react';
import { useDarkTheme } from '../../lib/useDarkTheme';
import { lightHighlighting } from './highlight';
import { useJsonLint } from './jsonLint';
import { rangeOf, type CodeMark } from './marks';

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  language: 'json' | 'javascript';
  readOnly?: boolean;
  /** `json`: JSON syntax marks as you type, in the user's language; or a lint source of the caller's. */
  lint?: 'json' | LintSource;
  /** How long the linter waits after the last change, in ms (300 by default). */
  lintDelay?: number;
  /** Problems to show besides the linter's (a save refused at a line, a run failing at one). */
  marks?: readonly CodeMark[];
  /** A line (1-based) to highlight and scroll to, e.g. where a run failed. */
  highlightLine?: number | null;
  /** Completion sources added to the language's own (JavaScript: words in scope, keywords, snippets). */
  completions?: readonly CompletionSource[];
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

/** The diagnostics of `marks` in `doc`. */
function diagnosticsOf(doc: Text, marks: readonly CodeMark[]): Diagnostic[] {
  return marks.map((mark) => ({ ...rangeOf(doc, mark.line, mark.column), severity: mark.severity ?? 'error', message: mark.message, source: mark.source }));
}

/** Asks the linter to run again although the text did not change (new marks, or new outside input). */
const refreshLint = StateEffect.define<null>();

/** The highlighted line (see `highlightLine`). */
const setHighlight = StateEffect.define<number | null>();
const highlightedLine = Decoration.line({ class: 'cm-highlighted-line' });
const highlightField = StateField.define({
  create: () => Decoration.none,
  update(decorations, transaction) {
    let next = decorations.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (!effect.is(setHighlight)) continue;
      const line = effect.value;
      next = line == null || line < 1 || line > transaction.state.doc.lines ? Decoration.none : Decoration.set([highlightedLine.range(transaction.state.doc.line(line).from)]);
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/**
 * The code editor of the app (CodeMirror 6): JSON or JavaScript, editable or read-only, with the
 * app's light or dark theme, optional linting (as you type, plus marks given by the caller), extra
 * completions and a highlighted line. Heavy: load it through `LazyCodeEditor`.
 */
export default function CodeEditor({
  value,
  onChange,
  onBlur,
  language,
  readOnly = false,
  lint,
  lintDelay = 300,
  marks,
  highlightLine,
  completions,
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
  const view = useRef<EditorView | null>(null);
  const marksRef = useRef(marks);
  marksRef.current = marks;
  const linted = lint !== undefined || marks !== undefined;
  const jsonLint = useJsonLint();
  const lintSource = lint === 'json' ? jsonLint : lint;

  const extensions = useMemo(() => {
    const sources: LintSource[] = [];
    if (lintSource) sources.push(lintSource);
    if (marks !== undefined) sources.push((editor) => diagnosticsOf(editor.state.doc, marksRef.current ?? []));
    const list: Extension[] = [
      language === 'json' ? json() : javascript(),
      ...sources.map((source) =>
        linter(source, { delay: lintDelay, needsRefresh: (update) => update.transactions.some((tr) => tr.effects.some((effect) => effect.is(refreshLint))) }),
      ),
      ...(linted ? [lintGutter()] : []),
      ...(completions && completions.length > 0 ? completions.map((source) => (language === 'json' ? json().language : javascriptLanguage).data.of({ autocomplete: source })) : []),
      highlightField,
      ...(dark ? [] : [lightHighlighting]),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': label,
        'aria-multiline': 'true',
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      }),
    ];
    return list;
    // `marks` matters only as present or not: its value is read through the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [language, lintSource, lintDelay, linted, marks === undefined, completions, label, invalid, describedBy, dark]);

  // New marks: show them now.
  useEffect(() => {
    view.current?.dispatch({ effects: refreshLint.of(null) });
  }, [marks]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const line = highlightLine ?? null;
    const inRange = line !== null && line >= 1 && line <= editor.state.doc.lines;
    editor.dispatch({
      effects: [setHighlight.of(line), ...(inRange ? [EditorView.scrollIntoView(editor.state.doc.line(line).from, { y: 'center' })] : [])],
    });
  }, [highlightLine]);

  return (
    // Code reads left to right whatever the page's direction.
    <div className={['code-editor', className].filter(Boolean).join(' ')} data-testid={testId} dir="ltr">
      <CodeMirror
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        onCreateEditor={(created) => {
          view.current = created;
          if (highlightLine != null && highlightLine >= 1 && highlightLine <= created.state.doc.lines) {
            created.dispatch({ effects: [setHighlight.of(highlightLine), EditorView.scrollIntoView(created.state.doc.line(highlightLine).from, { y: 'center' })] });
          }
        }}
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
