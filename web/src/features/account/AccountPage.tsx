import { Button, FileInput, FormGroup, H2 } from '@blueprintjs/core';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/FormError';
import { PasswordForm } from '../../components/forms/PasswordForm';
import { PersonForm } from '../../components/forms/PersonForm';
import { PageHeader } from '../../components/PageHeader';
import { UserAvatar } from '../../components/UserAvatar';
import { useCan, useSession, useSessionStore, type SessionUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import { updateAvatar, updateOwnData, updateSelfPassword } from './api';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, checkAvatarFile, readAsDataUrl } from './avatar';

/** /account: the logged-in user's own data, password and avatar. */
export function AccountPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const can = useCan();
  const store = useSessionStore();
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
            <PersonForm
              key={`${user.firstName}|${user.lastName}`}
              initial={{ firstName: user.firstName, lastName: user.lastName }}
              testIdPrefix="account"
              own
              onSave={async ({ firstName, lastName }) => store.updateUser(await updateOwnData(user.email, firstName, lastName))}
            />
          ) : (
            <OwnData user={user} />
          )}
        </section>
        <section className="page-panel page-panel--form">
          <H2 className="form-title">{t('users.passwordTitle')}</H2>
          <PasswordForm testIdPrefix="account" ownEmail={user.email} onSave={({ oldPassword, password }) => updateSelfPassword(user.email, oldPassword, password)} />
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
