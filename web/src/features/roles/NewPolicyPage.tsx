import { Button } from '@blueprintjs/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../components/FormError';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { toast } from '../../lib/toast';
import { errorMessage, LIMITS } from '../../lib/validation';
import { addPolicy, useRoles } from './api';
import { rolesTabPath } from './tabs';

interface PolicyFields {
  subject: string;
  object: string;
  action: 'allow' | 'deny';
}

/** /roles/nuova/policy: a role (subject), a free-text resource, Permetti (allow, the default) or Nega. */
export function NewPolicyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: roles, isLoading } = useRoles();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PolicyFields>({ defaultValues: { subject: '', object: '', action: 'allow' } });
  const required = t('validation.required');
  const max = (value: number) => ({ value, message: t('validation.maxLength', { max: value }) });

  const submit = async ({ subject, object, action }: PolicyFields) => {
    try {
      await addPolicy(subject, object.trim(), action);
      void toast.success(t('roles.policyCreated'));
      await navigate(rolesTabPath('policies'));
    } catch (error) {
      void toast.error(t('roles.policyCreateFailed'));
      setError('root.server', { message: errorMessage(error) });
    }
  };

  return (
    <>
      <PageHeader title={t('routes.policyNew')} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t('routes.roles'), to: rolesTabPath('policies') }, { label: t('routes.policyNew') }]}>
        <Link to={rolesTabPath('policies')}>{t('roles.backToList')}</Link>
      </PageHeader>
      <section className="page-panel page-panel--form">
        <form noValidate onSubmit={handleSubmit(submit)} className="form-narrow" data-testid="policy-form">
          <SelectField
            label={t('roles.fields.subject')}
            registration={register('subject', { required, maxLength: max(LIMITS.policy.subject) })}
            options={(roles ?? []).map((role) => ({ value: role.name, label: role.name }))}
            placeholder={isLoading ? t('common.loading') : t('roles.chooseRole')}
            error={errors.subject}
            testId="policy-subject"
          />
          <TextField
            label={t('roles.fields.object')}
            registration={register('object', { required, maxLength: max(LIMITS.policy.resource) })}
            error={errors.object}
            helperText={t('roles.objectHelp')}
            testId="policy-object"
          />
          <SelectField
            label={t('roles.fields.action')}
            registration={register('action', { required })}
            options={[
              { value: 'allow', label: t('roles.actions.allow') },
              { value: 'deny', label: t('roles.actions.deny') },
            ]}
            error={errors.action}
            testId="policy-action"
          />
          <FormError message={errors.root?.server?.message} testId="policy-error" />
          <Button type="submit" intent="primary" icon="floppy-disk" loading={isSubmitting} text={t('common.save')} data-testid="policy-submit" />
        </form>
      </section>
    </>
  );
}
