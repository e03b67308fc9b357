import { Button, Tag, Tooltip } from '@blueprintjs/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { StateTag, useStateLabel } from '../../components/StateTag';
import { ServerTable, tableInputOf, useTableState, type Column } from '../../components/table';
import { formatDateTime } from '../../lib/format';
import { useSubscription, type LiveStatus } from '../../lib/graphql/subscriptions';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { DossierStateChangedSubscription, deleteDossier, useDossierPage, useDossierTypeNames, type DossierListRow } from './api';
import { dossierPath } from './paths';
import { failedBecause } from '../../lib/validation';

/** The states the list filters by (docs/domain.md#dossier-states: processed, processing, cannot process; conflicts too). */
const FILTER_STATES = ['processed', 'processing', 'cannot process', 'conflicts'] as const;
const DEFAULT_SORT = { column: 'createdAt', descending: true };
/** Live events arriving in a burst refresh the page once. */
const LIVE_REFRESH_COALESCE_MS = 300;

/** /dossier: every dossier, live (docs/domain.md#dossiers). */
export function DossiersPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const stateLabel = useStateLabel();
  const table = useTableState('dossiers', DEFAULT_SORT);
  const { data: typeNames } = useDossierTypeNames();
  const [toDelete, setToDelete] = useState<DossierListRow | null>(null);
  const [deleting, setDeleting] = useState(false);

  const columns = useMemo<Column<DossierListRow>[]>(
    () => [
      { id: 'id', header: t('dossiers.columns.id'), sortable: true, filter: { kind: 'text' }, cell: (row) => <code className="id-cell">{row.id}</code> },
      { id: 'description', header: t('dossiers.columns.description'), sortable: true, filter: { kind: 'text' }, cell: (row) => row.description ?? '-' },
      {
        id: 'state',
        header: t('dossiers.columns.state'),
        sortable: true,
        filter: { kind: 'select', options: FILTER_STATES.map((state) => ({ value: state, label: stateLabel('dossier', state) })) },
        cell: (row) => <StateTag kind="dossier" state={row.state} />,
      },
      { id: 'createdAt', header: t('dossiers.columns.createdAt'), sortable: true, filter: { kind: 'date' }, cell: (row) => formatDateTime(row.createdAt) },
      {
        id: 'dossierType',
        header: t('dossiers.columns.type'),
        filter: { kind: 'select', options: (typeNames ?? []).map((name) => ({ value: name, label: name })) },
        cell: (row) => row.dossierType.name,
      },
      {
        id: 'actions',
        header: t('common.actions'),
        align: 'end',
        cell: (row) => (
          <>
            <Tooltip content={t('dossiers.open')}>
              <Button variant="minimal" icon="eye-open" aria-label={t('dossiers.openDossier', { id: row.id })} onClick={() => void navigate(dossierPath(row.id))} />
            </Tooltip>
            {can({ action: 'allow', resource: 'deleteDossier' }) && (
              <Tooltip content={t('common.delete')}>
                <Button variant="minimal" intent="danger" icon="trash" aria-label={t('dossiers.deleteDossier', { id: row.id })} onClick={() => setToDelete(row)} data-testid="dossier-delete" />
              </Tooltip>
            )}
          </>
        ),
      },
    ],
    [t, can, navigate, stateLabel, typeNames],
  );

  const input = tableInputOf(table, columns);
  const { data, error, isLoading, mutate } = useDossierPage(input);

  // A dossier changed state: refresh the page at once (the 5 s refresh is the fallback).
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const live = useSubscription(DossierStateChangedSubscription, { id: null }, (event) => {
    if (event.dossierStateChanged.documentId !== null && event.dossierStateChanged.documentId !== undefined) return;
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void mutate();
    }, LIVE_REFRESH_COALESCE_MS);
  });

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteDossier(toDelete.id);
      void toast.success(t('dossiers.deleted'));
    } catch (failure) {
      console.error('deleteDossier failed', failure);
      void toast.error(failedBecause(t('dossiers.deleteFailed'), failure));
    } finally {
      setDeleting(false);
      setToDelete(null);
      void mutate(); // the list reloads after both outcomes (the original specification, summarised in docs/domain.md)
    }
  };

  return (
    <>
      <PageHeader title={t('routes.dossiers')} breadcrumbs={[{ label: t('nav.dashboard'), to: '/' }, { label: t('routes.dossiers') }]}>
        {can({ action: 'allow', resource: 'importDossier' }) && (
          <Button intent="primary" icon="import" text={t('dossiers.import')} onClick={() => void navigate('/dossier/import')} data-testid="dossiers-import" />
        )}
      </PageHeader>
      <section className="page-panel">
        <ServerTable
          table={table}
          columns={columns}
          data={data}
          loading={isLoading}
          error={error ? t('dossiers.loadFailed') : null}
          rowKey={(row) => row.id}
          onRowOpen={(row) => void navigate(dossierPath(row.id))}
          onRefresh={() => void mutate()}
          toolbar={<LiveBadge status={live} />}
          label={t('routes.dossiers')}
          testId="dossiers-table"
        />
      </section>
      <DeleteConfirmDialog isOpen={toDelete !== null} loading={deleting} onCancel={() => setToDelete(null)} onConfirm={() => void confirmDelete()} />
    </>
  );
}

/** Whether state changes arrive as they happen, or only with the 5 s refresh. */
export function LiveBadge({ status }: { status: LiveStatus }) {
  const { t } = useTranslation();
  return (
    <Tooltip content={t(`dossiers.live.${status}Hint`)}>
      <Tag minimal round icon={status === 'live' ? 'feed' : 'time'} intent={status === 'live' ? 'success' : 'none'} data-testid="live-status" data-status={status}>
        {t(`dossiers.live.${status}`)}
      </Tag>
    </Tooltip>
  );
}
