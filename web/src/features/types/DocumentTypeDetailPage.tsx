import { Button, Callout, Spinner, Tag, Tooltip } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DeleteConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable, tableInputOf, useTableState, type Column } from '../../components/table';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import { TYPE_RESOURCES, deleteType, typesPath, useDocumentType, useDocumentTypeRules } from './api';
import { TypeRuleCode, toggled } from './TypeRuleCode';
import './types.css';

interface RuleRow {
  id: string;
  description: string;
  state: string;
  code: string;
  packageJSON: string;
}

/**
 * /tipologie/documenti/dettagli/{name}: the type, and its rules (paged on the server) in rows that
 * open on their code and package.json.
 */
export function DocumentTypeDetailPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const name = useParams().name ?? '';
  const { data: type, error, isLoading } = useDocumentType(name);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (error) void toast.error(t('types.loadFailed'));
  }, [error, t]);

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteType('document', name);
      void toast.success(t('types.deleted'));
      await navigate(typesPath('document'));
    } catch (failure) {
      void toast.error(`${t('types.deleteFailed')}: ${errorMessage(failure)}`);
      setDeleting(false);
      setConfirming(false);
    }
  };

  const list = t('routes.documentTypes');
  return (
    <>
      <PageHeader title={name} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: list, to: typesPath('document') }, { label: name }]}>
        <Button icon="arrow-left" text={t('types.back')} onClick={() => void navigate(typesPath('document'))} data-testid="type-back" />
        {type && can({ action: 'allow', resource: TYPE_RESOURCES.document.delete }) && (
          <Tooltip content={type.ruleCount > 0 ? t('types.hasRules', { count: type.ruleCount }) : t('common.delete')}>
            <span className="types__action-wrap">
              <Button icon="trash" intent="danger" text={t('common.delete')} disabled={type.ruleCount > 0} onClick={() => setConfirming(true)} data-testid="type-detail-delete" />
            </span>
          </Tooltip>
        )}
      </PageHeader>
      <section className="page-panel">
        {isLoading && <Spinner size={24} aria-label={t('common.loading')} className="table-loader" />}
        {error && (
          <Callout intent="danger" icon="error" role="alert" className="form-error">
            {t('types.loadFailed')}: {errorMessage(error)}
          </Callout>
        )}
        {type && (
          <>
            <dl className="detail-fields" data-testid="type-fields">
              <dt>{t('types.columns.name')}</dt>
              <dd>{type.name}</dd>
              <dt>{t('types.columns.createdAt')}</dt>
              <dd>{formatDateTime(type.createdAt)}</dd>
              <dt>{t('types.columns.rules')}</dt>
              <dd>{type.ruleCount}</dd>
            </dl>
            {can({ action: 'allow', resource: TYPE_RESOURCES.document.rules }) && <DocumentTypeRules name={type.name} />}
          </>
        )}
      </section>
      <DeleteConfirmDialog isOpen={confirming} loading={deleting} onCancel={() => setConfirming(false)} onConfirm={() => void remove()} />
    </>
  );
}

function DocumentTypeRules({ name }: { name: string }) {
  const { t } = useTranslation();
  const table = useTableState('typeRules', { column: 'createdAt', descending: true });
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  const columns = useMemo<Column<RuleRow>[]>(
    () => [
      {
        id: 'expand',
        header: t('types.rules.code'),
        cell: (row) => (
          <Button
            variant="minimal"
            size="small"
            icon={open.has(row.id) ? 'chevron-down' : 'chevron-right'}
            aria-expanded={open.has(row.id)}
            aria-label={t(open.has(row.id) ? 'types.rules.collapse' : 'types.rules.expand', { description: row.description })}
            onClick={() => setOpen((current) => toggled(current, row.id))}
            data-testid="type-rule-toggle"
          />
        ),
      },
      {
        id: 'id',
        header: t('types.rules.id'),
        filter: { kind: 'text' },
        cell: (row) => (
          <Link to={`/regole/dettagli/${row.id}`} className="types__rule-id" title={row.id}>
            {row.id}
          </Link>
        ),
      },
      { id: 'description', header: t('types.rules.description'), sortable: true, filter: { kind: 'text' }, cell: (row) => row.description },
      {
        id: 'state',
        header: t('types.rules.state'),
        cell: (row) => (
          <Tag minimal={row.state !== 'active'} round intent={row.state === 'active' ? 'success' : 'warning'}>
            {t(row.state === 'active' ? 'types.rules.active' : 'types.rules.paused')}
          </Tag>
        ),
      },
    ],
    [t, open],
  );
  const { data, error, isLoading, mutate } = useDocumentTypeRules(name, tableInputOf(table, columns));

  return (
    <section className="detail-section" aria-labelledby="type-rules-title">
      <h2 id="type-rules-title" className="page-panel__title">
        {t('types.rules.title')}
      </h2>
      <ServerTable
        table={table}
        columns={columns}
        data={data}
        loading={isLoading}
        error={error ? errorMessage(error) : null}
        rowKey={(row) => row.id}
        onRowOpen={(row) => setOpen((current) => toggled(current, row.id))}
        onRefresh={() => void mutate()}
        label={t('types.rules.title')}
        testId="type-rules-table"
        expansion={(row) => (open.has(row.id) ? <TypeRuleCode code={row.code} packageJson={row.packageJSON} /> : null)}
      />
    </section>
  );
}
