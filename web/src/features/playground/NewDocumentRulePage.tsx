import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError } from '../../components/FormError';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import { createDocumentRule, documentRuleEditorPath, documentRulesPath, useDataTableOptions, useDocumentTypeOptions } from './api';
import { NamePicker } from './NamePicker';
import './playground.css';

interface DocumentRuleFields {
  description: string;
  /** [] or [the chosen type]. */
  documentType: string[];
  dataTables: string[];
}

/**
 * /playground/documenti/nuova (authoring spec §2, §5): Descrizione, Seleziona tipologia (one
 * document type, searched on the server) and Seleziona datatable (any number of data tables);
 * 'Tutti i campi sono obbligatori' while description or type is missing (no data table is fine).
 * Salva creates the rule with the default code: 'Regola salvata con successo' and its editor.
 */
export function NewDocumentRulePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const descriptionId = useId();
  const messageId = `${descriptionId}-required`;
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DocumentRuleFields>({ defaultValues: { description: '', documentType: [], dataTables: [] } });
  const missing = errors.description !== undefined || errors.documentType !== undefined;
  const { ref: descriptionRef, ...description } = register('description', { validate: (value) => value.trim() !== '' });

  const submit = async (fields: DocumentRuleFields) => {
    try {
      const id = await createDocumentRule({ description: fields.description.trim(), documentType: fields.documentType[0] ?? '', dataTables: fields.dataTables });
      void toast.success(t('playground.saved'));
      await navigate(documentRuleEditorPath(id));
    } catch (failure) {
      void toast.error(t('playground.saveFailed'));
      setError('root.server', { message: errorMessage(failure) });
    }
  };

  const title = t('routes.playgroundDocumentsNew');
  const required = <span className="pg-required">{t('playground.requiredMark')}</span>;
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: t('routes.dashboard'), to: '/dashboard' },
          { label: t('routes.playgroundDocuments'), to: documentRulesPath },
          { label: title },
        ]}
      />
      <section className="page-panel page-panel--form">
        <form noValidate onSubmit={handleSubmit(submit)} className="pg-form" data-testid="document-rule-form">
          {missing && (
            <Callout intent="danger" icon="error" role="alert" className="form-error" data-testid="rule-form-required">
              <span id={messageId}>{t('playground.allRequired')}</span>
            </Callout>
          )}
          <FormGroup label={t('playground.fields.description')} labelInfo={required} labelFor={descriptionId} intent={errors.description ? 'danger' : 'none'}>
            <InputGroup
              {...description}
              inputRef={descriptionRef}
              id={descriptionId}
              autoComplete="off"
              autoFocus
              intent={errors.description ? 'danger' : 'none'}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? messageId : undefined}
              data-testid="rule-description"
            />
          </FormGroup>
          <Controller
            name="documentType"
            control={control}
            rules={{ validate: (value) => value.length === 1 }}
            render={({ field }) => (
              <NamePicker
                label={t('playground.fields.documentType')}
                labelInfo={required}
                multiple={false}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                useOptions={useDocumentTypeOptions}
                icon="document"
                placeholder={t('playground.picker.typePlaceholder')}
                invalid={errors.documentType !== undefined}
                describedBy={errors.documentType ? messageId : undefined}
                testId="rule-document-type"
              />
            )}
          />
          <Controller
            name="dataTables"
            control={control}
            render={({ field }) => (
              <NamePicker
                label={t('playground.fields.dataTables')}
                multiple
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                useOptions={useDataTableOptions}
                icon="th"
                placeholder={t('playground.picker.tablePlaceholder')}
                helperText={t('playground.picker.tablesHelp')}
                testId="rule-data-tables"
              />
            )}
          />
          <FormError message={errors.root?.server?.message} testId="rule-form-error" />
          <div className="pg-form__actions">
            <Button type="submit" intent="primary" icon="floppy-disk" loading={isSubmitting} text={t('common.save')} data-testid="rule-submit" />
            <Button icon="arrow-left" text={t('common.cancel')} onClick={() => void navigate(documentRulesPath)} data-testid="rule-cancel" />
          </div>
        </form>
      </section>
    </>
  );
}
