import { Button, Callout, Classes, FormGroup, HTMLTable, Icon, InputGroup, ProgressBar, Spinner, Tag, Tooltip, type Intent } from '@blueprintjs/core';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ServerTable, tableInputOf, useTableState, type Column } from '../../../components/table';
import { DateInput } from '../../../components/DateInput';
import { GraphQLRequestError } from '../../../lib/graphql/client';
import { formatDateTime, prettyJson } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useToggleSet } from '../../../lib/useToggleSet';
import { errorMessage, storedError } from '../../../lib/validation';
import { cancelWhatIf, isActiveRun, startWhatIf, useWhatIfChanges, useWhatIfRun, useWhatIfRuns, type WhatIfChangeRow, type WhatIfRunRow } from './api';
import type { RuleKind } from './contract';
import {
  INITIAL_FORM,
  WHAT_IF_MAX,
  WHAT_IF_MAX_DOSSIER_ITEMS,
  isChangeKind,
  metaText,
  metasDiff,
  parseLimit,
  parseOutcome,
  rangeOf,
  sortedKinds,
  validateForm,
  type FormErrors,
  type Outcome,
  type WhatIfForm,
} from './whatIf';

/** The address parameter of the run shown. */
export const WHAT_IF_PARAM = 'whatIf';

const dossierPath = (dossierId: string) => `/dossier/dettagli/${encodeURIComponent(dossierId)}`;
const documentPath = (dossierId: string, documentId: string) => `${dossierPath(dossierId)}/documenti/${encodeURIComponent(documentId)}`;

/** The i18n context of a kind's texts: a dossier rule's say "dossier" and "elementi" where a document rule's say "documenti". */
const contextOf = (kind: RuleKind) => (kind === 'dossier' ? 'dossier' : undefined);

const STATE_INTENT: Record<string, Intent> = { queued: 'none', running: 'primary', finished: 'success', cancelled: 'warning', failed: 'danger' };
const KIND_INTENT: Record<string, Intent> = { success: 'warning', newErrors: 'danger', fixedErrors: 'success', metasAdded: 'primary', metasRemoved: 'primary', metasChanged: 'primary', noPrevious: 'none' };

interface WhatIfPanelProps {
  ruleId: string;
  /** A document rule's runs go through documents; a dossier rule's through its dossiers' input items. */
  kind: RuleKind;
  /** The rule's document type, or its dossier type (`null`: any type). */
  type: string | null;
  /** What the editor holds now, saved or not. */
  code: string;
  /** `null`: helper.js cannot be read (the run goes without it). */
  helper: string | null;
  /** A document rule's data tables (a dossier rule's runs take none). */
  dataTables: readonly string[];
  /** The editor holds unsaved edits. */
  dirty: boolean;
  /** The rule (and its helper.js) are read: a run can start. */
  ready: boolean;
  /** Start and cancel runs (else the runs are only shown). */
  canStart: boolean;
  /** Whether the user may open a document (its link). */
  canOpenDocuments: boolean;
  /** Whether the user may open a dossier (its link, for a dossier rule's run). */
  canOpenDossiers: boolean;
}

/**
 * What if (issue 11): the editor's code, unsaved as it is, run in the background over the latest
 * processed documents of the rule's type (a dossier rule: every input item of the latest processed
 * dossiers of its type), or those of a date range, and the items whose outcome would change
 * against their last recorded execution. Nothing of the dossiers changes. The run shown is kept in
 * the address (`?whatIf=`), and the rule's past runs stay viewable.
 */
