import { useEffect, useMemo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { checkRuleCode } from './api';
import { checkLintSource, createCodeChecker, type CodeChecker, type RuleFile } from './codeCheck';
import { ruleCompletionSource } from './completion';
import type { RuleKind } from './contract';
import type { RuleValues } from './model';

/**
 * What the code editors offer as the user types: syntax errors from the server (when the user may
 * check code; one checker for both files, which the server compiles together) and completion of
 * the rule's input.
 */
export function useCodeAssists(kind: RuleKind, canCheck: boolean, draftRef: RefObject<RuleValues>) {
  const { t, i18n } = useTranslation();
  const checker = useMemo<CodeChecker | null>(() => (canCheck ? createCodeChecker((code, helperCode) => checkRuleCode(kind, code, helperCode)) : null), [canCheck, kind]);
  useEffect(() => () => checker?.dispose(), [checker]);
  const checkSource = t('ruleEditor.check.source');
  const lint = useMemo<Record<RuleFile, ReturnType<typeof checkLintSource>> | null>(
    () =>
      checker && {
        'rule.js': checkLintSource(checker, 'rule.js', () => draftRef.current.helper, checkSource),
        'helper.js': checkLintSource(checker, 'helper.js', () => draftRef.current.code, checkSource),
      },
    [checker, checkSource, draftRef],
  );
  const completions = useMemo(
    () => [ruleCompletionSource({ kind, helper: () => draftRef.current.helper, language: () => (i18n.language.startsWith('en') ? 'en' : 'it') })],
    [kind, i18n, draftRef],
  );
  return { checker, lint, completions };
}

export type CodeAssists = ReturnType<typeof useCodeAssists>;
