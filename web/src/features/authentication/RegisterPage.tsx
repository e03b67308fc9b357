import { Button, Spinner } from '@blueprintjs/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { FormError } from '../../components/FormError';
import { PageHeader } from '../../components/PageHeader';
import { TextField } from '../../components/TextField';
import { useSession, useSessionStore } from '../../lib/session';
import { errorMessage, userRules } from '../../lib/validation';
import { registerUser } from './api';

interface RegisterFields {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
}

/** /authentication/register: a logged-in visitor is sent away to /. */
export function RegisterPage() {
  const { t } = useTranslation();
  const { status } = useSession();
  if (status === 'authenticated') return <Navigate to="/" replace />;
  if (status !== 'unauthenticated') {
    return (
      <div className="login-loader">
        <Spinner aria-label={t('session.checking')} />
      </div>
    );
  }
  return <RegisterForm />;
}

/** /authentication/register-unguarded: the same form, without sending a logged-in visitor away. */
export function RegisterUnguardedPage() {
  return <RegisterForm />;
}

/** Registration (`register`) with the limits of a new user (spec §5); the session starts at once. */
export function RegisterForm() {
  const { t } = useTranslation();
  const store = useSessionStore();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFields>({
    defaultValues: { email: '', firstName: '', lastName: '', password: '', confirmPassword: '' },
  });
  const rules = userRules(t, () => getValues('password'));

  const submit = async (fields: RegisterFields) => {
    try {
      const answer = await registerUser({ ...fields, email: fields.email.trim(), firstName: fields.firstName.trim(), lastName: fields.lastName.trim() });
      const result = store.accept(answer);
      if (!result.logged) {
        setError('root.server', { message: result.message || t('register.failed') });
        return;
      }
      await navigate('/', { replace: true });
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  };

  return (
    <>
      <PageHeader title={t('routes.register')} />
      <p className="login__description muted">{t('register.description')}</p>
      <form className="login-form" noValidate onSubmit={handleSubmit(submit)} data-testid="register-form">
        <FormError message={errors.root?.server?.message} testId="register-error" />
        <TextField
          label={t('users.fields.email')}
          registration={register('email', rules.email)}
          error={errors.email}
          type="email"
          autoComplete="email"
          autoFocus
          testId="register-email"
        />
        <TextField
          label={t('users.fields.firstName')}
          registration={register('firstName', rules.name)}
          error={errors.firstName}
          autoComplete="given-name"
          testId="register-first-name"
        />
        <TextField
          label={t('users.fields.lastName')}
          registration={register('lastName', rules.name)}
          error={errors.lastName}
          autoComplete="family-name"
          testId="register-last-name"
        />
        <TextField
          label={t('users.fields.password')}
          registration={register('password', rules.password)}
          error={errors.password}
          type="password"
          autoComplete="new-password"
          testId="register-password"
        />
        <TextField
          label={t('users.fields.confirmPassword')}
          registration={register('confirmPassword', rules.confirmPassword)}
          error={errors.confirmPassword}
          type="password"
          autoComplete="new-password"
          testId="register-confirm-password"
        />
        <Button type="submit" intent="primary" size="large" fill icon="new-person" loading={isSubmitting} text={t('register.submit')} data-testid="register-submit" />
        <p className="login-form__links">
          <Link to="/authentication/login">{t('register.toLogin')}</Link>
        </p>
      </form>
    </>
  );
}
