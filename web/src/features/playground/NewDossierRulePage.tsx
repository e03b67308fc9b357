import { Button, FormGroup, TagInput, TextArea } from '@blueprintjs/core';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError } from '../../components/FormError';
import { PageHeader } from '../../components/PageHeader';
import { TextField } from '../../components/TextField';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import { createDossierRule, dossierRuleEditorPath, dossierRulesPath } from './api';
import './playground.css';

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
  const navigate = useNavigate();
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

  const submit = async (fields: DossierRuleFields) => {
    try {
      const id = await createDossierRule({
        description: fields.description.trim(),
        istitutoAppartenenza: fields.istitutoAppartenenza.trim(),
        gruppo: normalizeGroups(fields.gruppo),
        nota: fields.nota,
      });
      void toast.success(t('playground.saved'));
      await navigate(dossierRuleEditorPath(id));
    } catch (failure) {
      void toast.error(t('playground.saveFailed'));
      setError('root.server', { message: errorMessage(failure) });
    }
  };

  const title = t('routes.playgroundDossierNew');
  const required = <span className="pg-required">{t('playground.requiredMark')}</span>;
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: t('routes.dashboard'), to: '/dashboard' },
          { label: t('routes.playgroundDossier'), to: dossierRulesPath },
          { label: title },
        ]}
      />
      <section className="page-panel page-panel--form">
        <form noValidate onSubmit={handleSubmit(submit)} className="pg-form" data-testid="dossier-rule-form">
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
          <FormError message={errors.root?.server?.message} testId="rule-form-error" />
          <div className="pg-form__actions">
            <Button type="submit" intent="primary" icon="floppy-disk" loading={isSubmitting} text={t('common.save')} data-testid="rule-submit" />
            <Button icon="arrow-left" text={t('common.cancel')} onClick={() => void navigate(dossierRulesPath)} data-testid="rule-cancel" />
          </div>
        </form>
      </section>
    </>
  );
}
