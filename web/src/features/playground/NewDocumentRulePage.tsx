import { Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createDocumentRule, documentRuleEditorPath, documentRulesPath, useDataTableOptions, useDocumentTypeOptions } from './api';
import { NamePicker } from './NamePicker';
import { NewRuleForm, useCreateRule } from './NewRuleForm';

interface DocumentRuleFields {
  description: string;
  /** [] or [the chosen type]. */
  documentType: string[];
  dataTables: string[];
}

/**
 * /playground/documenti/nuova (docs/domain.md#playgrounds, #input-rules-and-limits): Descrizione, Seleziona tipologia (one
 * document type, searched on the server) and Seleziona datatable (any number of data tables);
 * 'Tutti i campi sono obbligatori' while description or type is missing (no data table is fine).
 * Salva creates the rule with the default code: 'Regola salvata con successo' and its editor.
 */
export function NewDocumentRulePage() {
  const { t } = useTranslation();
  const createRule = useCreateRule();
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

  const submit = (fields: DocumentRuleFields) =>
    createRule(
      () => createDocumentRule({ description: fields.description.trim(), documentType: fields.documentType[0] ?? '', dataTables: fields.dataTables }),
      documentRuleEditorPath,
      (message) => setError('root.server', { message }),
    );

  const required = <span className="pg-required">{t('playground.requiredMark')}</span>;
  return (
    <NewRuleForm
      title={t('routes.playgroundDocumentsNew')}
      list={{ label: t('routes.playgroundDocuments'), path: documentRulesPath }}
      testId="document-rule-form"
      onSubmit={handleSubmit(submit)}
      submitting={isSubmitting}
      serverError={errors.root?.server?.message}
    >
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
    </NewRuleForm>
  );
}
