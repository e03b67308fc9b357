import { Button, Callout, FormGroup, InputGroup, Spinner } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { rememberedPath, useSession, useSessionStore } from '../../lib/session';
import { errorMessage, refusalMessage } from '../../lib/validation';

/** Login: both fields at most 255 characters (docs/domain.md#input-rules-and-limits). */
export const LOGIN_MAX_LENGTH = 255;

/** Something, an @, something with a dot: the server has the final word on the address. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface LoginFields {
  email: string;
  password: string;
}

/**
 * /authentication/login. Away to the remembered path (or /) once logged in, including when the
 * visitor arrives with a live session.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { status } = useSession();
  const location = useLocation();
  if (status === 'authenticated') return <Navigate to={rememberedPath(location.state)} replace />;
  if (status !== 'unauthenticated') {
    return (
      <div className="login-loader">
        <Spinner aria-label={t('session.checking')} />
      </div>
    );
  }
  return <LoginForm />;
}

export function LoginForm() {
  const { t } = useTranslation();
  const store = useSessionStore();
  const id = useId();
  const [passwordShown, setPasswordShown] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginFields>({ defaultValues: { email: '', password: '' } });

  const submit = async ({ email, password }: LoginFields) => {
    try {
      const result = await store.login(email.trim(), password);
      if (!result.logged) setError('root.server', { message: refusalMessage(result, t('login.refused')) });
      // Logged: the session changes and LoginPage moves on.
    } catch (error) {
      setError('root.server', { message: t('login.failed', { message: errorMessage(error) }) });
    }
  };

  const { ref: emailRef, ...email } = register('email', {
    required: t('login.emailRequired'),
    maxLength: { value: LOGIN_MAX_LENGTH, message: t('validation.maxLength', { max: LOGIN_MAX_LENGTH }) },
    validate: (value) => EMAIL_PATTERN.test(value.trim()) || t('login.emailInvalid'),
  });
  const { ref: passwordRef, ...password } = register('password', {
    required: t('validation.required'),
    maxLength: { value: LOGIN_MAX_LENGTH, message: t('validation.maxLength', { max: LOGIN_MAX_LENGTH }) },
  });

  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;
  const serverError = errors.root?.server?.message;

  return (
    <>
      <PageHeader title={t('routes.login')} />
      <p className="login__description muted">{t('login.description')}</p>
      <form className="login-form" noValidate onSubmit={handleSubmit(submit)} data-testid="login-form">
        {serverError !== undefined && (
          <Callout intent="danger" icon="error" role="alert" className="login-form__error" data-testid="login-error">
            {serverError}
          </Callout>
        )}
        <FormGroup
          label={t('login.email')}
          labelFor={emailId}
          intent={errors.email ? 'danger' : 'none'}
          helperText={errors.email && <span id={`${emailId}-error`}>{errors.email.message}</span>}
        >
          <InputGroup
            {...email}
            inputRef={emailRef}
            id={emailId}
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            size="large"
            leftIcon="envelope"
            intent={errors.email ? 'danger' : 'none'}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${emailId}-error` : undefined}
            data-testid="login-email"
          />
        </FormGroup>
        <FormGroup
          label={t('login.password')}
          labelFor={passwordId}
          intent={errors.password ? 'danger' : 'none'}
          helperText={errors.password && <span id={`${passwordId}-error`}>{errors.password.message}</span>}
        >
          <InputGroup
            {...password}
            inputRef={passwordRef}
            id={passwordId}
            type={passwordShown ? 'text' : 'password'}
            autoComplete="current-password"
            size="large"
            leftIcon="lock"
            intent={errors.password ? 'danger' : 'none'}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? `${passwordId}-error` : undefined}
            data-testid="login-password"
            rightElement={
              <Button
                variant="minimal"
                icon={passwordShown ? 'eye-off' : 'eye-open'}
                aria-label={t(passwordShown ? 'login.hidePassword' : 'login.showPassword')}
                title={t(passwordShown ? 'login.hidePassword' : 'login.showPassword')}
                aria-pressed={passwordShown}
                onClick={() => setPasswordShown(!passwordShown)}
              />
            }
          />
        </FormGroup>
        <Button
          type="submit"
          intent="primary"
          size="large"
          fill
          icon="log-in"
          loading={isSubmitting}
          text={t('login.submit')}
          data-testid="login-submit"
        />
        <p className="login-form__links">
          <Link to="/authentication/password-recovery" data-testid="login-password-recovery">
            {t('login.forgotPassword')}
          </Link>
        </p>
        <p className="login-form__links">
          {t('login.noAccount')}{' '}
          <Link to="/authentication/register" data-testid="login-register">
            {t('login.register')}
          </Link>
        </p>
      </form>
    </>
  );
}
