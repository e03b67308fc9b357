import { Button, FormGroup } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/FormError';
import { TextField } from '../../components/TextField';
import { isJson, toOrdinamento } from './api';
import { LazyCodeEditor } from '../../components/code/LazyCodeEditor';
import './datatables.css';

// CodeMirror loads with the first data table form, not with the app.

export interface DataTableFields {
  name: string;
  ordinamento: string;
  content: string;
}

/** What the form sends: the sort order already a number. */
export interface DataTableValues {
  name: string;
  ordinamento: number;
  content: string;
}

interface DataTableFormProps {
  defaults: DataTableFields;
  /** The name is the route's when editing: shown, not edited. */
  editName: boolean;
  submitText: string;
  submitIcon: 'add' | 'floppy-disk';
  /** Without the permission to save, the form only shows. */
  readOnly?: boolean;
  /** Resolves with the server's refusal to show under the form, or nothing. */
  onSubmit: (values: DataTableValues) => Promise<string | undefined>;
  /** Buttons beside the submit one (Indietro). */
  extraActions?: ReactNode;
  testId: string;
}

/**
 * A data table's fields (docs/domain.md#data-tables, #input-rules-and-limits): name (required), ordinamento (a
 * whole number) and the content in a JSON editor with JSON lint; content that is not JSON is
 * 'Json non valido' and is not sent.
 */
export function DataTableForm({ defaults, editName, submitText, submitIcon, readOnly = false, onSubmit, extraActions, testId }: DataTableFormProps) {
  const { t } = useTranslation();
  const contentId = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DataTableFields>({ defaultValues: defaults });

  const submit = async (fields: DataTableFields) => {
    const refusal = await onSubmit({ name: fields.name.trim(), ordinamento: toOrdinamento(fields.ordinamento) ?? 0, content: fields.content });
    if (refusal !== undefined) setError('root.server', { message: refusal });
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="datatables__form" data-testid={testId}>
      <div className="datatables__fields">
        {editName && (
          <TextField
            label={t('datatables.fields.name')}
            registration={register('name', { validate: (value) => value.trim() !== '' || t('validation.required') })}
            error={errors.name}
            autoComplete="off"
            autoFocus
            testId="datatable-name"
          />
        )}
        <TextField
          label={t('datatables.fields.ordinamento')}
          registration={register('ordinamento', { validate: (value) => toOrdinamento(value) !== null || t('datatables.orderNotNumber') })}
          error={errors.ordinamento}
          type="number"
          inputMode="numeric"
          step={1}
          className="datatables__order-field"
          testId="datatable-ordinamento"
        />
      </div>
      <Controller
        name="content"
        control={control}
        rules={{ validate: (value) => isJson(value) || t('datatables.invalidJson') }}
        render={({ field, fieldState }) => (
          <FormGroup
            label={t('datatables.fields.content')}
            labelFor={contentId}
            intent={fieldState.error ? 'danger' : 'none'}
            helperText={fieldState.error ? <span id={`${contentId}-error`}>{fieldState.error.message}</span> : t('datatables.contentHelp')}
          >
            <div id={contentId} className="datatables__editor-frame">
              <LazyCodeEditor
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                language="json"
                lint="json"
                label={t('datatables.editorLabel')}
                invalid={fieldState.error !== undefined}
                describedBy={fieldState.error ? `${contentId}-error` : undefined}
                minHeight="240px"
                maxHeight="60vh"
                className={fieldState.error ? 'datatables__editor--invalid' : undefined}
                testId="datatable-content"
              />
            </div>
          </FormGroup>
        )}
      />
      <FormError message={errors.root?.server?.message} testId="datatable-error" />
      <div className="datatables__actions">
        {!readOnly && <Button type="submit" intent="primary" icon={submitIcon} loading={isSubmitting} text={submitText} data-testid="datatable-submit" />}
        {extraActions}
      </div>
    </form>
  );
}
