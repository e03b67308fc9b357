import { Callout, Classes, Dialog, DialogBody, H4, Section, SectionCard, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerTable, tableInputOf, useTableState, type Column } from '../../components/table';
import { formatUnixSeconds, prettyJson } from '../../lib/format';
import { useCan } from '../../lib/session';
import { errorMessage } from '../../lib/validation';
import { useExecutionLog, useExecutionLogs, type ExecutionLogRow } from './api';
import { LargeText } from './LargeText';
import { outcomeOf, type Outcome } from './rulesRun';

/** The table's name in the address (`logs.page`, …) and its default order (docs/domain.md#constants). */
export const LOGS_TABLE = 'logs';
const DEFAULT_SORT = { column: 'executedAt', descending: true };

/** Tag of each outcome: intent and label (documentDetail.executions.*). */
const OUTCOME_TAG: Record<Exclude<Outcome, 'unknown'>, { intent: Intent; label: string }> = {
  succeeded: { intent: 'success', label: 'documentDetail.executions.yes' },
  failed: { intent: 'warning', label: 'documentDetail.executions.no' },
  error: { intent: 'danger', label: 'documentDetail.executions.error' },
};

/** The execution's outcome: Riuscita, Fallita (the rule said so), Errore (it threw, or ran out of time), or "-". */
function OutcomeTag({ row }: { row: Pick<ExecutionLogRow, 'result' | 'errors'> }) {
  const { t } = useTranslation();
  const outcome = outcomeOf(row);
  if (outcome === 'unknown') return <span className="muted">-</span>;
  const { intent, label } = OUTCOME_TAG[outcome];
  return (
    <Tag intent={intent} minimal round data-testid="log-success" data-outcome={outcome}>
      {t(label)}
    </Tag>
  );
}

/** regoleeseguite: this document's rule execution logs (the shared server table); a row opens its details. */
export function ExecutionLogsTab({ documentId }: { documentId: string }) {
  const { t } = useTranslation();
  const table = useTableState(LOGS_TABLE, DEFAULT_SORT);
  const [open, setOpen] = useState<ExecutionLogRow | null>(null);

  const columns = useMemo<Column<ExecutionLogRow>[]>(
    () => [
      { id: 'ruleName', header: t('documentDetail.executions.rule'), cell: (row) => row.ruleName, className: 'execution-logs__rule' },
      { id: 'executedAt', header: t('documentDetail.executions.executedAt'), cell: (row) => formatUnixSeconds(row.executedAt), sortable: true, className: 'execution-logs__nowrap' },
      {
        id: 'platform',
        header: t('documentDetail.executions.platform'),
        cell: (row) => row.platform,
        filter: { kind: 'select', options: [{ value: 'backend', label: 'backend' }, { value: 'frontend', label: 'frontend' }] },
      },
      { id: 'success', header: t('documentDetail.executions.success'), cell: (row) => <OutcomeTag row={row} /> },
      {
        id: 'errors',
        header: t('documentDetail.executions.errors'),
        cell: (row) =>
          row.errors.length === 0 ? (
            <span className="muted">-</span>
          ) : (
            <span className="execution-logs__errors" title={row.errors.join('\n')}>
              {row.errors[0]}
              {row.errors.length > 1 && ` (+${row.errors.length - 1})`}
            </span>
          ),
      },
    ],
    [t],
  );

  const base = tableInputOf(table, columns);
  const input = { ...base, filters: [...base.filters, { column: 'document_id', type: 'text' as const, value: [documentId] }] };
  const { data, error, isLoading, isValidating, mutate } = useExecutionLogs(input);

  return (
    <>
      <ServerTable
        table={table}
        columns={columns}
        data={data}
        loading={isLoading || isValidating}
        error={error ? errorMessage(error) : null}
        rowKey={(row) => row.id}
        onRowOpen={setOpen}
        onRefresh={() => void mutate()}
        label={t('documentDetail.tabs.regoleeseguite')}
        testId="execution-logs"
      />
      <ExecutionLogDialog row={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** One run: its result, logs and errors, and the input the rule received (loaded on opening). */
function ExecutionLogDialog({ row, onClose }: { row: ExecutionLogRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const withDataTables = can({ action: 'allow', resource: 'dataTables' });
  const { data: detail, error, isLoading } = useExecutionLog(row?.id ?? null, withDataTables);
  // The data tables' content is asked (and shown) only for who may read data tables.
  const inputs: [string, string | null | undefined, boolean][] = detail
    ? [
        ['rawText', detail.rawText, false],
        ['formData', detail.formData, true],
        ['tables', detail.tables, true],
        ['dataTables', detail.dataTables, true],
        ['rawTextWithGeometry', detail.rawTextWithGeometry, true],
      ].filter(([name]) => withDataTables || name !== 'dataTables') as [string, string | null | undefined, boolean][]
    : [];
  return (
    <Dialog
      isOpen={row !== null}
      onClose={onClose}
      title={row ? `${row.ruleName} · ${formatUnixSeconds(row.executedAt)}` : ''}
      icon="history"
      className="execution-log-dialog"
    >
      <DialogBody className="execution-log-dialog__body">
        <div data-testid="execution-log-dialog">
        {row && (
          <>
            <p className="execution-log-dialog__meta">
              <span className="text-run">
                {t('documentDetail.executions.platform')}: {row.platform}
              </span>
              <span className="text-run">
                {t('documentDetail.executions.success')}: <OutcomeTag row={row} />
              </span>
            </p>
            <H4>{t('documentDetail.executions.result')}</H4>
            {row.result == null ? <p className="muted">-</p> : <LargeText text={prettyJson(row.result)} label={t('documentDetail.executions.result')} testId="execution-result" />}
            <H4>{t('documentDetail.executions.logs')}</H4>
            {detail?.logs.length ? <LargeText text={detail.logs.join('\n')} label={t('documentDetail.executions.logs')} testId="execution-logs-text" /> : <p className="muted">{isLoading ? t('common.loading') : '-'}</p>}
            <H4>{t('documentDetail.executions.errors')}</H4>
            {row.errors.length > 0 ? (
              <Callout intent="danger" icon={null} className="execution-log-dialog__errors">
                <ul>
                  {row.errors.map((message, index) => (
                    <li key={index}>{message}</li>
                  ))}
                </ul>
              </Callout>
            ) : (
              <p className="muted">-</p>
            )}
            <H4>{t('documentDetail.executions.input')}</H4>
            {isLoading && <Spinner size={20} aria-label={t('common.loading')} />}
            {error && (
              <Callout intent="danger" role="alert">
                {errorMessage(error)}
              </Callout>
            )}
            {inputs.map(([name, value, json]) => (
              <Section key={name} title={name} collapsible collapseProps={{ defaultIsOpen: false }} compact className="execution-log-dialog__input">
                <SectionCard>{value == null ? <p className={Classes.TEXT_MUTED}>-</p> : <PrettyText value={value} json={json} label={name} />}</SectionCard>
              </Section>
            ))}
          </>
        )}
        </div>
      </DialogBody>
    </Dialog>
  );
}

/** A text of the input, pretty-printed when JSON — only once its section is opened. */
function PrettyText({ value, json, label }: { value: string; json: boolean; label: string }) {
  const text = useMemo(() => (json ? prettyJson(value) : value), [json, value]);
  return <LargeText text={text} label={label} />;
}