export function WhatIfPanel({ ruleId, kind, type, code, helper, dataTables, dirty, ready, canStart, canOpenDocuments, canOpenDossiers }: WhatIfPanelProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const selected = params.get(WHAT_IF_PARAM);
  const runs = useWhatIfRuns(ruleId, true);
  const run = useWhatIfRun(selected);
  const table = useTableState('whatIfChanges', { column: 'item', descending: true });

  // A run just started or chosen is brought into view once it shows (below the form on a phone).
  const [reveal, setReveal] = useState<string | null>(null);
  const show = (id: string) => {
    setReveal(id);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set(WHAT_IF_PARAM, id);
        for (const name of [...updated.keys()]) if (name.startsWith('whatIfChanges.')) updated.delete(name);
        return updated;
      },
      { replace: true },
    );
  };

  // The list follows the run shown as it moves (and its end).
  const { mutate: refreshRuns } = runs;
  const shownState = run.data?.state;
  useEffect(() => {
    if (shownState) void refreshRuns();
  }, [shownState, refreshRuns]);
  useEffect(() => {
    if (runs.error) void toast.error(t('ruleEditor.whatIf.runsFailed'));
  }, [runs.error, t]);

  const listed = useMemo(() => {
    const items = runs.data ?? [];
    const live = run.data;
    if (!live) return items;
    return items.some((item) => item.id === live.id) ? items.map((item) => (item.id === live.id ? live : item)) : [live, ...items];
  }, [runs.data, run.data]);

  return (
    <div className="rule-editor__whatif" data-testid="whatif-panel">
      <div className="rule-editor__whatif-top">
        <section className="rule-editor__whatif-box" aria-labelledby="whatif-new-title">
          <h3 id="whatif-new-title" className={Classes.HEADING}>
            {t('ruleEditor.whatIf.newRun')}
          </h3>
          <p className={Classes.TEXT_MUTED} data-testid="whatif-intro">
            {t('ruleEditor.whatIf.intro', { context: kind === 'dossier' ? (type ? 'dossier' : 'dossierAnyType') : undefined, type: type || '—' })}
          </p>
          {canStart ? (
            <StartForm
              ruleId={ruleId}
              kind={kind}
              code={code}
              helper={helper}
              dataTables={dataTables}
              dirty={dirty}
              ready={ready}
              onStarted={(started) => {
                void runs.mutate((current) => [started, ...(current ?? []).filter((item) => item.id !== started.id)], { revalidate: false });
                show(started.id);
              }}
            />
          ) : (
            <Callout icon="lock" className="rule-editor__note">
              {t('ruleEditor.whatIf.cannotStart')}
            </Callout>
          )}
        </section>
        <section className="rule-editor__whatif-box" aria-labelledby="whatif-runs-title">
          <div className="rule-editor__whatif-head">
            <h3 id="whatif-runs-title" className={Classes.HEADING}>
              {t('ruleEditor.whatIf.runs')}
            </h3>
            <Tooltip content={t('table.refresh')}>
              <Button variant="minimal" size="small" icon="refresh" aria-label={t('table.refresh')} onClick={() => void runs.mutate()} data-testid="whatif-runs-refresh" />
            </Tooltip>
          </div>
          <RunList runs={listed} loading={runs.isLoading} selected={selected} onSelect={show} />
        </section>
      </div>
      {selected && (
        <RunView
          id={selected}
          run={run.data}
          loading={run.isLoading}
          error={run.error}
          kind={kind}
          canCancel={canStart}
          canOpenDocuments={canOpenDocuments}
          canOpenDossiers={canOpenDossiers}
          table={table}
          reveal={reveal === selected}
          onRevealed={() => setReveal(null)}
          onCancelled={(cancelled) => {
            void run.mutate(cancelled, { revalidate: false });
            void runs.mutate();
          }}
        />
      )}
    </div>
  );
}

