import { Callout, FormGroup, HTMLSelect, TextArea } from '@blueprintjs/core';
import { enterAddsTag, normalizeTags, TagListInput } from '../../components/TagListInput';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField';
import { formatUnixSeconds } from '../../lib/format';
import { GraphQLRequestError } from '../../lib/graphql/client';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { errorMessage } from '../../lib/validation';
import { createDossierRule, dossierRuleEditorPath, dossierRulesPath, PICKER_DEBOUNCE_MS, RULE_NOT_VALID, useValidationDocumentOptions } from './api';
import { NewRuleForm, useCreateRule } from './NewRuleForm';

interface DossierRuleFields {
  description: string;
  istitutoAppartenenza: string;
  gruppo: string[];
  nota: string;
  mustContain: string[];
  notContain: string[];
  /** '' when none is chosen. */
  validationDocumentID: string;
}

/** The strings a rule failed on its validation file (RULE_NOT_VALID's extensions). */
interface Verdict {
  missing: string[];
  present: string[];
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** Tags as typed: trimmed, no empty one, no repeated one. */
export const normalizeGroups = normalizeTags;

/**
 * /playground/dossier/nuova (docs/domain.md#playgrounds, #input-rules-and-limits): Nome ('Nome regola obbligatorio'), Istituto
 * di appartenenza (required), Gruppo (tags), 'Deve contenere' / 'Non deve contenere' (tags), an
 * optional validation file and Nota. Salva creates the rule with the default code, for every
 * dossier type: 'Regola salvata con successo' and its editor.
 *
 * With a validation file (offered to users allowed `testRule` and `ruleValidations`) the server
 * tests the lists on it first: 'Regola valida' and on as usual; 'Regola non valida' with the
 * failed strings, and the rule is not saved; any other refusal 'Errore durante la validazione'.
 */
export function NewDossierRulePage() {
  const { t } = useTranslation();
  const can = useCan();
  const createRule = useCreateRule();
  const groupsId = useId();
  const mustId = useId();
  const notId = useId();
  const documentId = useId();
  const notaId = useId();
  const mayTest = can({ action: 'allow', resource: 'testRule' }) && can({ action: 'allow', resource: 'ruleValidations' });
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<DossierRuleFields>({
    defaultValues: { description: '', istitutoAppartenenza: '', gruppo: [], nota: '', mustContain: [], notContain: [], validationDocumentID: '' },
  });
  const { ref: notaRef, ...nota } = register('nota');

  // The validation files of the institute typed (asked once typing pauses).
  const istituto = useDebouncedValue(useWatch({ control, name: 'istitutoAppartenenza' }), PICKER_DEBOUNCE_MS);
  const chosenDocument = useWatch({ control, name: 'validationDocumentID' });
  const { data: documents, error: documentsError } = useValidationDocumentOptions(istituto, mayTest);
  // A file of another institute is no longer offered: no longer chosen either.
  useEffect(() => {
    if (documents && chosenDocument !== '' && !documents.some((document) => document.id === chosenDocument)) setValue('validationDocumentID', '');
  }, [documents, chosenDocument, setValue]);

  const submit = (fields: DossierRuleFields) => {
    setVerdict(null);
    const validationDocumentID = mayTest && fields.validationDocumentID !== '' ? fields.validationDocumentID : null;
    return createRule(
      async () => {
        const id = await createDossierRule({
          description: fields.description.trim(),
          istitutoAppartenenza: fields.istitutoAppartenenza.trim(),
          gruppo: normalizeGroups(fields.gruppo),
          nota: fields.nota,
          mustContain: normalizeGroups(fields.mustContain),
          notContain: normalizeGroups(fields.notContain),
          validationDocumentID,
        });
        if (validationDocumentID !== null) void toast.success(t('ruleValidation.ruleTest.valid'));
        return id;
      },
      dossierRuleEditorPath,
      (message) => setError('root.server', { message }),
      (failure) => {
        if (failure instanceof GraphQLRequestError && failure.code === RULE_NOT_VALID) {
          void toast.error(t('ruleValidation.ruleTest.notValid'));
          setVerdict({ missing: strings(failure.extensions.missing), present: strings(failure.extensions.present) });
          return true;
        }
        if (validationDocumentID === null) return false;
        void toast.error(t('ruleValidation.ruleTest.failed'));
        setError('root.server', { message: errorMessage(failure) });
        return true;
      },
    );
  };

  const listField = (name: 'mustContain' | 'notContain', id: string, placeholder: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormGroup label={t(`ruleValidation.ruleTest.${name}`)} labelFor={id} helperText={t('ruleValidation.ruleTest.listHelp')}>
          <TagListInput
            values={field.value}
            onChange={(values) => field.onChange(normalizeGroups(values))}
            onKeyDown={enterAddsTag}
            addOnBlur
            addOnPaste
            separator={/[\n\r]+/}
            leftIcon={name === 'mustContain' ? 'tick' : 'disable'}
            placeholder={placeholder}
            inputProps={{ id, onBlur: field.onBlur }}
            inputRef={field.ref}
            tagProps={{ minimal: true, intent: name === 'mustContain' ? 'success' : 'danger' }}
          />
        </FormGroup>
      )}
    />
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
            <TagListInput
              values={field.value}
              onChange={(values) => field.onChange(normalizeGroups(values))}
              onKeyDown={enterAddsTag}
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
      {listField('mustContain', mustId, t('ruleValidation.ruleTest.mustContainPlaceholder'))}
      {listField('notContain', notId, t('ruleValidation.ruleTest.notContainPlaceholder'))}
      {mayTest && (
        <Controller
          name="validationDocumentID"
          control={control}
          render={({ field }) => (
            <FormGroup
              label={t('ruleValidation.ruleTest.document')}
              labelFor={documentId}
              intent={documentsError ? 'danger' : 'none'}
              helperText={documentsError ? t('ruleValidation.ruleTest.documentsFailed') : t('ruleValidation.ruleTest.documentHelp')}
            >
              <HTMLSelect
                id={documentId}
                fill
                value={field.value}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                onBlur={field.onBlur}
                ref={field.ref}
                data-testid="rule-validation-document"
              >
                <option value="">{t('ruleValidation.ruleTest.documentNone')}</option>
                {(documents ?? []).map((document) => (
                  <option key={document.id} value={document.id}>
                    {t('ruleValidation.ruleTest.documentOption', { description: document.description, date: formatUnixSeconds(document.createdAt) })}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          )}
        />
      )}
      <FormGroup label={t('playground.fields.nota')} labelFor={notaId}>
        <TextArea {...nota} inputRef={notaRef} id={notaId} fill autoResize className="pg-form__nota" data-testid="rule-nota" />
      </FormGroup>
      {verdict && (
        <Callout intent="danger" icon="error" role="alert" title={t('ruleValidation.ruleTest.notValid')} className="pg-verdict" data-testid="rule-verdict">
          <ul className="pg-verdict__list">
            {verdict.missing.map((text, index) => (
              <li key={`m-${index}`}>{t('ruleValidation.detail.missing', { text })}</li>
            ))}
            {verdict.present.map((text, index) => (
              <li key={`p-${index}`}>{t('ruleValidation.detail.present', { text })}</li>
            ))}
          </ul>
        </Callout>
      )}
    </NewRuleForm>
  );
}
