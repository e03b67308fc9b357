import { Button, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/validation';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useToggleSet } from '../../lib/useToggleSet';
import { runDocumentRule, runDocumentRules, useDocumentRules } from './api';
import { FOLLOW_TIMEOUT_MS, followRulesRun, type Followed, type RunSummary } from './rulesRun';
import { LazyCodeEditor } from '../../components/code/LazyCodeEditor';

/**
 * regole: the rules of the document's type, each with its code in an expandable row; run them
 * all or one (each button only with its permission). `onRan` refreshes what a run changes.
 */
export function RulesTab({ documentId, onRan }: { documentId: string; onRan: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const canReadCode = can({ action: 'allow', resource: 'documentRules' });
  const { data: rules, error, isLoading } = useDocumentRules(documentId, canReadCode);
  const [expanded, toggle] = useToggleSet();
  const [runningAll, setRunningAll] = useState(false);
  const [running, setRunning] = useState<string | null>(null);
  const canRunAll = can({ action: 'allow', resource: 'runDocumentRules' });
  const canRunOne = can({ action: 'allow', resource: 'runDocumentRule' });

  useEffect(() => {
    if (error) void toast.error(t('documentDetail.rules.loadFailed'));
  }, [error, t]);

  // Each run is followed until its executions are recorded, and the toast says how they ended.
  const runAll = async () => {
    const expected = (rules ?? []).filter((rule) => rule.active).length;
    if (expected === 0) {
      void toast.warning(t('documentDetail.rules.noActiveRules'));
      return;
    }
    setRunningAll(true);
    const dismiss = await toast.progress(t('documentDetail.rules.running'));
    try {
      const followed = await followRulesRun(documentId, expected, () => runDocumentRules(documentId));
      reportRun(followed, (summary) => {
        const total = summary.succeeded + summary.failed + summary.error + summary.unknown;
        if (summary.failed === 0 && summary.error === 0) void toast.success(t('documentDetail.rules.ran', { succeeded: summary.succeeded + summary.unknown, total }));
        else (summary.error > 0 ? toast.error : toast.warning)(t('documentDetail.rules.ranWithProblems', { ...summary, succeeded: summary.succeeded + summary.unknown }));
      });
    } catch (failure) {
      void toast.error(`${t('documentDetail.rules.runFailed')} ${errorMessage(failure)}`);
    } finally {
      dismiss();
      setRunningAll(false);
    }
  };

  const runOne = async (ruleId: string) => {
    setRunning(ruleId);
    const dismiss = await toast.progress(t('documentDetail.rules.started'));
    try {
      const followed = await followRulesRun(documentId, 1, () => runDocumentRule(documentId, ruleId));
      reportRun(followed, (summary) => {
        if (summary.error > 0) void toast.error(t('documentDetail.rules.ranOneError'));
        else if (summary.failed > 0) void toast.warning(t('documentDetail.rules.ranOneFailed'));
        else void toast.success(t('documentDetail.rules.ranOne'));
      });
    } catch {
      void toast.error(t('documentDetail.rules.runOneFailed'));
    } finally {
      dismiss();
      setRunning(null);
    }
  };

  /** Says how a followed run ended (or that it has not run yet) and refreshes what it changed. */
  const reportRun = (followed: Followed, done: (summary: RunSummary) => void) => {
    if (followed.done) done(followed.summary);
    else void toast.warning(t('documentDetail.rules.notRunYet', { seconds: FOLLOW_TIMEOUT_MS / 1000 }));
    onRan();
  };

  if (isLoading) return <Spinner size={24} aria-label={t('common.loading')} className="document-detail__loader" />;
  if (error) return <NonIdealState icon="error" title={t('documentDetail.rules.loadFailed')} />;
  if (!rules || rules.length === 0) {
    return <NonIdealState icon="function" title={t('documentDetail.rules.empty')} />;
  }

  return (
    <div className="rules-tab">
      {canRunAll && (
        <div className="tab-panel__bar">
          <Button icon="play" intent="primary" text={t('documentDetail.rules.runAll')} loading={runningAll} onClick={() => void runAll()} data-testid="rules-run-all" />
        </div>
      )}
      <div className="table-scroll">
        <HTMLTable className="data-table rules-tab__table" aria-label={t('documentDetail.tabs.regole')} data-testid="rules-table">
          <thead>
            <tr>
              {canReadCode && (
                <th scope="col" className="rules-tab__toggle">
                  <span className="visually-hidden">{t('documentDetail.rules.code')}</span>
                </th>
              )}
              <th scope="col">{t('documentDetail.rules.description')}</th>
              <th scope="col">{t('documentDetail.rules.state')}</th>
              {canRunOne && <th scope="col" className="data-table__actions">{t('common.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {rules.map((rule) => {
              const open = expanded.has(rule.id);
              const codeId = `rule-code-${rule.id}`;
              return (
                <Fragment key={rule.id}>
                  <tr data-testid={`rule-row-${rule.id}`}>
                    {canReadCode && (
                      <td className="rules-tab__toggle">
                        <Button
                          variant="minimal"
                          size="small"
                          icon={open ? 'chevron-down' : 'chevron-right'}
                          aria-expanded={open}
                          aria-controls={open ? codeId : undefined}
                          aria-label={t(open ? 'documentDetail.rules.hideCode' : 'documentDetail.rules.showCode', { rule: rule.description || rule.id })}
                          onClick={() => toggle(rule.id)}
                          data-testid="rule-expand"
                        />
                      </td>
                    )}
                    <td>
                      <span className="rules-tab__description">{rule.description || '-'}</span>
                      <span className="muted rules-tab__id">{rule.id}</span>
                    </td>
                    <td>
                      <Tag minimal round intent={rule.active ? 'success' : 'none'}>
                        {t(rule.active ? 'documentDetail.rules.active' : 'documentDetail.rules.paused')}
                      </Tag>
                    </td>
                    {canRunOne && (
                      <td className="data-table__actions">
                        <Button
                          icon="play"
                          size="small"
                          text={t('documentDetail.rules.run')}
                          aria-label={t('documentDetail.rules.runLabel', { rule: rule.description || rule.id })}
                          loading={running === rule.id}
                          disabled={running !== null && running !== rule.id}
                          onClick={() => void runOne(rule.id)}
                          data-testid="rule-run"
                        />
                      </td>
                    )}
                  </tr>
                  {open && canReadCode && (
                    <tr className="rules-tab__code-row" id={codeId}>
                      <td colSpan={canRunOne ? 4 : 3}>
                        <LazyCodeEditor value={rule.code ?? ''} language="javascript" readOnly label={t('documentDetail.rules.codeOf', { rule: rule.description || rule.id })} maxHeight="400px" testId="rule-code" />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </HTMLTable>
      </div>
    </div>
  );
}
