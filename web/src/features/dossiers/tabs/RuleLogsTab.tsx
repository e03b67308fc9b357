import { Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerTable, tableInputOf, useTableState, type Column } from '../../../components/table';
import { formatUnixSeconds } from '../../../lib/format';
import { useDossierRuleLogs } from '../api';
import { PLATFORMS } from './ExecutionsTab';
import { RecordDialog } from './RecordDialog';

type LogRow = NonNullable<ReturnType<typeof useDossierRuleLogs>['data']>['items'][number];

const DEFAULT_SORT = { column: 'executedAt', descending: true };

/** Whether a run's result says `success: true` (null when it has no result). */
export function resultSuccess(result: string | null | undefined): boolean | null {
  if (result == null) return null;
  try {
    const parsed: unknown = JSON.parse(result);
    return typeof parsed === 'object' && parsed !== null && 'success' in parsed ? parsed.success === true : null;
  } catch {
    return null;
  }
}

/** Logs: the dossier's rule execution logs (docs/domain.md#rule-executions-and-logs), each opened whole. */
export function RuleLogsTab({ dossierId }: { dossierId: string }) {
  const { t } = useTranslation();
  const table = useTableState('logs', DEFAULT_SORT);
  const [shown, setShown] = useState<LogRow | null>(null);

  const columns = useMemo<Column<LogRow>[]>(
    () => [
      { id: 'ruleName', header: t('dossierDetail.executions.rule'), cell: (row) => row.ruleName },
      { id: 'rule_id', header: t('dossierDetail.executions.ruleId'), filter: { kind: 'text' }, cell: (row) => <code className="id-cell">{row.ruleId ?? '-'}</code> },
      { id: 'executedAt', header: t('dossierDetail.logs.executedAt'), sortable: true, cell: (row) => formatUnixSeconds(row.executedAt) },
      { id: 'platform', header: t('dossierDetail.executions.platform'), filter: { kind: 'select', options: PLATFORMS.map((p) => ({ value: p, label: p })) }, cell: (row) => row.platform },
      {
        id: 'result',
        header: t('dossierDetail.executions.result'),
        cell: (row) => {
          const success = resultSuccess(row.result);
          return success === null ? '-' : <Tag intent={success ? 'success' : 'danger'} minimal>{String(success)}</Tag>;
        },
      },
      { id: 'errors', header: t('dossierDetail.executions.error'), className: 'cell-clamp', cell: (row) => (row.errors.length > 0 ? row.errors.join('\n') : '-') },
    ],
    [t],
  );

  const input = tableInputOf(table, columns);
  input.filters.push({ column: 'dossier_id', type: 'text', value: [dossierId] });
  const { data, error, isLoading, mutate } = useDossierRuleLogs(input);

  return (
    <>
      <ServerTable
        table={table}
        columns={columns}
        data={data}
        loading={isLoading}
        error={error ? t('dossierDetail.logs.loadFailed') : null}
        rowKey={(row) => row.id}
        onRowOpen={setShown}
        onRefresh={() => void mutate()}
        label={t('dossierDetail.tabs.logregole')}
        testId="dossier-logs"
      />
      {shown && (
        <RecordDialog
          title={`${shown.ruleName} · ${formatUnixSeconds(shown.executedAt)}`}
          sections={[
            [t('dossierDetail.executions.result'), shown.result],
            [t('dossierDetail.logs.logs'), shown.logs.join('\n')],
            [t('dossierDetail.executions.error'), shown.errors.join('\n')],
            [t('dossierDetail.executions.input'), shown.input],
            [t('dossierDetail.logs.metas'), shown.metas],
            [t('dossierDetail.logs.code'), shown.code],
          ]}
          onClose={() => setShown(null)}
        />
      )}
    </>
  );
}
