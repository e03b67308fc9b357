import { AnchorButton, Button, ButtonGroup, Tag, Tooltip } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DeleteConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable, tableInputOf, useTableState, type Column } from '../../components/table';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { TYPE_RESOURCES, deleteType, newTypePath, typeDetailPath, typesPath, useTypesPage, type TypeKind, type TypeRow } from './api';
import './types.css';
import { failedBecause } from '../../lib/validation';

/** /tipologie/documenti */
export const DocumentTypesPage = () => <TypesPage kind="document" />;
/** /tipologie/dossier */
export const DossierTypesPage = () => <TypesPage kind="dossier" />;

/**
 * A list of types (docs/domain.md#types) on the shared server-side table: name (sorted and
 * filtered on the server), creation date, how many rules the type has; the detail, and deletion —
 * disabled while the type has rules — after the confirmation.
 */
function TypesPage({ kind }: { kind: TypeKind }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const table = useTableState(kind === 'document' ? 'documentTypes' : 'dossierTypes', { column: 'createdAt', descending: true });
  const [toDelete, setToDelete] = useState<TypeRow | null>(null);
  const [deleting, setDeleting] = useState(false);
  const mayDelete = can({ action: 'allow', resource: TYPE_RESOURCES[kind].delete });

  const columns = useMemo<Column<TypeRow>[]>(() => {
    const list: Column<TypeRow>[] = [
      { id: 'name', header: t('types.columns.name'), sortable: true, filter: { kind: 'text' }, cell: (row) => <Link to={typeDetailPath(kind, row.name)}>{row.name}</Link> },
      { id: 'createdAt', header: t('types.columns.createdAt'), sortable: true, cell: (row) => formatDateTime(row.createdAt), className: 'types__date' },
      {
        id: 'ruleCount',
        header: t('types.columns.rules'),
        align: 'end',
        cell: (row) => (
          <Tag minimal round intent={row.ruleCount > 0 ? 'primary' : 'none'} data-testid="type-rule-count">
            {row.ruleCount}
          </Tag>
        ),
      },
    ];
    if (kind === 'dossier') {
      list.push({
        id: 'requiredMetas',
        header: t('types.columns.requiredMetas'),
        cell: (row) =>
          row.requiredMetas && row.requiredMetas.length > 0 ? (
            <span className="types__metas">
              {row.requiredMetas.map((meta) => (
                <Tag key={meta} minimal>
                  {meta}
                </Tag>
              ))}
            </span>
          ) : (
            <span className="muted">{t('types.metas.none')}</span>
          ),
      });
    }
    list.push({
      id: 'actions',
      header: t('common.actions'),
      align: 'end',
      cell: (row) => (
        <ButtonGroup variant="minimal">
          <Tooltip content={t('types.details')}>
            <Button icon="eye-open" aria-label={t('types.detailsOf', { name: row.name })} onClick={() => void navigate(typeDetailPath(kind, row.name))} data-testid="type-details" />
          </Tooltip>
          {mayDelete && (
            <Tooltip content={row.ruleCount > 0 ? t('types.hasRules', { count: row.ruleCount }) : t('common.delete')}>
              {/* A disabled button gets no pointer events: the wrapper keeps the tooltip. */}
              <span className="types__action-wrap">
                <Button
                  icon="trash"
                  intent="danger"
                  aria-label={t('types.deleteOf', { name: row.name })}
                  disabled={row.ruleCount > 0}
                  onClick={() => setToDelete(row)}
                  data-testid="type-delete"
                />
              </span>
            </Tooltip>
          )}
        </ButtonGroup>
      ),
    });
    return list;
  }, [t, kind, mayDelete, navigate]);

  const input = tableInputOf(table, columns);
  const { data, error, isLoading, mutate } = useTypesPage(kind, input);
  useEffect(() => {
    if (error) void toast.error(t('types.listFailed'));
  }, [error, t]);

  const confirmDelete = async () => {
    if (toDelete === null) return;
    setDeleting(true);
    try {
      await deleteType(kind, toDelete.name);
      void toast.success(t('types.deleted'));
    } catch (failure) {
      void toast.error(failedBecause(t('types.deleteFailed'), failure));
    } finally {
      setDeleting(false);
      setToDelete(null);
      await mutate();
    }
  };

  const title = t(kind === 'document' ? 'routes.documentTypes' : 'routes.dossierTypes');
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: title }]}>
        {kind === 'document' && can({ action: 'allow', resource: 'documentRules' }) && (
          <AnchorButton
            variant="minimal"
            icon="code"
            href="/regole"
            text={t('types.allRules')}
            onClick={(event) => {
              event.preventDefault();
              void navigate('/regole');
            }}
            data-testid="types-all-rules"
          />
        )}
        {can({ action: 'allow', resource: TYPE_RESOURCES[kind].create }) && (
          <Button intent="primary" icon="add" text={t('types.newType')} onClick={() => void navigate(newTypePath(kind))} data-testid="types-new" />
        )}
      </PageHeader>
      <section className="page-panel">
        <ServerTable
          table={table}
          columns={columns}
          data={data}
          loading={isLoading}
          error={error ? t('types.listFailed') : null}
          rowKey={(row) => row.name}
          onRowOpen={(row) => void navigate(typeDetailPath(kind, row.name))}
          onRefresh={() => void mutate()}
          toolbar={<TypeSwitch kind={kind} />}
          label={title}
          testId="types-table"
        />
      </section>
      <DeleteConfirmDialog isOpen={toDelete !== null} loading={deleting} onCancel={() => setToDelete(null)} onConfirm={() => void confirmDelete()} />
    </>
  );
}

/** Document types and dossier types are two lists of one area: this goes from one to the other. */
export function TypeSwitch({ kind }: { kind: TypeKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ButtonGroup aria-label={t('types.switcher')}>
      {(['document', 'dossier'] as const).map((each) => (
        <Button
          key={each}
          active={each === kind}
          aria-pressed={each === kind}
          icon={each === 'document' ? 'document' : 'folder-close'}
          text={t(each === 'document' ? 'types.documentsTab' : 'types.dossierTab')}
          onClick={() => each !== kind && void navigate(typesPath(each))}
          data-testid={`types-switch-${each}`}
        />
      ))}
    </ButtonGroup>
  );
}
