import { Button, FormGroup } from '@blueprintjs/core';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormError } from '../../components/FormError';
import { PageHeader } from '../../components/PageHeader';
import { TextField } from '../../components/TextField';
import { useSessionStore } from '../../lib/session';
import { errorMessage, isEmail, LIMITS } from '../../lib/validation';
import { resetPassword } from './api';
import { CodeInput } from './CodeInput';
import { handedEmail } from './PasswordRecoveryPage';

/** Spec §9: the reset code has 6 digits. */
export const RESET_CODE_LENGTH = 6;

const DIGITS = ['d0', 'd1', 'd2', 'd3', 'd4', 'd5'] as const;
type DigitField = (typeof DIGITS)[number];

type ResetFields = { email: string; password: string; confirmPassword: string } & Record<DigitField, string>;

/**
 * /authentication/password-reset: e-mail (locked when handed over by the recovery screen), the
 * six-digit code, the new password twice. Success starts the session and goes to /.
 */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const store = useSessionStore();
  const id = useId();
  const lockedEmail = handedEmail(location.state);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<ResetFields>({
    defaultValues: { email: lockedEmail ?? '', password: '', confirmPassword: '', d0: '', d1: '', d2: '', d3: '', d4: '', d5: '' },
  });
  // Registered in the order of the screen, so the first invalid field is the one focused.
  const emailRegistration = register('email', {
    required: t('login.emailRequired'),
    maxLength: { value: LIMITS.loginEmail, message: t('validation.maxLength', { max: LIMITS.loginEmail }) },
    validate: (value) => isEmail(value) || t('login.emailInvalid'),
  });
  const digits = watch([...DIGITS]);
  const digitRefs = DIGITS.map((name) => register(name, { required: t('reset.codeRequired') }).ref);
  const codeErrors = DIGITS.map((name) => errors[name] !== undefined);
  const codeError = DIGITS.map((name) => errors[name]?.message).find((message) => message !== undefined);

  const setDigits = (next: string[]) =>
    DIGITS.forEach((name, index) => {
      const value = next[index] ?? '';
      if (value !== getValues(name)) setValue(name, value, { shouldValidate: isSubmitted, shouldDirty: true });
    });

  const submit = async (fields: ResetFields) => {
    try {
      const code = DIGITS.map((name) => fields[name]).join('');
      const answer = await resetPassword(fields.email.trim(), code, fields.password);
      const result = store.accept(answer);
      if (!result.logged) {
        setError('root.server', { message: result.message || t('reset.failed') });
        return;
      }
      await navigate('/', { replace: true });
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  };

  const codeLabelId = `${id}-code-label`;
  const codeErrorId = `${id}-code-error`;
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
        <FormGroup
          label={<span id={codeLabelId}>{t('reset.code')}</span>}
          intent={codeError ? 'danger' : 'none'}
          helperText={codeError && <span id={codeErrorId}>{codeError}</span>}
        >
          <CodeInput
            digits={digits}
            onChange={setDigits}
            inputRef={(index) => digitRefs[index] ?? (() => {})}
            invalid={codeErrors}
            labelledBy={codeLabelId}
            describedBy={codeError ? codeErrorId : undefined}
            testId="reset-code"
          />
        </FormGroup>
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
