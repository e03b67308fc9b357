import { Button, Tooltip } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable, tableInputOf, useTableState, type Column } from '../../components/table';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { RULE_STATES, ruleDetailPath, useDocumentTypeNames, useRulesPage, type RuleRow } from './api';
import { RuleStateTag } from './RuleStateTag';
import './rules.css';

/**
 * /regole: the document rules (docs/domain.md#document-rules), paged, sorted and filtered on the
 * server: ID, description, state (multi-select: ATTIVA, IN PAUSA), document type (multi-select),
 * and the action that opens the detail.
 */
export function RulesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const table = useTableState('rules', { column: 'createdAt', descending: true });
  const { data: typeNames } = useDocumentTypeNames();

  const columns = useMemo<Column<RuleRow>[]>(
    () => [
      {
        id: 'id',
        header: t('rules.columns.id'),
        filter: { kind: 'text', placeholder: t('rules.idPlaceholder') },
        cell: (row) => (
          <code className="rules__id" title={row.id}>
            {row.id}
          </code>
        ),
      },
      { id: 'description', header: t('rules.columns.description'), sortable: true, filter: { kind: 'text' }, cell: (row) => row.description },
      {
        id: 'state',
        header: t('rules.columns.state'),
        filter: { kind: 'select', options: RULE_STATES.map((state) => ({ value: state, label: t(`rules.states.${state}`) })) },
        cell: (row) => <RuleStateTag state={row.state} />,
      },
      {
        id: 'documentType',
        header: t('rules.columns.documentType'),
        filter: { kind: 'select', options: (typeNames ?? []).map((name) => ({ value: name, label: name })) },
        cell: (row) => row.documentType.name,
      },
      { id: 'createdAt', header: t('rules.columns.createdAt'), sortable: true, cell: (row) => formatDateTime(row.createdAt), className: 'rules__date' },
      {
        id: 'actions',
        header: t('common.actions'),
        align: 'end',
        cell: (row) => (
          <Tooltip content={t('rules.open')}>
            <Button
              variant="minimal"
              icon="eye-open"
              aria-label={t('rules.openRule', { description: row.description })}
              onClick={() => void navigate(ruleDetailPath(row.id))}
              data-testid="rule-open"
            />
          </Tooltip>
        ),
      },
    ],
    [t, typeNames, navigate],
  );

  const { data, error, isLoading, mutate } = useRulesPage(tableInputOf(table, columns));
  useEffect(() => {
    if (error) void toast.error(t('rules.listFailed'));
  }, [error, t]);

  const title = t('routes.rules');
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: title }]} />
      <section className="page-panel">
        <ServerTable
          table={table}
          columns={columns}
          data={data}
          loading={isLoading}
          error={error ? t('rules.listFailed') : null}
          rowKey={(row) => row.id}
          onRowOpen={(row) => void navigate(ruleDetailPath(row.id))}
          onRefresh={() => void mutate()}
          label={title}
          testId="rules-table"
        />
      </section>
    </>
  );
}
