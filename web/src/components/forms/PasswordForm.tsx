import { Button } from '@blueprintjs/core';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import { FormError } from '../FormError';
import { TextField } from '../TextField';
import { PasswordFields, type NewPasswordFields } from './PasswordFields';

type PasswordChange = { oldPassword: string } & NewPasswordFields;

interface PasswordFormProps {
  /** Test ids `<testIdPrefix>-password-form`, `-password-error`, `-password-submit`, and those of the fields. */
  testIdPrefix: string;
  /** The e-mail of a user changing their own password (the account page): the current password is asked too. */
  ownEmail?: string;
  /** Sends the change (`oldPassword` is '' unless asked); what it throws shows under the fields. */
  onSave: (change: { oldPassword: string; password: string }) => Promise<unknown>;
}

/** A password changed: the new one twice, Aggiorna password sends it, 'Password aggiornata' empties the form. */
export function PasswordForm({ testIdPrefix, ownEmail, onSave }: PasswordFormProps) {
  const { t } = useTranslation();
  const form = useForm<PasswordChange>({ defaultValues: { oldPassword: '', password: '', confirmPassword: '' } });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const submit = async ({ oldPassword, password }: PasswordChange) => {
    try {
      await onSave({ oldPassword, password });
      void toast.success(t('users.passwordUpdated'));
      reset();
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={handleSubmit(submit)} data-testid={`${testIdPrefix}-password-form`}>
        {ownEmail !== undefined && (
          <>
            {/* The account the password belongs to, for password managers. */}
            <input type="text" name="username" autoComplete="username" value={ownEmail} readOnly hidden />
            <TextField
              label={t('account.oldPassword')}
              registration={register('oldPassword', { required: t('validation.required') })}
              error={errors.oldPassword}
              type="password"
              autoComplete="current-password"
              testId={`${testIdPrefix}-old-password`}
            />
          </>
        )}
        <PasswordFields testIdPrefix={testIdPrefix} replacing={ownEmail !== undefined} />
        <FormError message={errors.root?.server?.message} testId={`${testIdPrefix}-password-error`} />
        <Button type="submit" intent="primary" icon="key" loading={isSubmitting} text={t('users.updatePassword')} data-testid={`${testIdPrefix}-password-submit`} />
      </form>
    </FormProvider>
  );
}
