import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { tableInputOf, useTableState, type Column } from '../../components/table';
import { useDocumentRulesList, useDocumentTypeNames, type DocumentRuleRow } from './api';
import { RuleListFrame } from './RuleListFrame';
import { ActiveTag, NoteCell } from './RuleListParts';
import './playground.css';

/**
 * /playground/documenti (docs/domain.md#playgrounds): the document rules, paged, sorted and filtered on the
 * server — Description, Tipologia, Nota, Attiva (SI or NO), Azioni (pause or activate, details,
 * delete) — and 'Nuova regola'. Actions the user may not perform are not offered.
 */
export function DocumentRulesPlaygroundPage() {
  const { t } = useTranslation();
  const table = useTableState('documentRules', { column: 'createdAt', descending: true });
  const { data: typeNames } = useDocumentTypeNames();

  const columns = useMemo<Column<DocumentRuleRow>[]>(
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
  const list = useDocumentRulesList(tableInputOf(table, columns));

  return <RuleListFrame kind="document" table={table} columns={columns} list={list} />;
}
