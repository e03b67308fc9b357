import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { updateDocumentRule, updateDossierRule, updateHelper } from './api';
import type { RuleKind } from './contract';
import { syntaxErrorOf, withDetail } from './errors';
import { dirtyFields, ruleChanges, TAB_OF_FIELD, validate, type EditorTab, type Field, type RuleValues } from './model';
import type { EditorPermissions } from './permissions';
import { FILE_TAB, type FieldErrors, type Problems } from './useProblems';
import type { RuleDraft } from './useRuleDraft';

interface RuleSaveOptions {
  kind: RuleKind;
  id: string;
  editing: RuleDraft;
  permissions: Pick<EditorPermissions, 'canUpdateRule' | 'canUpdateHelper'>;
  problems: Pick<Problems, 'pin' | 'setFieldErrors'>;
  select: (tab: EditorTab) => void;
}

/**
 * Salva (docs/domain.md#playgrounds, #input-rules-and-limits): what changed and the user may save,
 * checked first (a wrong field opens its tab). Code, metadata and helper.js changed together are
 * one save (one version, compiled together); helper.js alone has its own operation. A refusal
 * pointing at a line pins it in its file. Answers whether everything was saved.
 */
export function useRuleSave({ kind, id, editing, permissions, problems, select }: RuleSaveOptions) {
  const { t } = useTranslation();
  const { loaded, base, draftRef, dispatch, rule, helper } = editing;
  const { canUpdateRule, canUpdateHelper } = permissions;
  const { pin, setFieldErrors } = problems;
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);

  const save = useCallback(async (): Promise<boolean> => {
    if (savingRef.current || !loaded) return false;
    const snapshot = draftRef.current;
    const changed = dirtyFields(kind, base, snapshot).filter((field) => (field === 'helper' ? canUpdateHelper : canUpdateRule));
    if (changed.length === 0) {
      void toast.warning(t('ruleEditor.nothingToSave'));
      return true;
    }
    const problemsFound = validate(kind, snapshot);
    const blocking = Object.fromEntries(Object.entries(problemsFound).filter(([field]) => changed.includes(field as Field))) as FieldErrors;
    const first = changed.find((field) => blocking[field]);
    if (first) {
      setFieldErrors(blocking);
      select(TAB_OF_FIELD[first]);
      void toast.error(withDetail(t('ruleEditor.saveFailed'), t('ruleEditor.fixFields')));
      return false;
    }
    setFieldErrors({});
    savingRef.current = true;
    setSaving(true);
    const changes = changed.some((field) => field !== 'helper') ? ruleChanges(kind, base, snapshot) : null;
    const helperChanged = changed.includes('helper');
    const withHelper = changes !== null && helperChanged;
    const saveRule = async (): Promise<unknown> => {
      if (!changes) return null;
      try {
        const input = withHelper ? { ...changes, helper: snapshot.helper } : changes;
        if (kind === 'document') await updateDocumentRule(id, input);
        else await updateDossierRule(id, input);
        const saved: Partial<RuleValues> = {};
        for (const field of changed) if (field !== 'helper' || withHelper) (saved as Record<Field, unknown>)[field] = snapshot[field];
        dispatch({ type: 'saved', values: saved });
        return null;
      } catch (error) {
        return error ?? new Error('unknown');
      }
    };
    const saveHelper = async (): Promise<unknown> => {
      try {
        await updateHelper(id, snapshot.helper);
        dispatch({ type: 'saved', values: { helper: snapshot.helper } });
        return null;
      } catch (error) {
        return error ?? new Error('unknown');
      }
    };
    let ruleError: unknown = null;
    let helperError: unknown = null;
    try {
      if (changes) ruleError = await saveRule();
      else if (helperChanged) helperError = await saveHelper();
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
    if (changes) void rule.mutate();
    if (helperChanged) void helper.mutate();
    const failures: [unknown, string][] = [
      [ruleError, t('ruleEditor.saveFailed')],
      [helperError, t('ruleEditor.helperSaveFailed')],
    ];
    let moved = false;
    for (const [error, message] of failures) {
      if (!error) continue;
      console.error('save failed', error);
      void toast.error(withDetail(message, error));
      const location = syntaxErrorOf(error);
      if (location) {
        pin(location, t('ruleEditor.actions.save'));
        if (!moved) select(FILE_TAB[location.file]);
        moved = true;
      }
    }
    if (ruleError || helperError) return false;
    void toast.success(t('ruleEditor.saved'));
    return true;
  }, [loaded, draftRef, kind, base, canUpdateHelper, canUpdateRule, t, setFieldErrors, select, dispatch, id, rule, helper, pin]);

  return { save, saving };
}
