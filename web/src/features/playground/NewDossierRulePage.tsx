import { FormGroup, TagInput, TextArea } from '@blueprintjs/core';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField';
import { createDossierRule, dossierRuleEditorPath, dossierRulesPath } from './api';
import { NewRuleForm, useCreateRule } from './NewRuleForm';

interface DossierRuleFields {
  description: string;
  istitutoAppartenenza: string;
  gruppo: string[];
  nota: string;
}

/** Tags as typed: trimmed, no empty one, no repeated one. */
export const normalizeGroups = (values: readonly unknown[]) => [...new Set(values.map((value) => String(value).trim()).filter((value) => value !== ''))];

/**
 * /playground/dossier/nuova (authoring spec §2, §5): Nome ('Nome regola obbligatorio'), Istituto
 * di appartenenza (required), Gruppo (tags) and Nota. Salva creates the rule with the default
 * code, for every dossier type: 'Regola salvata con successo' and its editor.
 *
 * The spec's optional validation file (the rule tested with `testRule` before it is saved) waits
 * for the rule-validation API.
 */
export function NewDossierRulePage() {
  const { t } = useTranslation();
  const createRule = useCreateRule();
  const groupsId = useId();
  const notaId = useId();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DossierRuleFields>({ defaultValues: { description: '', istitutoAppartenenza: '', gruppo: [], nota: '' } });
  const { ref: notaRef, ...nota } = register('nota');

  const submit = (fields: DossierRuleFields) =>
    createRule(
      () =>
        createDossierRule({
          description: fields.description.trim(),
          istitutoAppartenenza: fields.istitutoAppartenenza.trim(),
          gruppo: normalizeGroups(fields.gruppo),
          nota: fields.nota,
        }),
      dossierRuleEditorPath,
      (message) => setError('root.server', { message }),
    );

  const required = <span className="pg-required">{t('playground.requiredMark')}</span>;
  return (
    <NewRuleForm
      title={t('routes.playgroundDossierNew')}
      list={{ label: t('routes.playgroundDossier'), path: dossierRulesPath }}
      testId="dossier-rule-form"
      onSubmit={handleSubmit(submit)}
      submitting={isSubmitting}
      serverError={errors.root?.server?.message}
    >
      <TextField
        label={
          <>
            {t('playground.fields.name')} {required}
          </>
        }
        registration={register('description', { validate: (value) => value.trim() !== '' || t('playground.nameRequired') })}
        error={errors.description}
        autoComplete="off"
        autoFocus
        testId="rule-name"
      />
      <TextField
        label={
          <>
            {t('playground.fields.istituto')} {required}
          </>
        }
        registration={register('istitutoAppartenenza', { validate: (value) => value.trim() !== '' || t('validation.required') })}
        error={errors.istitutoAppartenenza}
        autoComplete="organization"
        testId="rule-istituto"
      />
      <Controller
        name="gruppo"
        control={control}
        render={({ field }) => (
          <FormGroup label={t('playground.fields.gruppo')} labelFor={groupsId} helperText={t('playground.groupsHelp')}>
            <TagInput
              values={field.value}
              onChange={(values) => field.onChange(normalizeGroups(values))}
              onKeyDown={(event) => {
                // Enter adds the tag being typed; it submits the form only from an empty field.
                if (event.key === 'Enter' && (event.target as HTMLInputElement).value !== '') event.preventDefault();
              }}
              addOnBlur
              addOnPaste
              separator={/[,\n\r]/}
              leftIcon="tag"
              placeholder={t('playground.groupsPlaceholder')}
              inputProps={{ id: groupsId, onBlur: field.onBlur }}
              inputRef={field.ref}
              tagProps={{ minimal: true, intent: 'primary' }}
              data-testid="rule-groups"
            />
          </FormGroup>
        )}
      />
      <FormGroup label={t('playground.fields.nota')} labelFor={notaId}>
        <TextArea {...nota} inputRef={notaRef} id={notaId} fill autoResize className="pg-form__nota" data-testid="rule-nota" />
      </FormGroup>
    </NewRuleForm>
  );
}
