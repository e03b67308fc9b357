import { Button, H2, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormError } from '../../components/FormError';
import { PageHeader } from '../../components/PageHeader';
import { TextField } from '../../components/TextField';
import type { SessionUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { errorMessage, userRules } from '../../lib/validation';
import { updateUser, updateUserPassword, useUser } from './api';

/** /users/modifica/:id (the id is the e-mail): the user's password, and their personal data. */
export function UserEditPage() {
  const { t } = useTranslation();
  const email = useParams().id ?? '';
  const { data: user, error, isLoading } = useUser(email);

  useEffect(() => {
    if (error) void toast.error(t('users.loadOneFailed'));
  }, [error, t]);

  return (
    <>
      <PageHeader title={t('routes.userEdit')} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t('routes.users'), to: '/users' }, { label: t('routes.userEdit') }]}>
        <Link to="/users">{t('users.backToList')}</Link>
      </PageHeader>
      <p className="muted" data-testid="user-edit-email">
        {email}
      </p>
      <div className="form-columns">
        <section className="page-panel page-panel--form">
          <H2 className="form-title">{t('users.passwordTitle')}</H2>
          <PasswordForm email={email} />
        </section>
        <section className="page-panel page-panel--form">
          <H2 className="form-title">{t('users.personalDataTitle')}</H2>
          {isLoading ? (
            <Spinner size={24} aria-label={t('common.loading')} />
          ) : user ? (
            <PersonalDataForm user={user} />
          ) : (
            <NonIdealState icon="person" title={t('users.loadOneFailed')} />
          )}
        </section>
      </div>
    </>
  );
}

interface PasswordFields {
  password: string;
  confirmPassword: string;
}

function PasswordForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordFields>({ defaultValues: { password: '', confirmPassword: '' } });
  const rules = userRules(t, () => getValues('password'));

  const submit = async ({ password }: PasswordFields) => {
    try {
      await updateUserPassword(email, password);
      void toast.success(t('users.passwordUpdated'));
      reset();
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} data-testid="user-password-form">
      <TextField label={t('users.fields.password')} registration={register('password', rules.password)} error={errors.password} type="password" autoComplete="new-password" testId="user-password" />
      <TextField
        label={t('users.fields.confirmPassword')}
        registration={register('confirmPassword', rules.confirmPassword)}
        error={errors.confirmPassword}
        type="password"
        autoComplete="new-password"
        testId="user-confirm-password"
      />
      <FormError message={errors.root?.server?.message} testId="user-password-error" />
      <Button type="submit" intent="primary" icon="key" loading={isSubmitting} text={t('users.updatePassword')} data-testid="user-password-submit" />
    </form>
  );
}

interface PersonalDataFields {
  firstName: string;
  lastName: string;
}

function PersonalDataForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PersonalDataFields>({ defaultValues: { firstName: user.firstName, lastName: user.lastName } });
  const rules = userRules(t, () => '');

  const submit = async (fields: PersonalDataFields) => {
    try {
      await updateUser(user.email, { firstName: fields.firstName.trim(), lastName: fields.lastName.trim() });
      void toast.success(t('users.updated'));
      await navigate('/users');
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} data-testid="user-data-form">
      <TextField label={t('users.fields.firstName')} registration={register('firstName', rules.name)} error={errors.firstName} testId="user-first-name" />
      <TextField label={t('users.fields.lastName')} registration={register('lastName', rules.name)} error={errors.lastName} testId="user-last-name" />
      <FormError message={errors.root?.server?.message} testId="user-data-error" />
      <Button type="submit" intent="primary" icon="floppy-disk" loading={isSubmitting} text={t('common.save')} data-testid="user-data-submit" />
    </form>
  );
}
