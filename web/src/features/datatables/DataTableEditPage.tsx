import { Button, Callout, Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime, prettyJson } from '../../lib/format';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import { dataTablesPath, updateDataTable, useDataTable } from './api';
import { DataTableForm } from './DataTableForm';

/**
 * /datatables/dettagli/{name} and /datatables/{name}: the data table named by the route, its
 * content in the JSON editor; Aggiorna saves content and sort order, Indietro goes back to the list.
 */
export function DataTableEditPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const name = useParams().name ?? '';
  const { data: table, error, isLoading, mutate } = useDataTable(name);

  useEffect(() => {
    if (error) void toast.error(t('datatables.loadFailed'));
  }, [error, t]);

  const update = async (values: { ordinamento: number; content: string }) => {
    try {
      const saved = await updateDataTable(name, { ordinamento: values.ordinamento, content: values.content });
      await mutate(saved, { revalidate: false });
      void toast.success(t('datatables.updated'));
      return undefined;
    } catch (failure) {
      void toast.error(t('datatables.updateFailed'));
      return errorMessage(failure);
    }
  };

  const back = <Button icon="arrow-left" text={t('datatables.back')} onClick={() => void navigate(dataTablesPath)} data-testid="datatable-back" />;
  return (
    <>
      <PageHeader title={name} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t('routes.datatables'), to: dataTablesPath }, { label: name }]} />
      <section className="page-panel page-panel--form">
        {isLoading && <Spinner size={24} aria-label={t('common.loading')} className="table-loader" />}
        {error && (
          <>
            <Callout intent="danger" icon="error" role="alert" className="form-error">
              {t('datatables.loadFailed')}: {errorMessage(error)}
            </Callout>
            {back}
          </>
        )}
        {table && (
          <>
            <dl className="detail-fields" data-testid="datatable-fields">
              <dt>{t('datatables.fields.name')}</dt>
              <dd>{table.name}</dd>
              <dt>{t('datatables.columns.updatedAt')}</dt>
              <dd>{formatDateTime(table.updatedAt)}</dd>
            </dl>
            <DataTableForm
              // A new table (another address) starts a new form.
              key={table.name}
              defaults={{ name: table.name, ordinamento: String(table.ordinamento), content: prettyJson(table.content) }}
              editName={false}
              submitText={t('datatables.update')}
              submitIcon="floppy-disk"
              readOnly={!can({ action: 'allow', resource: 'updateDataTable' })}
              onSubmit={update}
              extraActions={back}
              testId="datatable-edit-form"
            />
          </>
        )}
      </section>
    </>
  );
}
