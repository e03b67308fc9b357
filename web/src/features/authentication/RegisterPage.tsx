import { Button, Callout, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { FormError } from '../../components/FormError';
import { EmailField } from '../../components/forms/EmailField';
import { PasswordFields } from '../../components/forms/PasswordFields';
import { PersonFields, trimmedNames } from '../../components/forms/PersonFields';
import { PageHeader } from '../../components/PageHeader';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/validation';
import type { RegisterInput } from '../../lib/graphql/generated/graphql';
import { confirmRegistration, registerUser } from './api';
import { CodeField, codeOf, EMPTY_CODE, useCodeFields, useStartSession, type CodeFields } from './CodeField';

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

/**
 * Registration in two steps on one route (docs/domain.md#registration-and-password-recovery, #input-rules-and-limits; issue 16): the details (`register`), then the
 * 6-digit code of the e-mail (`confirmRegistration`), which creates the account and starts its
 * session. The answer of `register` is the same whether the e-mail has an account or not.
 */
export function RegisterForm() {
  // The details sent (trimmed): shown again by "change details", sent again by "send a new code".
  const [details, setDetails] = useState<RegisterInput | null>(null);
  const [step, setStep] = useState<'details' | 'code'>('details');
  if (step === 'code' && details !== null) return <RegisterCodeStep details={details} onBack={() => setStep('details')} />;
  return (
    <RegisterDetailsStep
      initial={details}
      onSent={(sent) => {
        setDetails(sent);
        setStep('code');
      }}
    />
  );
}

const EMPTY_DETAILS: RegisterInput = { email: '', firstName: '', lastName: '', password: '', confirmPassword: '' };

/** Step 1: the details of the new user, with the limits of docs/domain.md#input-rules-and-limits. */
function RegisterDetailsStep({ initial, onSent }: { initial: RegisterInput | null; onSent: (details: RegisterInput) => void }) {
  const { t } = useTranslation();
  const form = useForm<RegisterInput>({ defaultValues: initial ?? EMPTY_DETAILS });
  const {
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const submit = async (fields: RegisterInput) => {
    const details = { ...trimmedNames(fields), email: fields.email.trim() };
    try {
      if (await registerUser(details)) onSent(details);
      else setError('root.server', { message: t('register.failed') });
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  };

  return (
    <>
      <PageHeader title={t('routes.register')} />
      <p className="login__description muted">{t('register.description')}</p>
      <FormProvider {...form}>
        <form className="login-form" noValidate onSubmit={handleSubmit(submit)} data-testid="register-form">
          <FormError message={errors.root?.server?.message} testId="register-error" />
          <EmailField testId="register-email" own />
          <PersonFields testIdPrefix="register" own />
          <PasswordFields testIdPrefix="register" />
          <Button type="submit" intent="primary" size="large" fill icon="new-person" loading={isSubmitting} text={t('register.submit')} data-testid="register-submit" />
          <p className="login-form__links">
            <Link to="/authentication/login">{t('register.toLogin')}</Link>
          </p>
        </form>
      </FormProvider>
    </>
  );
}

/** Step 2: the code of the e-mail; a right one creates the account, starts the session and goes to /. */
function RegisterCodeStep({ details, onBack }: { details: RegisterInput; onBack: () => void }) {
  const { t } = useTranslation();
  const form = useForm<CodeFields>({ defaultValues: EMPTY_CODE });
  const {
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const code = useCodeFields(form);
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);

  useEffect(() => setFocus('d0'), [setFocus]);

  const startSession = useStartSession(setError, t('reset.invalidCode'));

  const submit = (fields: CodeFields) => {
    setResent(false);
    return startSession(() => confirmRegistration(details.email, codeOf(fields)));
  };

  // A new request replaces the previous code: the boxes start again empty.
  const resend = async () => {
    setResending(true);
    setResent(false);
    try {
      const sent = await registerUser(details);
      reset(EMPTY_CODE, { keepFieldsRef: true });
      setFocus('d0');
      if (sent) setResent(true);
      else setError('root.server', { message: t('register.failed') });
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    } finally {
      setResending(false);
    }
  };

  return (
    <>
      <PageHeader title={t('register.codeTitle')} />
      <p className="login__description muted" data-testid="register-code-sent">
        {t('register.codeSent', { email: details.email })}
      </p>
      <form className="login-form" noValidate onSubmit={handleSubmit(submit)} data-testid="register-code-form">
        <CodeField state={code} testId="register-code" />
        <FormError message={errors.root?.server?.message} testId="register-code-error" />
        {resent && (
          <Callout intent="success" icon="tick-circle" role="status" className="form-error" data-testid="register-code-resent">
            {t('register.resent')}
          </Callout>
        )}
        <Button type="submit" intent="primary" size="large" fill icon="tick" loading={isSubmitting} text={t('register.confirm')} data-testid="register-confirm" />
        <p className="login-form__links">
          <Button variant="minimal" icon="envelope" loading={resending} disabled={isSubmitting} onClick={() => void resend()} text={t('register.resend')} data-testid="register-resend" />
          <Button variant="minimal" icon="edit" disabled={isSubmitting || resending} onClick={onBack} text={t('register.back')} data-testid="register-back" />
        </p>
      </form>
    </>
  );
}
