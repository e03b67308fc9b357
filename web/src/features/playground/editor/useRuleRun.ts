import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBase64 } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/validation';
import { downloadRule, runDocumentRule, runDossierRule } from './api';
import type { RuleKind } from './contract';
import { runErrorLocation, syntaxErrorOf, withDetail, type ErrorLocation } from './errors';
import type { RunOutcome } from './run';
import type { TargetMode } from './TargetDialog';
import { loadTarget, saveTarget, type RunTarget } from './targets';
import type { Problems } from './useProblems';
import type { RuleDraft } from './useRuleDraft';

/** The document or dossier Esegui and Playground work on (remembered per rule), and the dialog that chooses it. */
export function useRunTarget(kind: RuleKind, id: string) {
  const [target, setTarget] = useState<RunTarget | null>(() => loadTarget(kind, id));
  const [picker, setPicker] = useState<TargetMode | null>(null);
  const choose = useCallback(
    (chosen: RunTarget) => {
      saveTarget(kind, id, chosen);
      setTarget(chosen);
    },
    [kind, id],
  );
  return { target, choose, picker, setPicker };
}

type RunTargetState = ReturnType<typeof useRunTarget>;

interface RuleRunOptions {
  kind: RuleKind;
  id: string;
  editing: Pick<RuleDraft, 'loaded' | 'draftRef'>;
  canReadHelper: boolean;
  targets: RunTargetState;
  problems: Pick<Problems, 'showRunError' | 'goTo' | 'clearRun'>;
  showOutcome: () => void;
}

/**
 * Esegui: the unsaved code on the chosen document or dossier. Its outcome opens Risultato (unless
 * Log Esecuzione is open); the first error that points at a line is pinned there.
 */
export function useRuleRun({ kind, id, editing, canReadHelper, targets, problems, showOutcome }: RuleRunOptions) {
  const { t } = useTranslation();
  const { choose, target, setPicker } = targets;
  const { showRunError, goTo, clearRun } = problems;
  const [running, setRunning] = useState(false);
  const runningRef = useRef(false);
  const [outcome, setOutcome] = useState<RunOutcome | null>(null);
  const loadedRef = useRef(editing.loaded);
  loadedRef.current = editing.loaded;
  const { draftRef } = editing;

  const run = useCallback(
    async (chosen: RunTarget) => {
      // Nothing to run before the rule is read.
      if (runningRef.current || !loadedRef.current) return;
      choose(chosen);
      setPicker(null);
      runningRef.current = true;
      setRunning(true);
      const snapshot = draftRef.current;
      const started = performance.now();
      clearRun();
      try {
        let failedAt: ErrorLocation | null = null;
        const common = { id: chosen.id, ruleID: id, ruleName: snapshot.description, code: snapshot.code, packagecode: snapshot.packageJSON, helper: canReadHelper ? snapshot.helper : undefined };
        if (kind === 'document') {
          const result = await runDocumentRule({ ...common, dataTables: [...snapshot.dataTables] });
          setOutcome({ kind, target: chosen, durationMs: performance.now() - started, result });
          failedAt = runErrorLocation(result.errorDescription);
        } else {
          const items = await runDossierRule(common);
          setOutcome({ kind, target: chosen, durationMs: performance.now() - started, items });
          const shownFirst = items[chosen.item ?? 0] ?? items[0];
          failedAt = [shownFirst, ...items].flatMap((item) => item?.errors ?? []).map(runErrorLocation).find((location) => location !== null) ?? null;
        }
        if (failedAt) showRunError(failedAt);
        showOutcome();
      } catch (error) {
        console.error('run failed', error);
        void toast.error(withDetail(t('ruleEditor.runFailed'), error));
        const location = syntaxErrorOf(error) ?? runErrorLocation(errorMessage(error));
        if (location) goTo(location);
      } finally {
        runningRef.current = false;
        setRunning(false);
      }
    },
    [choose, setPicker, draftRef, clearRun, id, canReadHelper, kind, showRunError, showOutcome, t, goTo],
  );
  /** On the target chosen last, or the dialog that chooses one. */
  const runNow = useCallback(() => {
    if (target) void run(target);
    else setPicker('run');
  }, [target, run, setPicker]);

  return { run, runNow, running, outcome };
}

/** Playground: the rule's zip for the chosen document or dossier, saved first when asked. */
export function useRuleDownload(kind: RuleKind, id: string, targets: RunTargetState, save: () => Promise<boolean>) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const download = async (chosen: RunTarget, saveFirst: boolean) => {
    targets.choose(chosen);
    setDownloading(true);
    try {
      if (saveFirst && !(await save())) return;
      const file = await downloadRule(kind, chosen.id, id);
      downloadBase64(file.base64Content, file.name, 'application/zip');
      targets.setPicker(null);
    } catch (error) {
      console.error('download failed', error);
      void toast.error(withDetail(t('ruleEditor.downloadFailed'), error));
    } finally {
      setDownloading(false);
    }
  };
  return { download, downloading };
}
