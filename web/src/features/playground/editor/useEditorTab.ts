import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { RuleKind } from './contract';
import { tabsOf, type EditorTab } from './model';
import type { EditorPermissions } from './permissions';

/**
 * The editor's tabs the user may see and the open one, kept in the address (`?tab=`, replaced
 * rather than pushed): Codice when it names none of them.
 */
export function useEditorTab(kind: RuleKind, { canReadHelper, canHistory, canWhatIf }: EditorPermissions) {
  const [params, setParams] = useSearchParams();
  const tabs = tabsOf(kind).filter((tab) => (tab !== 'helper' || canReadHelper) && (tab !== 'storia' || canHistory) && (tab !== 'what-if' || canWhatIf));
  const requested = params.get('tab');
  const tab: EditorTab = tabs.find((each) => each === requested) ?? 'codice';

  const open = useCallback(
    (next: EditorTab, unlessOn?: EditorTab) =>
      setParams(
        (current) => {
          if (current.get('tab') === unlessOn) return current;
          const updated = new URLSearchParams(current);
          updated.set('tab', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const select = useCallback((next: EditorTab) => open(next), [open]);
  /** A run's outcome shows in Risultato, unless Log Esecuzione is open. */
  const showOutcome = useCallback(() => open('risultato', 'log'), [open]);

  return { tabs, tab, select, showOutcome };
}
