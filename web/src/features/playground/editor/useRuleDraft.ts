import { useEffect, useMemo, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useHelper, useRuleData } from './api';
import type { RuleKind } from './contract';
import { dirtyFields, editorReducer, initialEditorState } from './model';

/**
 * The rule as the server holds it (`base`) and as it is being edited (`draft`): read with its
 * helper.js (when the user may read it), the fields not edited following what the server says.
 */
export function useRuleDraft(kind: RuleKind, id: string, canReadHelper: boolean) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(editorReducer, initialEditorState);
  const { base, draft } = state;
  // The draft as it is now, for callbacks that outlive a render (a save, a run, the syntax check).
  const draftRef = useRef(draft);
  draftRef.current = draft;
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
  return { ...state, dispatch, draftRef, rule, helper, dirty, isDirty: dirty.length > 0 };
}

export type RuleDraft = ReturnType<typeof useRuleDraft>;