/** The form of a new run: how many of the latest documents (dossiers), optionally of a date range; Avvia. */
function StartForm({
  ruleId,
  kind,
  code,
  helper,
  dataTables,
  dirty,
  ready,
  onStarted,
}: Pick<WhatIfPanelProps, 'ruleId' | 'kind' | 'code' | 'helper' | 'dataTables' | 'dirty' | 'ready'> & { onStarted: (run: WhatIfRunRow) => void }) {
  const { t, i18n } = useTranslation();
  const context = contextOf(kind);
  const id = useId();
  const [form, setForm] = useState<WhatIfForm>(INITIAL_FORM);
  const [errors, setErrors] = useState<FormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const number = new Intl.NumberFormat(i18n.language).format;
  const max = number(WHAT_IF_MAX);

  const change = (field: keyof WhatIfForm, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const key = field === 'limit' ? 'limit' : 'range';
      if (!(key in current)) return current;
      const { [key]: _removed, ...rest } = current;
      return rest;
    });
    setServerError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (starting || !ready) return;
    const problems = validateForm(form, code);
    setErrors(problems);
    setServerError(null);
    const limit = parseLimit(form.limit);
    if (Object.keys(problems).length > 0 || limit === null) return;
    setStarting(true);
    try {
      // A dossier rule's run takes no data tables (the API ignores them).
      const started = await startWhatIf({ ruleId, code, helper, dataTables: kind === 'document' ? [...dataTables] : [], limit, ...rangeOf(form) });
      void toast.success(t('ruleEditor.whatIf.started'));
      onStarted(started);
    } catch (error) {
      console.error('startWhatIf failed', error);
      const field = error instanceof GraphQLRequestError ? error.extensions.field : undefined;
      if (field === 'limit') setErrors({ limit: 'limit' });
      else if (field === 'since' || field === 'until') setErrors({ range: 'range' });
      else if (field === 'code') setErrors({ code: 'emptyCode' });
      const detail = errorMessage(error);
      const message = t('ruleEditor.whatIf.startFailed');
      setServerError(detail.startsWith(message) ? detail : `${message}: ${detail}`);
    } finally {
      setStarting(false);
    }
  };

  const limitError = errors.limit && t(`ruleEditor.whatIf.errors.${errors.limit}`, { max });
  const rangeError = errors.range && t(`ruleEditor.whatIf.errors.${errors.range}`);
  return (
    <form className="rule-editor__whatif-form" onSubmit={(event) => void submit(event)} noValidate data-testid="whatif-form">
      <FormGroup
        label={t('ruleEditor.whatIf.limit', { context })}
        labelFor={`${id}-limit`}
        intent={limitError ? 'danger' : 'none'}
        helperText={<span id={`${id}-limit-help`}>{limitError || t('ruleEditor.whatIf.limitHelp', { context, max, executions: number(WHAT_IF_MAX_DOSSIER_ITEMS) })}</span>}
      >
        <InputGroup
          id={`${id}-limit`}
          type="number"
          inputMode="numeric"
          min={1}
          max={WHAT_IF_MAX}
          step={1}
          value={form.limit}
          onValueChange={(value) => change('limit', value)}
          intent={limitError ? 'danger' : 'none'}
          aria-invalid={limitError ? true : undefined}
          aria-describedby={`${id}-limit-help`}
          className="rule-editor__whatif-limit"
          data-testid="whatif-limit"
        />
      </FormGroup>
      <fieldset className="rule-editor__whatif-range" aria-describedby={`${id}-range-help`}>
        <legend>{t('ruleEditor.whatIf.range', { context })}</legend>
        <div className="rule-editor__whatif-dates">
          {/* Written as the UI's language writes dates; a reversed range is said under the fieldset. */}
          <DateInput label={t('ruleEditor.whatIf.from')} value={form.from} onChange={(value) => change('from', value)} invalid={Boolean(rangeError)} testId="whatif-from" />
          <DateInput label={t('ruleEditor.whatIf.to')} value={form.to} onChange={(value) => change('to', value)} invalid={Boolean(rangeError)} testId="whatif-to" />
          {(form.from !== '' || form.to !== '') && (
            <Button
              variant="minimal"
              size="small"
              icon="cross"
              text={t('table.clear')}
              onClick={() => {
                change('from', '');
                change('to', '');
              }}
              data-testid="whatif-dates-clear"
            />
          )}
        </div>
        <p id={`${id}-range-help`} className={`rule-editor__whatif-help${rangeError ? ' rule-editor__whatif-help--danger' : ''}`} data-testid={rangeError ? 'whatif-range-error' : undefined}>
          {rangeError || t('ruleEditor.whatIf.rangeHelp', { context })}
        </p>
      </fieldset>
      {errors.code && (
        <Callout intent="danger" icon="error" className="rule-editor__note" data-testid="whatif-code-error">
          {t(`ruleEditor.whatIf.errors.${errors.code}`)}
        </Callout>
      )}
      {serverError && !errors.code && (
        <Callout intent="danger" icon="error" role="alert" className="rule-editor__note" data-testid="whatif-start-error">
          {serverError}
        </Callout>
      )}
      {helper === null && (
        <Callout intent="warning" icon="warning-sign" className="rule-editor__note">
          {t('ruleEditor.whatIf.helperHidden')}
        </Callout>
      )}
      <div className="rule-editor__whatif-actions">
        <Button type="submit" intent="primary" icon="play" text={t('ruleEditor.whatIf.start')} loading={starting} disabled={!ready} data-testid="whatif-start" />
        <span className={`rule-editor__whatif-code ${Classes.TEXT_MUTED}`} data-testid="whatif-code-note">
          <Icon icon={dirty ? 'edit' : 'floppy-disk'} size={12} intent={dirty ? 'warning' : undefined} />
          {t(dirty ? 'ruleEditor.whatIf.unsavedCode' : 'ruleEditor.whatIf.savedCode')}
        </span>
      </div>
    </form>
  );
}

