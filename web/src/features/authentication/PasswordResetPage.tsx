import { Button } from '@blueprintjs/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FormError } from '../../components/FormError';
import { PageHeader } from '../../components/PageHeader';
import { TextField } from '../../components/TextField';
import { isEmail, LIMITS } from '../../lib/validation';
import { resetPassword } from './api';
import { CodeField, codeOf, EMPTY_CODE, useCodeFields, useStartSession, type CodeFields } from './CodeField';
import { handedEmail } from './PasswordRecoveryPage';

type ResetFields = { email: string; password: string; confirmPassword: string } & CodeFields;

/**
 * /authentication/password-reset: e-mail (locked when handed over by the recovery screen), the
 * six-digit code, the new password twice. Success starts the session and goes to /.
 */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const lockedEmail = handedEmail(location.state);
  const form = useForm<ResetFields>({
    defaultValues: { email: lockedEmail ?? '', password: '', confirmPassword: '', ...EMPTY_CODE },
  });
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  // Registered in the order of the screen, so the first invalid field is the one focused.
  const emailRegistration = register('email', {
    required: t('login.emailRequired'),
    maxLength: { value: LIMITS.loginEmail, message: t('validation.maxLength', { max: LIMITS.loginEmail }) },
    validate: (value) => isEmail(value) || t('login.emailInvalid'),
  });
  const code = useCodeFields(form);

  const startSession = useStartSession(setError, t('reset.invalidCode'));

  const submit = (fields: ResetFields) => startSession(() => resetPassword(fields.email.trim(), codeOf(fields), fields.password));

  const passwordRules = {
    required: t('validation.required'),
    minLength: { value: LIMITS.resetPassword.min, message: t('validation.minLength', { min: LIMITS.resetPassword.min }) },
    maxLength: { value: LIMITS.resetPassword.max, message: t('validation.maxLength', { max: LIMITS.resetPassword.max }) },
  };

  return (
    <>
      <PageHeader title={t('routes.passwordReset')} />
      <p className="login__description muted">{t('reset.description')}</p>
      <form className="login-form" noValidate onSubmit={handleSubmit(submit)} data-testid="reset-form">
        <TextField
          label={t('login.email')}
          registration={emailRegistration}
          error={errors.email}
          type="email"
          autoComplete="username"
          readOnly={lockedEmail !== null}
          leftIcon={lockedEmail !== null ? 'lock' : 'envelope'}
          autoFocus={lockedEmail === null}
          testId="reset-email"
        />
        <CodeField state={code} testId="reset-code" />
        <TextField
          label={t('reset.newPassword')}
          registration={register('password', passwordRules)}
          error={errors.password}
          type="password"
          autoComplete="new-password"
          testId="reset-password"
        />
        <TextField
          label={t('reset.confirmPassword')}
          registration={register('confirmPassword', {
            required: t('validation.required'),
            validate: (value) => value === getValues('password') || t('reset.passwordsDiffer'),
          })}
          error={errors.confirmPassword}
          type="password"
          autoComplete="new-password"
          testId="reset-confirm-password"
        />
        <Button type="submit" intent="primary" size="large" fill icon="key" loading={isSubmitting} text={t('reset.submit')} data-testid="reset-submit" />
        <FormError message={errors.root?.server?.message} testId="reset-error" />
        <p className="login-form__links">
          <Link to="/authentication/password-recovery" data-testid="reset-no-code">
            {t('reset.noCode')}
          </Link>
        </p>
      </form>
    </>
  );
}
