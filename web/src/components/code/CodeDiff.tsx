import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { MergeView, unifiedMergeView } from '@codemirror/merge';
import { EditorState, EditorView, getDefaultExtensions, type Extension } from '@uiw/react-codemirror';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDarkTheme } from '../../lib/useDarkTheme';
import { lightHighlighting } from './highlight';

export interface CodeDiffProps {
  /** The older text (left, or the removed lines). */
  a: string;
  /** The newer text (right, or the added lines). */
  b: string;
  language: 'json' | 'javascript';
  /** Accessible names of the two sides. */
  labelA: string;
  labelB: string;
  /** `split`: side by side; `unified`: one column with the removed lines shown inline (narrow screens). */
  layout?: 'split' | 'unified';
  className?: string;
  testId?: string;
}

/** The marks around "15 unchanged lines": CodeMirror's "⦚" is in no font the app ships or the systems have. */
const collapsedLinesMarks = EditorView.theme({
  '.cm-collapsedLines': { '&:before': { content: '"…"' }, '&:after': { content: '"…"' } },
});

/**
 * The difference between two texts (CodeMirror's merge view), read-only, with unchanged stretches
 * collapsed and the app's light or dark theme. Heavy: load it through `LazyCodeDiff`.
 */
export default function CodeDiff({ a, b, language, labelA, labelB, layout = 'split', className, testId }: CodeDiffProps) {
  const dark = useDarkTheme();
  const { t } = useTranslation();
  // CodeMirror's own words ("15 unchanged lines") in the user's language.
  const unchanged = t('codeDiff.unchangedLines');
  const parent = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const host = parent.current;
    if (!host) return;
    const common = (label: string): Extension[] => [
      ...getDefaultExtensions({ theme: dark ? 'dark' : 'light', readOnly: true, editable: false, basicSetup: { foldGutter: false, highlightActiveLine: false, highlightActiveLineGutter: false, autocompletion: false } }),
      language === 'json' ? json() : javascript(),
      ...(dark ? [] : [lightHighlighting]),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label, 'aria-readonly': 'true' }),
      EditorState.phrases.of({ '$ unchanged lines': unchanged }),
      collapsedLinesMarks,
    ];
    if (layout === 'unified') {
      const view = new EditorView({
        parent: host,
        state: EditorState.create({ doc: b, extensions: [...common(labelB), unifiedMergeView({ original: a, mergeControls: false, collapseUnchanged: { margin: 3, minSize: 4 } })] }),
      });
      return () => view.destroy();
    }
    const view = new MergeView({
      parent: host,
      a: { doc: a, extensions: common(labelA) },
      b: { doc: b, extensions: common(labelB) },
      collapseUnchanged: { margin: 3, minSize: 4 },
      gutter: true,
    });
    return () => view.destroy();
  }, [a, b, language, labelA, labelB, layout, dark, unchanged]);

  // Code reads left to right whatever the page's direction.
  return <div ref={parent} className={['code-diff', className].filter(Boolean).join(' ')} data-testid={testId} dir="ltr" />;
}
