import type { Diagnostic, LintSource } from '@codemirror/lint';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { describeJsonError, findJsonSyntaxError } from '../../lib/jsonSyntax';

/**
 * The lint of a JSON editor: a mark where the first syntax error is, said in the user's
 * language (lib/jsonSyntax) — not the browser's `JSON.parse` text, which is English whatever the
 * page's language.
 */
export function useJsonLint(): LintSource {
  const { t } = useTranslation();
  return useMemo(
    () =>
      (view): Diagnostic[] => {
        const text = view.state.doc.toString();
        const error = findJsonSyntaxError(text);
        if (error === null) return [];
        const from = Math.min(error.offset, text.length);
        return [{ from, to: Math.min(from + 1, text.length), severity: 'error', message: describeJsonError(t, error) }];
      },
    [t],
  );
}
