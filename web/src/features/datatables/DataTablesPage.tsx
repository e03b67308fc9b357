import { Button, ButtonGroup, InputGroup, Tooltip } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DeleteConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable, tableInputOf, useTableState, type Column } from '../../components/table';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import { dataTableDetailPath, deleteDataTable, newDataTablePath, toOrdinamento, updateDataTable, useDataTablesPage, type DataTableRow } from './api';
import './datatables.css';

/** The row whose sort order is being edited, and the text typed so far. */
interface OrderEdit {
  name: string;
  text: string;
}

/**
 * /datatables (docs/domain.md#data-tables): the data tables, by ordinamento by default, paged,
 * sorted and filtered by name on the server; the sort order edited in its cell, details, deletion
 * after the confirmation; Nuova tabella.
 */
export function DataTablesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const table = useTableState('datatables', { column: 'ordinamento', descending: false });
  const [editing, setEditing] = useState<OrderEdit | null>(null);
  const [savingOrder, setSavingOrder] = useState(false);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const mayUpdate = can({ action: 'allow', resource: 'updateDataTable' });
  const mayDelete = can({ action: 'allow', resource: 'deleteDataTable' });

  const columns = useMemo<Column<DataTableRow>[]>(
    () => [
      { id: 'name', header: t('datatables.columns.name'), sortable: true, filter: { kind: 'text' }, cell: (row) => <Link to={dataTableDetailPath(row.name)}>{row.name}</Link> },
      {
        id: 'ordinamento',
        header: t('datatables.columns.ordinamento'),
        sortable: true,
        align: 'end',
        cell: (row) =>
          editing?.name === row.name ? (
            <OrderEditor
              name={row.name}
              text={editing.text}
              saving={savingOrder}
              onText={(text) => setEditing({ name: row.name, text })}
              onSave={() => void saveOrder()}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <span className="datatables__order" data-testid="datatable-order">
              {row.ordinamento}
            </span>
          ),
      },
      { id: 'updatedAt', header: t('datatables.columns.updatedAt'), sortable: true, cell: (row) => formatDateTime(row.updatedAt), className: 'datatables__date' },
      {
        id: 'actions',
        header: t('common.actions'),
        align: 'end',
        cell: (row) => (
          <ButtonGroup variant="minimal">
            {mayUpdate && (
              <Tooltip content={t('datatables.editOrder')}>
                <Button
                  icon="sort-numerical"
                  aria-label={t('datatables.editOrderOf', { name: row.name })}
                  disabled={editing?.name === row.name}
                  onClick={() => setEditing({ name: row.name, text: String(row.ordinamento) })}
                  data-testid="datatable-edit-order"
                />
              </Tooltip>
            )}
            <Tooltip content={t('datatables.details')}>
              <Button icon="eye-open" aria-label={t('datatables.detailsOf', { name: row.name })} onClick={() => void navigate(dataTableDetailPath(row.name))} data-testid="datatable-details" />
            </Tooltip>
            {mayDelete && (
              <Tooltip content={t('common.delete')}>
                <Button icon="trash" intent="danger" aria-label={t('datatables.deleteOf', { name: row.name })} onClick={() => setToDelete(row.name)} data-testid="datatable-delete" />
              </Tooltip>
            )}
          </ButtonGroup>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saveOrder reads `editing`, a dependency already.
    [t, editing, savingOrder, mayUpdate, mayDelete, navigate],
  );

  const { data, error, isLoading, mutate } = useDataTablesPage(tableInputOf(table, columns));
  useEffect(() => {
    if (error) void toast.error(t('datatables.loadFailed'));
  }, [error, t]);

  async function saveOrder() {
    if (editing === null) return;
    const ordinamento = toOrdinamento(editing.text);
    if (ordinamento === null) {
      void toast.error(t('datatables.orderNotNumber'));
      return;
    }
    setSavingOrder(true);
    try {
      await updateDataTable(editing.name, { ordinamento });
      void toast.success(t('datatables.orderUpdated'));
      setEditing(null);
    } catch (failure) {
      console.error('updateDataTable failed', failure);
      void toast.error(t('datatables.orderFailed'));
    } finally {
      setSavingOrder(false);
      await mutate();
    }
  }

  const confirmDelete = async () => {
    if (toDelete === null) return;
    setDeleting(true);
    try {
      await deleteDataTable(toDelete);
      void toast.success(t('datatables.deleted'));
    } catch (failure) {
      void toast.error(`${t('datatables.deleteFailed')}: ${errorMessage(failure)}`);
    } finally {
      setDeleting(false);
      setToDelete(null);
      await mutate();
    }
  };

  const title = t('routes.datatables');
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: title }]}>
        {can({ action: 'allow', resource: 'createDataTable' }) && (
          <Button intent="primary" icon="add" text={t('datatables.new')} onClick={() => void navigate(newDataTablePath)} data-testid="datatables-new" />
        )}
      </PageHeader>
      <section className="page-panel">
        <ServerTable
          table={table}
          columns={columns}
          data={data}
          loading={isLoading}
          error={error ? t('datatables.loadFailed') : null}
          rowKey={(row) => row.name}
          onRowOpen={editing === null ? (row) => void navigate(dataTableDetailPath(row.name)) : undefined}
          onRefresh={() => void mutate()}
          label={title}
          testId="datatables-table"
        />
      </section>
      <DeleteConfirmDialog isOpen={toDelete !== null} loading={deleting} onCancel={() => setToDelete(null)} onConfirm={() => void confirmDelete()} />
    </>
  );
}

/** The sort order in its cell, being edited: Enter or ✓ saves, Escape or ✕ gives up. */
function OrderEditor({
  name,
  text,
  saving,
  onText,
  onSave,
  onCancel,
}: {
  name: string;
  text: string;
  saving: boolean;
  onText: (text: string) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <span className="datatables__order-editor">
      <InputGroup
        type="number"
        inputMode="numeric"
        size="small"
        step={1}
        value={text}
        autoFocus
        aria-label={t('datatables.orderOf', { name })}
        intent={toOrdinamento(text) === null ? 'danger' : 'none'}
        onValueChange={onText}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onSave();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
        className="datatables__order-input"
        data-testid="datatable-order-input"
      />
      <Button size="small" variant="minimal" intent="primary" icon="tick" loading={saving} aria-label={t('datatables.saveOrder')} onClick={onSave} data-testid="datatable-order-save" />
      <Button size="small" variant="minimal" icon="cross" aria-label={t('datatables.cancelOrder')} onClick={onCancel} data-testid="datatable-order-cancel" />
    </span>
  );
}
