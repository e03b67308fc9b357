import { Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/SelectField';
import { TextField } from '../../../components/TextField';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/validation';
import { useCan } from '../../../lib/session';
import { fixMetas, useMetasCheck } from '../api';

/** The form's values: one chosen value per meta name. */
type Choices = Record<string, string>;

/**
 * Conflitti: the metas check of the dossier's documents (docs/domain.md#metas-and-conflicts,
 * #dossier-states, #input-rules-and-limits). Each conflicting meta takes one of its values, each
 * missing required meta a value; every field is required ('Campo necessario'); after the fix the
 * check is loaded again.
 */
export function ConflictsTab({ dossierId, state, onFixed }: { dossierId: string; state: string; onFixed: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const { data: check, error, isLoading, mutate } = useMetasCheck(dossierId, state);
  const { register, handleSubmit, formState, reset } = useForm<Choices>();

  if (isLoading) return <Spinner aria-label={t('common.loading')} />;
  if (error || !check) {
    return (
      <Callout intent="danger" role="alert">
        {t('dossierDetail.conflicts.loadFailed')}
      </Callout>
    );
  }
  if (check.valid) return <NonIdealState icon="tick-circle" title={t('dossierDetail.conflicts.none')} />;

  const submit = async (choices: Choices) => {
    const metas = [...check.conflicts.map((conflict) => conflict.name), ...check.missingRequired].map((name) => ({ name, value: choices[fieldName(name)] ?? '' }));
    try {
      const fixed = await fixMetas(dossierId, metas);
      void toast.success(fixed.valid ? t('dossierDetail.conflicts.fixed') : t('dossierDetail.conflicts.stillInvalid'));
      reset();
      await mutate();
      onFixed();
    } catch (failure) {
      void toast.error(t('dossierDetail.conflicts.fixFailed', { message: errorMessage(failure) }));
    }
  };
  const editable = can({ action: 'allow', resource: 'fixMetas' });
  const required = { required: t('dossierDetail.conflicts.required') };

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="form-narrow" data-testid="conflicts-form">
      {check.conflicts.length > 0 && <h2 className="page-panel__title">{t('dossierDetail.conflicts.conflicting')}</h2>}
      {check.conflicts.map((conflict) => {
        const name = fieldName(conflict.name);
        return (
          <SelectField
            key={conflict.name}
            label={conflict.name}
            registration={register(name, required)}
            error={formState.errors[name]}
            placeholder={t('dossierDetail.conflicts.choose')}
            options={conflict.values.map((value) => ({ value: value.value, label: t('dossierDetail.conflicts.valueCount', { value: value.value, count: value.count }) }))}
            disabled={!editable}
            testId={`conflict-${conflict.name}`}
          />
        );
      })}
      {check.missingRequired.length > 0 && <h2 className="page-panel__title">{t('dossierDetail.conflicts.missing')}</h2>}
      {check.missingRequired.map((meta) => {
        const name = fieldName(meta);
        return (
          <TextField
            key={meta}
            label={meta}
            registration={register(name, required)}
            error={formState.errors[name]}
            disabled={!editable}
            testId={`missing-${meta}`}
          />
        );
      })}
      {editable && <Button type="submit" intent="primary" icon="tick" text={t('dossierDetail.conflicts.submit')} loading={formState.isSubmitting} data-testid="conflicts-submit" />}
    </form>
  );
}

/** Meta names may hold dots, which react-hook-form reads as paths. */
const fieldName = (meta: string) => `meta_${encodeURIComponent(meta).replaceAll('.', '%2E')}`;
