import { Button, Callout, Classes, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyCodeEditor } from '../../../components/code/LazyCodeEditor';
import { prettyJson } from '../../../lib/format';
import type { RuleKind } from './contract';
import { runErrorLocation, type ErrorLocation } from './errors';
import { parseJson, successOf } from '../../../lib/ruleResult';
import { metasOf, splitLog, type RunOutcome } from './run';

const documentPath = (dossierId: string, documentId: string) => `/dossier/dettagli/${encodeURIComponent(dossierId)}/documenti/${encodeURIComponent(documentId)}`;
const dossierPath = (dossierId: string) => `/dossier/dettagli/${encodeURIComponent(dossierId)}`;

interface PanelProps {
  kind: RuleKind;
  outcome: RunOutcome | null;
  running: boolean;
  /** Shows the line an error points at in its editor. */
  onGoTo: (location: ErrorLocation) => void;
}

function Empty({ kind, running }: { kind: RuleKind; running: boolean }) {
  const { t } = useTranslation();
  if (running) return <NonIdealState icon={<Spinner size={32} aria-label={t('ruleEditor.result.running')} />} title={t('ruleEditor.result.running')} />;
  return <NonIdealState icon="play" title={t('ruleEditor.result.empty')} description={t(kind === 'document' ? 'ruleEditor.result.emptyDocument' : 'ruleEditor.result.emptyDossier')} />;
}

function SuccessTag({ result }: { result: unknown }) {
  const { t } = useTranslation();
  const success = successOf(result);
  if (success === null) return null;
  return (
    <Tag intent={success ? 'success' : 'danger'} icon={success ? 'tick' : 'cross'} data-testid="run-success">
      {success ? t('ruleEditor.result.passed') : t('ruleEditor.result.failed')}
    </Tag>
  );
}

/** An error of a run, with a button to its line when it points at one. */
function RunError({ text, onGoTo }: { text: string; onGoTo: (location: ErrorLocation) => void }) {
  const { t } = useTranslation();
  const location = runErrorLocation(text);
  return (
    <Callout intent="danger" icon="error" title={t('ruleEditor.result.error')} className="rule-editor__run-error" data-testid="run-error">
      <pre className="rule-editor__pre">{text}</pre>
      {location && (
        <Button
          size="small"
          icon="locate"
          text={t('ruleEditor.result.goToLine', { line: location.line, file: location.file })}
          onClick={() => onGoTo(location)}
          data-testid="run-error-goto"
        />
      )}
    </Callout>
  );
}

function Summary({ outcome }: { outcome: RunOutcome }) {
  const { t, i18n } = useTranslation();
  const seconds = (outcome.durationMs / 1000).toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const { target } = outcome;
  const link =
    outcome.kind === 'document'
      ? target.dossierId && { to: documentPath(target.dossierId, target.id), text: t('ruleEditor.result.openDocument') }
      : { to: dossierPath(target.id), text: t('ruleEditor.result.openDossier') };
  return (
    <dl className="detail-fields rule-editor__summary" data-testid="run-summary">
      <dt>{t('ruleEditor.result.target')}</dt>
      <dd className="detail-fields__wrap">
        {target.label} {link && <Link to={link.to}>{link.text}</Link>}
      </dd>
      <dt>{t('ruleEditor.result.duration')}</dt>
      <dd data-testid="run-duration">{t('ruleEditor.result.seconds', { value: seconds })}</dd>
      {outcome.kind === 'document' && outcome.result.executionId && (
        <>
          <dt>{t('ruleEditor.result.execution')}</dt>
          <dd className="detail-fields__wrap">
            <code>{outcome.result.executionId}</code>
          </dd>
        </>
      )}
    </dl>
  );
}

