import { Button } from '@blueprintjs/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../components/FormError';
import { PageHeader } from '../../components/PageHeader';
import { TextField } from '../../components/TextField';
import { toast } from '../../lib/toast';
import { errorMessage, LIMITS } from '../../lib/validation';
import { createRole } from './api';
import { rolesTabPath } from './tabs';

interface RoleFields {
  name: string;
  description: string;
}

/** /roles/new/ruolo: nome (required, at most 20) and descrizione (at most 40). */
export function NewRolePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RoleFields>({ defaultValues: { name: '', description: '' } });
  const max = (value: number) => ({ value, message: t('validation.maxLength', { max: value }) });

  const submit = async ({ name, description }: RoleFields) => {
    try {
      await createRole(name.trim(), description.trim());
      void toast.success(t('roles.roleCreated'));
      await navigate(rolesTabPath('roles'));
    } catch (error) {
      void toast.error(t('roles.roleCreateFailed'));
      setError('root.server', { message: errorMessage(error) });
    }
  };

  return (
    <>
      <PageHeader title={t('routes.roleNew')} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t('routes.roles'), to: rolesTabPath('roles') }, { label: t('routes.roleNew') }]}>
        <Link to={rolesTabPath('roles')}>{t('roles.backToList')}</Link>
      </PageHeader>
      <section className="page-panel page-panel--form">
        <form noValidate onSubmit={handleSubmit(submit)} className="form-narrow" data-testid="role-form">
          <TextField
            label={t('roles.fields.name')}
            registration={register('name', { required: t('validation.required'), maxLength: max(LIMITS.role.name) })}
            error={errors.name}
            autoFocus
            testId="role-name"
          />
          <TextField
            label={t('roles.fields.description')}
            registration={register('description', { maxLength: max(LIMITS.role.description) })}
            error={errors.description}
            testId="role-description"
          />
          <FormError message={errors.root?.server?.message} testId="role-error" />
          <Button type="submit" intent="primary" icon="floppy-disk" loading={isSubmitting} text={t('common.save')} data-testid="role-submit" />
        </form>
      </section>
    </>
  );
}
