import { Button } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable, tableInputOf, useTableState, type Column } from '../../components/table';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import {
  deleteDocumentRule,
  documentRuleEditorPath,
  newDocumentRulePath,
  setDocumentRuleActive,
  useDocumentRulesList,
  useDocumentTypeNames,
  type DocumentRuleRow,
} from './api';
import { ActiveTag, NoteCell, ruleActionsColumn, useRuleRowActions } from './RuleListParts';
import './playground.css';

/**
 * /playground/documenti (docs/domain.md#playgrounds): the document rules, paged, sorted and filtered on the
 * server — Description, Tipologia, Nota, Attiva (SI or NO), Azioni (pause or activate, details,
 * delete) — and 'Nuova regola'. Actions the user may not perform are not offered.
 */
export function DocumentRulesPlaygroundPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const table = useTableState('documentRules', { column: 'createdAt', descending: true });
  const { data: typeNames } = useDocumentTypeNames();
  const mayToggle = can({ action: 'allow', resource: 'setDocumentRuleActive' });
  const mayDelete = can({ action: 'allow', resource: 'deleteDocumentRule' });
  const mayCreate = can({ action: 'allow', resource: 'createDocumentRule' });
  const open = (row: DocumentRuleRow) => void navigate(documentRuleEditorPath(row.id));

  // The columns' filters shape the request; the actions need the reload, hence two steps.
  const filterColumns = useMemo<Column<DocumentRuleRow>[]>(
    () => [
      { id: 'description', header: t('playground.columns.description'), sortable: true, filter: { kind: 'text' }, cell: (row) => row.description },
      {
        id: 'documentType',
        header: t('playground.columns.documentType'),
        filter: { kind: 'select', options: (typeNames ?? []).map((name) => ({ value: name, label: name })) },
        cell: (row) => row.documentType.name,
      },
      { id: 'nota', header: t('playground.columns.nota'), cell: (row) => <NoteCell nota={row.nota} /> },
      {
        id: 'state',
        header: t('playground.columns.active'),
        filter: {
          kind: 'select',
          options: [
            { value: 'active', label: t('playground.yes') },
            { value: 'paused', label: t('playground.no') },
          ],
        },
        cell: (row) => <ActiveTag active={row.active} />,
      },
    ],
    [t, typeNames],
  );

  const { data, error, isLoading, mutate } = useDocumentRulesList(tableInputOf(table, filterColumns));
  const actions = useRuleRowActions({ setActive: setDocumentRuleActive, remove: deleteDocumentRule, reload: () => mutate() });
  useEffect(() => {
    if (error) void toast.error(t('playground.listFailed'));
  }, [error, t]);

  const columns: Column<DocumentRuleRow>[] = [
    ...filterColumns,
    ruleActionsColumn(t('common.actions'), actions, { toggle: mayToggle, remove: mayDelete }, open),
  ];

  const title = t('routes.playgroundDocuments');
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: title }]}>
        {mayCreate && <Button intent="primary" icon="add" text={t('playground.newRule')} onClick={() => void navigate(newDocumentRulePath)} data-testid="playground-new-rule" />}
      </PageHeader>
      <section className="page-panel">
        <ServerTable
          table={table}
          columns={columns}
          data={data}
          loading={isLoading}
          error={error ? `${t('playground.listFailed')}: ${errorMessage(error)}` : null}
          rowKey={(row) => row.id}
          onRowOpen={open}
          onRefresh={() => void mutate()}
          label={title}
          testId="document-rules-table"
        />
      </section>
      {actions.dialog}
    </>
  );
}
