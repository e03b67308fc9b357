import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeEditorProps } from './CodeEditor';

const CodeEditor = lazy(() => import('./CodeEditor'));

/** The code editor, loaded on first use so that CodeMirror stays out of the first load. */
export function LazyCodeEditor(props: CodeEditorProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner size={20} aria-label={t('common.loading')} className="code-editor__loader" />}>
      <CodeEditor {...props} />
    </Suspense>
  );
}

export type { CodeEditorProps };
export type { CodeMark } from './marks';
