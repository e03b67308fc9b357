import { Button } from '@blueprintjs/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../components/FormError';
import { PageHeader } from '../../components/PageHeader';
import { TextField } from '../../components/TextField';
import { toast } from '../../lib/toast';
import { errorMessage, userRules } from '../../lib/validation';
import { createUser } from './api';

interface NewUserFields {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
}

/** /users/new: `createUser`; 'Utente creato' and back to /users, or the server's message. */
export function UserNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<NewUserFields>({ defaultValues: { email: '', password: '', confirmPassword: '', firstName: '', lastName: '' } });
  const rules = userRules(t, () => getValues('password'));

  const submit = async (fields: NewUserFields) => {
    try {
      await createUser({ ...fields, email: fields.email.trim(), firstName: fields.firstName.trim(), lastName: fields.lastName.trim() });
      void toast.success(t('users.created'));
      await navigate('/users');
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  };

  return (
    <>
      <PageHeader title={t('routes.userNew')} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t('routes.users'), to: '/users' }, { label: t('routes.userNew') }]}>
        <Link to="/users">{t('users.backToList')}</Link>
      </PageHeader>
      <section className="page-panel page-panel--form">
        <form noValidate onSubmit={handleSubmit(submit)} className="form-narrow" data-testid="user-new-form">
          <TextField label={t('users.fields.email')} registration={register('email', rules.email)} error={errors.email} type="email" autoComplete="off" autoFocus testId="user-email" />
          <TextField label={t('users.fields.password')} registration={register('password', rules.password)} error={errors.password} type="password" autoComplete="new-password" testId="user-password" />
          <TextField
            label={t('users.fields.confirmPassword')}
            registration={register('confirmPassword', rules.confirmPassword)}
            error={errors.confirmPassword}
            type="password"
            autoComplete="new-password"
            testId="user-confirm-password"
          />
          <TextField label={t('users.fields.firstName')} registration={register('firstName', rules.name)} error={errors.firstName} testId="user-first-name" />
          <TextField label={t('users.fields.lastName')} registration={register('lastName', rules.name)} error={errors.lastName} testId="user-last-name" />
          <FormError message={errors.root?.server?.message} testId="user-new-error" />
          <Button type="submit" intent="primary" icon="floppy-disk" loading={isSubmitting} text={t('common.save')} data-testid="user-new-submit" />
        </form>
      </section>
    </>
  );
}