function StateTag({ state, testId }: { state: string; testId?: string }) {
  const { t } = useTranslation();
  const known = ['queued', 'running', 'finished', 'cancelled', 'failed'].includes(state);
  return (
    <Tag intent={STATE_INTENT[state] ?? 'none'} minimal={state === 'queued'} data-testid={testId}>
      {known ? t(`ruleEditor.whatIf.states.${state}`) : state}
    </Tag>
  );
}

/** The rule's latest runs, newest first: date, who, state, changed of total; one click shows one. */
function RunList({ runs, loading, selected, onSelect }: { runs: readonly WhatIfRunRow[]; loading: boolean; selected: string | null; onSelect: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language).format;
  if (loading && runs.length === 0) return <Spinner size={20} aria-label={t('common.loading')} />;
  if (runs.length === 0) return <p className={Classes.TEXT_MUTED}>{t('ruleEditor.whatIf.noRuns')}</p>;
  return (
    <ol className="rule-editor__whatif-runs" aria-label={t('ruleEditor.whatIf.runs')} data-testid="whatif-runs">
      {runs.map((item) => {
        const current = item.id === selected;
        return (
          <li key={item.id}>
            <button
              type="button"
              className={`rule-editor__whatif-run${current ? ' rule-editor__whatif-run--current' : ''}`}
              aria-current={current ? 'true' : undefined}
              onClick={() => onSelect(item.id)}
              data-testid={`whatif-run-${item.id}`}
            >
              <span className="rule-editor__whatif-run-line">
                <strong>{formatDateTime(item.createdAt)}</strong>
                <StateTag state={item.state} />
              </span>
              <span className="rule-editor__whatif-run-line">
                <span className="rule-editor__whatif-run-who">{item.requestedBy ?? t('ruleEditor.whatIf.system')}</span>
                <span className="rule-editor__whatif-run-count" dir="auto">
                  {item.state === 'finished'
                    ? t('ruleEditor.whatIf.changedOf', { changed: number(item.changed), total: number(item.total) })
                    : t('ruleEditor.whatIf.changedSoFar', { changed: number(item.changed), done: number(item.done), total: number(item.total) })}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

interface RunViewProps {
  id: string;
  kind: RuleKind;
  run: WhatIfRunRow | undefined;
  loading: boolean;
  error: unknown;
  canCancel: boolean;
  canOpenDocuments: boolean;
  canOpenDossiers: boolean;
  table: ReturnType<typeof useTableState>;
  onCancelled: (run: WhatIfRunRow) => void;
  /** Bring the run into view once it shows. */
  reveal: boolean;
  onRevealed: () => void;
}

/** A run: its state and progress, Annulla esecuzione while it moves, and the items (documents, or dossiers' input items) it found. */
function RunView({ id, kind, run, loading, error, canCancel, canOpenDocuments, canOpenDossiers, table, onCancelled, reveal, onRevealed }: RunViewProps) {
  const { t, i18n } = useTranslation();
  const context = contextOf(kind);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = run !== undefined;
  useEffect(() => {
    if (!reveal || !shown) return;
    const node = heading.current;
    if (node && node.getBoundingClientRect().top > window.innerHeight - 120) node.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    onRevealed();
  }, [reveal, shown, onRevealed]);
  const number = new Intl.NumberFormat(i18n.language).format;
  const [cancelling, setCancelling] = useState(false);
  const [open, toggle] = useToggleSet();
  /** A dossier input item's "elemento N" (1-based); null for a document. */
  const itemOf = (row: WhatIfChangeRow) => (row.documentId == null && row.inputIndex != null ? t('ruleEditor.whatIf.item', { n: number(row.inputIndex + 1) }) : null);
  /** What names a row: the document's file name, or the dossier's idValutazione and its item. */
  const nameOf = (row: WhatIfChangeRow) => {
    const item = itemOf(row);
    return item ? `${row.name} · ${item}` : row.name;
  };

  const columns = useMemo<Column<WhatIfChangeRow>[]>(
    () => [
      {
        id: 'item',
        header: t('ruleEditor.whatIf.columns.document', { context }),
        cell: (row) => {
          if (row.documentId != null)
            // Two documents may share a file name: each says its dossier (the whole id: ids made
            // one after another share their first characters).
            return (
              <span className="rule-editor__whatif-item">
                {canOpenDocuments ? (
                  <Link to={documentPath(row.dossierId, row.documentId)} className="rule-editor__whatif-doc" data-testid={`whatif-doc-${row.itemId}`}>
                    {row.name}
                  </Link>
                ) : (
                  <span className="rule-editor__whatif-doc">{row.name}</span>
                )}
                <span className={Classes.TEXT_MUTED} data-testid="whatif-doc-dossier">
                  {t('ruleEditor.whatIf.ofDossier')} <code className="id-cell">{row.dossierId}</code>
                </span>
              </span>
            );
          const item = itemOf(row);
          return (
            <span className="rule-editor__whatif-item">
              {canOpenDossiers ? (
                <Link to={dossierPath(row.dossierId)} className="rule-editor__whatif-doc" data-testid={`whatif-dossier-${row.itemId}`}>
                  {row.name}
                </Link>
              ) : (
                <span className="rule-editor__whatif-doc">{row.name}</span>
              )}
              {item && <span className={Classes.TEXT_MUTED} data-testid="whatif-item">{item}</span>}
            </span>
          );
        },
      },
      {
        id: 'changes',
        header: t('ruleEditor.whatIf.columns.changes'),
        cell: (row) => (
          <span className="rule-editor__whatif-kinds" data-testid="whatif-kinds">
            {sortedKinds(row.changes).map((kind) => (
              <Tag key={kind} intent={KIND_INTENT[kind] ?? 'none'} minimal round>
                {isChangeKind(kind) ? t(`ruleEditor.whatIf.kinds.${kind}`) : kind}
              </Tag>
            ))}
          </span>
        ),
      },
      {
        id: 'success',
        header: t('ruleEditor.whatIf.columns.success'),
        cell: (row) => <SuccessFlip before={parseOutcome(row.before)} after={parseOutcome(row.after)} hasBefore={row.before != null} />,
      },
      {
        id: 'details',
        header: t('ruleEditor.whatIf.columns.details'),
        align: 'end',
        cell: (row) => {
          const expanded = open.has(row.itemId);
          const label = t(expanded ? 'ruleEditor.whatIf.hideDetails' : 'ruleEditor.whatIf.showDetails', { name: nameOf(row) });
          return (
            <Tooltip content={label}>
              <Button
                variant="minimal"
                icon={expanded ? 'chevron-up' : 'chevron-down'}
                aria-label={label}
                aria-expanded={expanded}
                onClick={() => toggle(row.itemId)}
                data-testid={`whatif-details-${row.itemId}`}
              />
            </Tooltip>
          );
        },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- itemOf and nameOf read only t and the language's number format.
    [t, i18n.language, open, context, canOpenDocuments, canOpenDossiers],
  );

  const active = isActiveRun(run?.state);
  const { order: _order, ...input } = tableInputOf(table, columns);
  const changes = useWhatIfChanges(run ? id : null, input, `${run?.state ?? ''}:${run?.changed ?? 0}`);

  const cancel = async () => {
    setCancelling(true);
    try {
      const cancelled = await cancelWhatIf(id);
      void toast.success(t('ruleEditor.whatIf.cancelled'));
      onCancelled(cancelled);
    } catch (failure) {
      console.error('cancelWhatIf failed', failure);
      void toast.error(`${t('ruleEditor.whatIf.cancelFailed')}: ${errorMessage(failure)}`);
    } finally {
      setCancelling(false);
    }
  };

  if (!run) {
    if (loading) return <Spinner size={24} aria-label={t('common.loading')} className="table-loader" />;
    return (
      <Callout intent="danger" icon="error" role="alert" className="rule-editor__note" data-testid="whatif-load-error">
        {`${t('ruleEditor.whatIf.loadFailed')}${error ? `: ${errorMessage(error)}` : ''}`}
      </Callout>
    );
  }

  const scope: ReactNode[] = [t('ruleEditor.whatIf.scope', { context, limit: number(run.limit) })];
  if (run.since) scope.push(t('ruleEditor.whatIf.scopeFrom', { date: formatDateTime(run.since) }));
  if (run.until) scope.push(t('ruleEditor.whatIf.scopeTo', { date: formatDateTime(run.until) }));
  const progress = run.total === 0 ? (run.state === 'finished' ? 1 : 0) : run.done / run.total;

  return (
    <section className="rule-editor__whatif-run-view" aria-labelledby="whatif-run-title" data-testid="whatif-run" data-state={run.state}>
      <div className="rule-editor__whatif-head">
        <h3 id="whatif-run-title" className={Classes.HEADING} ref={heading}>
          {t('ruleEditor.whatIf.runTitle', { date: formatDateTime(run.createdAt) })}
        </h3>
        <StateTag state={run.state} testId="whatif-state" />
      </div>
      <p className={`rule-editor__whatif-meta ${Classes.TEXT_MUTED}`}>
        <span>{t('ruleEditor.whatIf.by', { who: run.requestedBy ?? t('ruleEditor.whatIf.system') })}</span>
        <span>{scope.join(' · ')}</span>
        {run.finishedAt && <span>{t('ruleEditor.whatIf.endedAt', { date: formatDateTime(run.finishedAt) })}</span>}
      </p>
      <div className="rule-editor__whatif-progress">
        <ProgressBar
          value={active && run.total === 0 ? undefined : progress}
          intent={run.state === 'failed' ? 'danger' : run.state === 'cancelled' ? 'warning' : run.state === 'finished' ? 'success' : 'primary'}
          stripes={active}
          animate={active}
          aria-label={t('ruleEditor.whatIf.progressLabel')}
          data-testid="whatif-progress"
        />
        <span role="status" aria-live="polite" dir="auto" className="rule-editor__whatif-count" data-testid="whatif-count">
          {run.state === 'queued' ? t('ruleEditor.whatIf.waiting') : t('ruleEditor.whatIf.progress', { context, done: number(run.done), total: number(run.total) })}
        </span>
        {active && canCancel && (
          <Button icon="stop" intent="danger" variant="outlined" text={t('ruleEditor.whatIf.cancel')} loading={cancelling} onClick={() => void cancel()} data-testid="whatif-cancel" />
        )}
      </div>
      {run.state === 'failed' && (
        <Callout intent="danger" icon="error" title={t('ruleEditor.whatIf.failed')} className="rule-editor__note" data-testid="whatif-failed">
          <pre className="rule-editor__pre">{storedError(run.error, run.errorMessage) ?? '—'}</pre>
        </Callout>
      )}
      {run.state === 'cancelled' && (
        <Callout intent="warning" icon="stop" className="rule-editor__note" data-testid="whatif-cancelled">
          {t('ruleEditor.whatIf.cancelledNote', { context, done: number(run.done), total: number(run.total) })}
        </Callout>
      )}
      {run.state === 'finished' &&
        (run.changed === 0 ? (
          <Callout intent="success" icon="tick-circle" className="rule-editor__note" data-testid="whatif-summary">
            {run.total === 0 ? t('ruleEditor.whatIf.noDocuments', { context }) : t('ruleEditor.whatIf.noChanges', { context, total: number(run.total) })}
          </Callout>
        ) : (
          <Callout intent="primary" icon="info-sign" className="rule-editor__note" data-testid="whatif-summary">
            {t('ruleEditor.whatIf.changesSummary', { context, changed: number(run.changed), total: number(run.total) })}
          </Callout>
        ))}
      <ServerTable
        table={table}
        columns={columns}
        data={changes.data}
        loading={changes.isLoading}
        error={changes.error ? `${t('ruleEditor.whatIf.changesFailed', { context })}: ${errorMessage(changes.error)}` : null}
        rowKey={(row) => row.itemId}
        onRefresh={() => void changes.mutate()}
        label={t('ruleEditor.whatIf.table', { context })}
        testId="whatif-changes"
        toolbar={<h4 className={`${Classes.HEADING} rule-editor__whatif-table-title`}>{t('ruleEditor.whatIf.table', { context })}</h4>}
        expansion={(row) => (open.has(row.itemId) ? <ChangeDetail row={row} kind={kind} /> : null)}
      />
    </section>
  );
}

/** `SI`, `NO`, or no result (the rule failed). */
function SuccessValue({ outcome }: { outcome: Outcome | null }) {
  const { t } = useTranslation();
  if (!outcome || outcome.success === null)
    return (
      <Tag minimal className="rule-editor__whatif-success">
        {t('ruleEditor.whatIf.noOutcome')}
      </Tag>
    );
  return (
    <Tag intent={outcome.success ? 'success' : 'danger'} className="rule-editor__whatif-success">
      {outcome.success ? t('ruleEditor.whatIf.yes') : t('ruleEditor.whatIf.no')}
    </Tag>
  );
}

/** Success before → after. */
function SuccessFlip({ before, after, hasBefore }: { before: Outcome | null; after: Outcome | null; hasBefore: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="rule-editor__whatif-flip" data-testid="whatif-flip">
      {hasBefore ? <SuccessValue outcome={before} /> : <span className={Classes.TEXT_MUTED}>{t('ruleEditor.whatIf.noBeforeShort')}</span>}
      <Icon icon="arrow-right" size={12} />
      <span className="visually-hidden">{` ${t('ruleEditor.whatIf.becomes')} `}</span>
      <SuccessValue outcome={after} />
    </span>
  );
}

/** One side of a change: its outcome, errors and JSON. */
function OutcomeSide({ title, outcome, text, missing, testId }: { title: string; outcome: Outcome | null; text: string | null | undefined; missing: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className="rule-editor__whatif-side" data-testid={testId}>
      <h5 className={Classes.HEADING}>{title}</h5>
      {text == null ? (
        <p className={Classes.TEXT_MUTED}>{missing}</p>
      ) : (
        <>
          <dl className="rule-editor__whatif-outcome">
            <dt>{t('ruleEditor.whatIf.outcome')}</dt>
            <dd>
              <SuccessValue outcome={outcome} />
            </dd>
            <dt>{t('ruleEditor.whatIf.errorsTitle')}</dt>
            <dd>
              {outcome && outcome.errors.length > 0 ? (
                <ul className="rule-editor__whatif-errors">
                  {outcome.errors.map((error, index) => (
                    <li key={index}>
                      <code>{error}</code>
                    </li>
                  ))}
                </ul>
              ) : (
                <span className={Classes.TEXT_MUTED}>{t('ruleEditor.whatIf.noErrors')}</span>
              )}
            </dd>
          </dl>
          <pre className="code-block rule-editor__whatif-json" dir="ltr" tabIndex={0} aria-label={`${title} (JSON)`}>
            {prettyJson(text)}
          </pre>
        </>
      )}
    </section>
  );
}

/** The expanded row: the metas side by side, then each side's outcome and JSON. */
function ChangeDetail({ row, kind }: { row: WhatIfChangeRow; kind: RuleKind }) {
  const { t } = useTranslation();
  const before = parseOutcome(row.before);
  const after = parseOutcome(row.after);
  const metas = metasDiff(before, after);
  return (
    <div className="rule-editor__whatif-detail" data-testid={`whatif-detail-${row.itemId}`}>
      <h5 className={Classes.HEADING}>{t('ruleEditor.whatIf.metas')}</h5>
      {metas.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('ruleEditor.whatIf.noMetas')}</p>
      ) : (
        <div className="rule-editor__table-wrap">
          <HTMLTable compact className="rule-editor__whatif-metas" data-testid="whatif-metas">
            <thead>
              <tr>
                <th scope="col">{t('ruleEditor.whatIf.meta.name')}</th>
                <th scope="col">{t('ruleEditor.whatIf.meta.before')}</th>
                <th scope="col">{t('ruleEditor.whatIf.meta.after')}</th>
                <th scope="col">{t('ruleEditor.whatIf.meta.change')}</th>
              </tr>
            </thead>
            <tbody>
              {metas.map((meta) => (
                <tr key={meta.name} className={`rule-editor__whatif-meta--${meta.change}`}>
                  <td>{meta.name}</td>
                  <td dir="ltr">{'before' in meta ? <code>{metaText(meta.before)}</code> : <span className={Classes.TEXT_MUTED}>—</span>}</td>
                  <td dir="ltr">{'after' in meta ? <code>{metaText(meta.after)}</code> : <span className={Classes.TEXT_MUTED}>—</span>}</td>
                  <td>
                    <Tag minimal intent={meta.change === 'same' ? 'none' : meta.change === 'removed' ? 'danger' : meta.change === 'added' ? 'success' : 'warning'}>
                      {t(`ruleEditor.whatIf.meta.${meta.change}`)}
                    </Tag>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <div className="rule-editor__whatif-sides">
        <OutcomeSide title={t('ruleEditor.whatIf.before')} outcome={before} text={row.before} missing={t('ruleEditor.whatIf.noBefore', { context: contextOf(kind) })} testId="whatif-before" />
        <OutcomeSide title={t('ruleEditor.whatIf.after')} outcome={after} text={row.after} missing="—" testId="whatif-after" />
      </div>
    </div>
  );
}

