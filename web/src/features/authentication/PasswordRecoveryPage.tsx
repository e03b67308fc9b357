import { Button } from '@blueprintjs/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../components/FormError';
import { PageHeader } from '../../components/PageHeader';
import { TextField } from '../../components/TextField';
import { errorMessage, isEmail, LIMITS } from '../../lib/validation';
import { recoverPassword } from './api';

export const PASSWORD_RESET_PATH = '/authentication/password-reset';

/** What the recovery screen hands to the reset screen. */
export interface PasswordResetState {
  email: string;
}

/** The e-mail handed over in navigation state, if any. */
export function handedEmail(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('email' in state)) return null;
  const { email } = state as { email: unknown };
  return typeof email === 'string' && email !== '' ? email : null;
}

/** /authentication/password-recovery: sends a code (`recoverPassword`), then the reset screen. */
export function PasswordRecoveryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  const submit = async ({ email }: { email: string }) => {
    try {
      await recoverPassword(email.trim());
      const state: PasswordResetState = { email: email.trim() };
      await navigate(PASSWORD_RESET_PATH, { state });
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  };

  return (
    <>
      <PageHeader title={t('routes.passwordRecovery')} />
      <p className="login__description muted">{t('recovery.description')}</p>
      <form className="login-form" noValidate onSubmit={handleSubmit(submit)} data-testid="recovery-form">
        <TextField
          label={t('login.email')}
          registration={register('email', {
            required: t('login.emailRequired'),
            maxLength: { value: LIMITS.loginEmail, message: t('validation.maxLength', { max: LIMITS.loginEmail }) },
            validate: (value) => isEmail(value) || t('login.emailInvalid'),
          })}
          error={errors.email}
          type="email"
          autoComplete="username"
          autoFocus
          size="large"
          leftIcon="envelope"
          testId="recovery-email"
        />
        <Button type="submit" intent="primary" size="large" fill icon="envelope" loading={isSubmitting} text={t('recovery.submit')} data-testid="recovery-submit" />
        <FormError message={errors.root?.server?.message} testId="recovery-error" />
        <p className="login-form__links">
          <Link to="/authentication/login">{t('register.toLogin')}</Link>
        </p>
      </form>
    </>
  );
}
