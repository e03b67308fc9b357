import { Button, Callout, Card, ProgressBar } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXECUTION_STATES, StateTag, useStateLabel } from '../../../components/StateTag';
import { ServerTable, tableInputOf, useTableState, type Column } from '../../../components/table';
import { formatUnixSeconds } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { runAgainInError, useDossierExecutions, useExecutionCount } from '../api';
import { RecordDialog } from './RecordDialog';
import { failedBecause, storedError } from '../../../lib/validation';

type ExecutionRow = NonNullable<ReturnType<typeof useDossierExecutions>['data']>['items'][number];

const DEFAULT_SORT = { column: 'createdAt', descending: true };
export const PLATFORMS = ['backend', 'frontend'] as const;

/**
 * Stato esecuzione regole: counters processed / total and errors, the executions (refreshed every
 * 10 s), and the rows in error run again together (docs/domain.md#rule-executions-and-logs).
 */
export function ExecutionsTab({ dossierId }: { dossierId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const stateLabel = useStateLabel();
  const table = useTableState('executions', DEFAULT_SORT);
  const { data: count, mutate: mutateCount } = useExecutionCount(dossierId);
  const [shown, setShown] = useState<ExecutionRow | null>(null);
  const [rerunning, setRerunning] = useState(false);

  const columns = useMemo<Column<ExecutionRow>[]>(
    () => [
      { id: 'ruleName', header: t('dossierDetail.executions.rule'), cell: (row) => row.ruleName },
      { id: 'rule_id', header: t('dossierDetail.executions.ruleId'), filter: { kind: 'text' }, cell: (row) => <code className="id-cell">{row.ruleId ?? '-'}</code> },
      { id: 'inputIndex', header: t('dossierDetail.executions.input'), align: 'end', cell: (row) => row.inputIndex + 1 },
      {
        id: 'state',
        header: t('dossierDetail.executions.state'),
        filter: { kind: 'select', options: EXECUTION_STATES.map((state) => ({ value: state, label: stateLabel('execution', state) })) },
        cell: (row) => <StateTag kind="execution" state={row.state} />,
      },
      { id: 'platform', header: t('dossierDetail.executions.platform'), filter: { kind: 'select', options: PLATFORMS.map((p) => ({ value: p, label: p })) }, cell: (row) => row.platform },
      { id: 'createdAt', header: t('dossierDetail.executions.createdAt'), sortable: true, cell: (row) => formatUnixSeconds(row.createdAt) },
      { id: 'finishedAt', header: t('dossierDetail.executions.finishedAt'), cell: (row) => formatUnixSeconds(row.finishedAt) },
      { id: 'error', header: t('dossierDetail.executions.error'), className: 'cell-clamp', cell: (row) => storedError(row.error, row.errorMessage) ?? '-' },
    ],
    [t, stateLabel],
  );

  const input = tableInputOf(table, columns);
  input.filters.push({ column: 'dossier_id', type: 'text', value: [dossierId] });
  const { data, error, isLoading, mutate } = useDossierExecutions(input);

  const rerun = async () => {
    setRerunning(true);
    try {
      await runAgainInError(dossierId);
      void toast.success(t('dossierDetail.runStarted'));
      void mutate();
      void mutateCount();
    } catch (failure) {
      console.error('runAgainDossierRulesThatHasErrors failed', failure);
      void toast.error(failedBecause(t('dossierDetail.executions.rerunFailed'), failure));
    } finally {
      setRerunning(false);
    }
  };

  const processed = count?.processed ?? 0;
  const total = count?.total ?? 0;
  return (
    <>
      <div className="counters" data-testid="execution-counters">
        <Card compact className="counter">
          <span className="counter__label">{t('dossierDetail.executions.processed')}</span>
          <strong className="counter__value" data-testid="counter-processed">
            <span className="ltr-data">
              {processed} / {total}
            </span>
          </strong>
          <ProgressBar
            value={total === 0 ? 0 : processed / total}
            stripes={processed < total}
            animate={processed < total}
            intent="primary"
            aria-label={t('dossierDetail.executions.progress', { processed, total })}
          />
        </Card>
        <Card compact className="counter">
          <span className="counter__label">{t('dossierDetail.executions.errors')}</span>
          <strong className="counter__value" data-testid="counter-errors">
            {count?.errors ?? 0}
          </strong>
        </Card>
      </div>
      {error && (
        <Callout intent="danger" role="alert">
          {t('dossierDetail.executions.loadFailed')}
        </Callout>
      )}
      <ServerTable
        table={table}
        columns={columns}
        data={data}
        loading={isLoading}
        rowKey={(row) => row.id}
        onRowOpen={setShown}
        onRefresh={() => {
          void mutate();
          void mutateCount();
        }}
        toolbar={
          can({ action: 'allow', resource: 'runAgainDossierRulesThatHasErrors' }) && (
            <Button icon="repeat" text={t('dossierDetail.executions.rerun')} disabled={(count?.errors ?? 0) === 0} loading={rerunning} onClick={() => void rerun()} data-testid="executions-rerun" />
          )
        }
        label={t('dossierDetail.tabs.status')}
        testId="dossier-executions"
      />
      {shown && (
        <RecordDialog
          title={shown.ruleName}
          sections={[
            [t('dossierDetail.executions.input'), shown.input],
            [t('dossierDetail.executions.result'), shown.result],
            [t('dossierDetail.executions.error'), storedError(shown.error, shown.errorMessage)],
          ]}
          onClose={() => setShown(null)}
        />
      )}
    </>
  );
}
