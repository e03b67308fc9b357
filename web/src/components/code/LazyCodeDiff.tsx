import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeDiffProps } from './CodeDiff';

const CodeDiff = lazy(() => import('./CodeDiff'));

/** The difference of two texts, loaded on first use (CodeMirror's merge view is a chunk of its own). */
export function LazyCodeDiff(props: CodeDiffProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner size={20} aria-label={t('common.loading')} className="code-editor__loader" />}>
      <CodeDiff {...props} />
    </Suspense>
  );
}

export type { CodeDiffProps };
