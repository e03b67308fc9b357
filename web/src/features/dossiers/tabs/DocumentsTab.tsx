import { Button, Tooltip } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DOCUMENT_STATES, StateTag, useStateLabel } from '../../../components/StateTag';
import { ServerTable, clientPage, useTableState, type Column } from '../../../components/table';
import { formatDateTime } from '../../../lib/format';
import { useDossierDocuments } from '../api';
import { documentPath } from '../paths';
import { storedError } from '../../../lib/validation';

type DocumentRow = NonNullable<ReturnType<typeof useDossierDocuments>['data']>[number];

const DEFAULT_SORT = { column: 'createdAt', descending: false };

/** Documenti: the dossier's documents, polled every 3 s (docs/domain.md#constants); a row opens the document. */
export function DocumentsTab({ dossierId }: { dossierId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stateLabel = useStateLabel();
  const table = useTableState('documents', DEFAULT_SORT);
  const { data, error, isLoading, mutate } = useDossierDocuments(dossierId);
  const columns = useMemo<Column<DocumentRow>[]>(
    () => [
      { id: 'name', header: t('dossierDetail.documents.name'), sortable: true, filter: { kind: 'text' }, cell: (row) => row.name },
      { id: 'documentType', header: t('dossierDetail.documents.type'), sortable: true, filter: { kind: 'text' }, cell: (row) => row.documentType?.name ?? '-' },
      {
        id: 'state',
        header: t('dossierDetail.documents.state'),
        sortable: true,
        filter: { kind: 'select', options: DOCUMENT_STATES.map((state) => ({ value: state, label: stateLabel('document', state) })) },
        cell: (row) => <StateTag kind="document" state={row.state} />,
      },
      { id: 'metas', header: t('dossierDetail.documents.metas'), cell: (row) => <MetasSummary metas={row.metas} /> },
      { id: 'error', header: t('dossierDetail.documents.error'), cell: (row) => storedError(row.error, row.errorMessage) ?? '-' },
      { id: 'createdAt', header: t('dossiers.columns.createdAt'), sortable: true, cell: (row) => formatDateTime(row.createdAt) },
      {
        id: 'actions',
        header: t('common.actions'),
        align: 'end',
        cell: (row) => (
          <Tooltip content={t('dossierDetail.documents.open')}>
            <Button
              variant="minimal"
              icon="document-open"
              aria-label={t('dossierDetail.documents.openDocument', { name: row.name })}
              onClick={() => void navigate(documentPath(dossierId, row.id))}
            />
          </Tooltip>
        ),
      },
    ],
    [t, stateLabel, navigate, dossierId],
  );

  const page = data
    ? clientPage(data, table.state, columns, {
        name: (row) => row.name,
        documentType: (row) => row.documentType?.name,
        state: (row) => row.state,
        createdAt: (row) => row.createdAt,
      })
    : undefined;

  return (
    <ServerTable
      table={table}
      columns={columns}
      data={page}
      loading={isLoading}
      error={error ? t('dossierDetail.documents.loadFailed') : null}
      rowKey={(row) => row.id}
      onRowOpen={(row) => void navigate(documentPath(dossierId, row.id))}
      onRefresh={() => void mutate()}
      label={t('dossierDetail.tabs.documenti')}
      testId="dossier-documents"
    />
  );
}

function MetasSummary({ metas }: { metas: string }) {
  let entries: [string, unknown][] = [];
  try {
    const parsed: unknown = JSON.parse(metas);
    if (parsed && typeof parsed === 'object') entries = Object.entries(parsed);
  } catch {
    entries = [];
  }
  if (entries.length === 0) return <>-</>;
  return (
    <span className="metas-summary">
      {entries.slice(0, 4).map(([name, value]) => (
        <code key={name}>
          {name}: {typeof value === 'string' ? value : JSON.stringify(value)}
        </code>
      ))}
      {entries.length > 4 && <span>…</span>}
    </span>
  );
}
