import { Button, FileInput, FormGroup, H2 } from '@blueprintjs/core';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/FormError';
import { PageHeader } from '../../components/PageHeader';
import { TextField } from '../../components/TextField';
import { UserAvatar } from '../../components/UserAvatar';
import { useCan, useSession, useSessionStore, type SessionUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { errorMessage, userRules } from '../../lib/validation';
import { updateAvatar, updateOwnData, updateSelfPassword } from './api';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, checkAvatarFile, readAsDataUrl } from './avatar';

/** /account: the logged-in user's own data, password and avatar. */
export function AccountPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const can = useCan();
  if (session === null) return null;
  const { user } = session;
  return (
    <>
      <PageHeader title={t('routes.account')} />
      <p className="muted" data-testid="account-email">
        {user.email}
      </p>
      <div className="form-columns">
        <section className="page-panel page-panel--form">
          <H2 className="form-title">{t('account.avatarTitle')}</H2>
          <AvatarForm user={user} />
        </section>
        <section className="page-panel page-panel--form">
          <H2 className="form-title">{t('users.personalDataTitle')}</H2>
          {/* The name is changed through updateUser, which needs its permission (the avatar and the password do not). */}
          {can({ action: 'allow', resource: 'updateUser' }) ? (
            <OwnDataForm key={`${user.firstName}|${user.lastName}`} user={user} />
          ) : (
            <OwnData user={user} />
          )}
        </section>
        <section className="page-panel page-panel--form">
          <H2 className="form-title">{t('users.passwordTitle')}</H2>
          <OwnPasswordForm email={user.email} />
        </section>
      </div>
    </>
  );
}

/** The name, read only, with who may change it. */
function OwnData({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <div data-testid="account-data">
      <dl className="detail-fields">
        <dt>{t('users.fields.firstName')}</dt>
        <dd>{user.firstName}</dd>
        <dt>{t('users.fields.lastName')}</dt>
        <dd>{user.lastName}</dd>
      </dl>
      <p className="muted">{t('account.dataReadOnly')}</p>
    </div>
  );
}

function OwnDataForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const store = useSessionStore();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ firstName: string; lastName: string }>({ defaultValues: { firstName: user.firstName, lastName: user.lastName } });
  const rules = userRules(t, () => '');

  const submit = async ({ firstName, lastName }: { firstName: string; lastName: string }) => {
    try {
      const updated = await updateOwnData(user.email, firstName.trim(), lastName.trim());
      store.updateUser(updated);
      void toast.success(t('users.updated'));
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} data-testid="account-data-form">
      <TextField label={t('users.fields.firstName')} registration={register('firstName', rules.name)} error={errors.firstName} autoComplete="given-name" testId="account-first-name" />
      <TextField label={t('users.fields.lastName')} registration={register('lastName', rules.name)} error={errors.lastName} autoComplete="family-name" testId="account-last-name" />
      <FormError message={errors.root?.server?.message} testId="account-data-error" />
      <Button type="submit" intent="primary" icon="floppy-disk" loading={isSubmitting} text={t('common.save')} data-testid="account-data-submit" />
    </form>
  );
}

interface OwnPasswordFields {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

function OwnPasswordForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<OwnPasswordFields>({ defaultValues: { oldPassword: '', password: '', confirmPassword: '' } });
  const rules = userRules(t, () => getValues('password'));

  const submit = async ({ oldPassword, password }: OwnPasswordFields) => {
    try {
      await updateSelfPassword(email, oldPassword, password);
      void toast.success(t('users.passwordUpdated'));
      reset();
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} data-testid="account-password-form">
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label={t('account.oldPassword')}
        registration={register('oldPassword', { required: t('validation.required') })}
        error={errors.oldPassword}
        type="password"
        autoComplete="current-password"
        testId="account-old-password"
      />
      <TextField label={t('reset.newPassword')} registration={register('password', rules.password)} error={errors.password} type="password" autoComplete="new-password" testId="account-new-password" />
      <TextField
        label={t('users.fields.confirmPassword')}
        registration={register('confirmPassword', rules.confirmPassword)}
        error={errors.confirmPassword}
        type="password"
        autoComplete="new-password"
        testId="account-confirm-password"
      />
      <FormError message={errors.root?.server?.message} testId="account-password-error" />
      <Button type="submit" intent="primary" icon="key" loading={isSubmitting} text={t('users.updatePassword')} data-testid="account-password-submit" />
    </form>
  );
}

function AvatarForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const store = useSessionStore();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [fileName, setFileName] = useState<string | undefined>(undefined);

  // An empty avatar removes it (updateAvatar): the initials come back.
  const remove = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const updated = await updateAvatar(user.email, '');
      store.updateUser(updated);
      setFileName(undefined);
      void toast.success(t('account.avatarRemoved'));
    } catch (error) {
      setProblem(errorMessage(error));
      void toast.error(t('account.avatarRemoveFailed'));
    } finally {
      setBusy(false);
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again
    if (file === undefined) return;
    setFileName(file.name);
    const check = checkAvatarFile(file);
    if (!check.ok) {
      setProblem(check.reason === 'type' ? t('account.avatarType') : t('account.avatarSize', { kib: AVATAR_MAX_BYTES / 1024 }));
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const dataUrl = await readAsDataUrl(file);
      if (dataUrl.length > AVATAR_MAX_BYTES) {
        setProblem(t('account.avatarSize', { kib: AVATAR_MAX_BYTES / 1024 }));
        return;
      }
      const updated = await updateAvatar(user.email, dataUrl);
      store.updateUser(updated);
      void toast.success(t('account.avatarUpdated'));
    } catch (error) {
      setProblem(errorMessage(error));
      void toast.error(t('account.avatarFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="avatar-form" data-testid="account-avatar-form">
      <div className="avatar-form__current">
        <UserAvatar user={user} size={96} />
        {user.avatar && (
          <Button icon="trash" intent="danger" variant="outlined" text={t('account.avatarRemove')} loading={busy} onClick={() => void remove()} data-testid="account-avatar-remove" />
        )}
      </div>
      <FormGroup label={t('account.avatarChoose')} labelFor={id} helperText={t('account.avatarHelp', { kib: AVATAR_MAX_BYTES / 1024 })}>
        <FileInput
          text={fileName ?? t('account.avatarNone')}
          buttonText={t('account.avatarBrowse')}
          disabled={busy}
          inputProps={{ id, accept: AVATAR_TYPES.join(','), onChange: (event) => void choose(event), 'data-testid': 'account-avatar-input' } as React.InputHTMLAttributes<HTMLInputElement>}
        />
      </FormGroup>
      <FormError message={problem} testId="account-avatar-error" />
    </div>
  );
}