function JsonView({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation();
  return <LazyCodeEditor value={value} language="json" readOnly label={t('ruleEditor.editors.result')} className="rule-editor__json" maxHeight="480px" testId={testId} />;
}

/** Risultato: the result JSON and the metas it would write (document), or each input item's result (dossier). */
export function ResultPanel({ kind, outcome, running, onGoTo }: PanelProps) {
  const { t } = useTranslation();
  if (!outcome) return <Empty kind={kind} running={running} />;
  if (outcome.kind === 'document') {
    const result = parseJson(outcome.result.Result);
    const metas = metasOf(result);
    return (
      <div className="rule-editor__run" data-testid="run-result" aria-busy={running}>
        <Summary outcome={outcome} />
        {outcome.result.errorDescription && <RunError text={outcome.result.errorDescription} onGoTo={onGoTo} />}
        {outcome.result.Result != null && (
          <>
            <div className="rule-editor__run-head">
              <SuccessTag result={result} />
            </div>
            <h3 className={Classes.HEADING}>{t('ruleEditor.result.metas')}</h3>
            {metas.length === 0 ? (
              <p className={Classes.TEXT_MUTED}>{t('ruleEditor.result.noMetas')}</p>
            ) : (
              <div className="rule-editor__table-wrap">
                <HTMLTable compact striped className="rule-editor__metas" data-testid="run-metas">
                  <thead>
                    <tr>
                      <th scope="col">{t('ruleEditor.result.name')}</th>
                      <th scope="col">{t('ruleEditor.result.value')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {metas.map(([name, value]) => (
                      <tr key={name}>
                        <td>{name}</td>
                        <td>
                          <code>{JSON.stringify(value)}</code>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </div>
            )}
            <h3 className={Classes.HEADING}>{t('ruleEditor.result.json')}</h3>
            <JsonView value={prettyJson(outcome.result.Result)} testId="run-json" />
          </>
        )}
      </div>
    );
  }
  return <DossierResult outcome={outcome} running={running} onGoTo={onGoTo} />;
}

function DossierResult({ outcome, running, onGoTo }: { outcome: Extract<RunOutcome, { kind: 'dossier' }>; running: boolean; onGoTo: (location: ErrorLocation) => void }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<number>(() => Math.min(outcome.target.item ?? 0, Math.max(0, outcome.items.length - 1)));
  const [outcomeShown, setOutcomeShown] = useState(outcome);
  if (outcomeShown !== outcome) {
    setOutcomeShown(outcome);
    setShown(Math.min(outcome.target.item ?? 0, Math.max(0, outcome.items.length - 1)));
  }
  const item = outcome.items[shown];
  return (
    <div className="rule-editor__run" data-testid="run-result" aria-busy={running}>
      <Summary outcome={outcome} />
      {outcome.items.length === 0 ? (
        <Callout intent="warning" icon="warning-sign">
          {t('ruleEditor.result.noItems')}
        </Callout>
      ) : (
        <>
          <h3 className={Classes.HEADING}>{t('ruleEditor.result.items')}</h3>
          <div className="rule-editor__table-wrap">
            <HTMLTable compact interactive className="rule-editor__items" data-testid="run-items">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('ruleEditor.result.input')}</th>
                  <th scope="col">{t('ruleEditor.result.outcome')}</th>
                  <th scope="col">{t('ruleEditor.result.errors')}</th>
                </tr>
              </thead>
              <tbody>
                {outcome.items.map((each, index) => (
                  <tr key={index} className={index === shown ? 'rule-editor__row--shown' : undefined} aria-selected={index === shown} data-testid={`run-item-${index}`}>
                    <td>
                      <Button
                        size="small"
                        variant={index === shown ? 'solid' : 'minimal'}
                        intent={index === shown ? 'primary' : 'none'}
                        text={index + 1}
                        aria-label={t('ruleEditor.result.showItem', { n: index + 1 })}
                        aria-pressed={index === shown}
                        onClick={() => setShown(index)}
                      />
                    </td>
                    <td>
                      <code className="rule-editor__clamp">{each.input}</code>
                    </td>
                    <td>{each.result != null ? <SuccessTag result={parseJson(each.result)} /> : <Tag intent="danger">{t('ruleEditor.result.error')}</Tag>}</td>
                    <td>{each.errors.length}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
          {item && (
            <>
              <h3 className={Classes.HEADING}>{t('ruleEditor.logs.itemN', { n: shown + 1 })}</h3>
              {item.errors.map((error, index) => (
                <RunError key={index} text={error} onGoTo={onGoTo} />
              ))}
              {item.result != null ? (
                <JsonView value={prettyJson(item.result)} testId="run-json" />
              ) : (
                <p className={Classes.TEXT_MUTED}>{t('ruleEditor.result.noResult')}</p>
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}

function ConsoleLines({ lines }: { lines: readonly string[] }) {
  const { t } = useTranslation();
  if (lines.length === 0) return <p className={Classes.TEXT_MUTED}>{t('ruleEditor.logs.noConsole')}</p>;
  return (
    <ol className="rule-editor__console" data-testid="run-logs">
      {lines.map((line, index) => {
        const { level, message } = splitLog(line);
        return (
          <li key={index} className={`rule-editor__console-line rule-editor__console-line--${level}`}>
            <span className="rule-editor__console-level">{level}</span>
            <span className="rule-editor__console-message">{message}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** Log Esecuzione: the console lines and the errors of the last run (per input item for a dossier rule). */
export function LogPanel({ kind, outcome, running, onGoTo }: PanelProps) {
  const { t } = useTranslation();
  if (!outcome) {
    if (running) return <Empty kind={kind} running />;
    return <NonIdealState icon="console" title={t('ruleEditor.logs.empty')} description={t('ruleEditor.logs.emptyDescription')} />;
  }
  if (outcome.kind === 'document') {
    return (
      <div className="rule-editor__run" data-testid="run-log-panel">
        <Summary outcome={outcome} />
        {outcome.result.errorDescription && (
          <>
            <h3 className={Classes.HEADING}>{t('ruleEditor.logs.errors')}</h3>
            <RunError text={outcome.result.errorDescription} onGoTo={onGoTo} />
          </>
        )}
        <h3 className={Classes.HEADING}>{t('ruleEditor.logs.console')}</h3>
        <ConsoleLines lines={outcome.result.logs} />
      </div>
    );
  }
  return (
    <div className="rule-editor__run" data-testid="run-log-panel">
      <Summary outcome={outcome} />
      {outcome.items.map((item, index) => (
        <section key={index} className="rule-editor__log-item">
          <h3 className={Classes.HEADING}>{t('ruleEditor.logs.itemN', { n: index + 1 })}</h3>
          {item.errors.map((error, at) => (
            <RunError key={at} text={error} onGoTo={onGoTo} />
          ))}
          <ConsoleLines lines={item.logs} />
        </section>
      ))}
    </div>
  );
}
