import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import { createDataTable, dataTablesPath } from './api';
import { DataTableForm } from './DataTableForm';

const DEFAULTS = { name: '', ordinamento: '0', content: '{\n  \n}' };

/** /datatables/nuova: `createDataTable`; 'Tabella inserita con successo' and back to the list. */
export function NewDataTablePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const insert = async (values: { name: string; ordinamento: number; content: string }) => {
    try {
      await createDataTable(values);
      void toast.success(t('datatables.inserted'));
      await navigate(dataTablesPath);
      return undefined;
    } catch (error) {
      void toast.error(t('datatables.insertFailed'));
      return errorMessage(error);
    }
  };

  const title = t('routes.datatableNew');
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t('routes.datatables'), to: dataTablesPath }, { label: title }]} />
      <section className="page-panel page-panel--form">
        <DataTableForm
          defaults={DEFAULTS}
          editName
          submitText={t('datatables.insert')}
          submitIcon="add"
          onSubmit={insert}
          extraActions={<Button icon="arrow-left" text={t('datatables.back')} onClick={() => void navigate(dataTablesPath)} data-testid="datatable-back" />}
          testId="datatable-new-form"
        />
      </section>
    </>
  );
}
