import { Button, ButtonGroup, Callout, HTMLTable, InputGroup, NonIdealState, Spinner, Tooltip } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { UserAvatar } from '../../components/UserAvatar';
import { useCan, useSession, useSessionStore, type SessionUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { failedBecause, refusalMessage } from '../../lib/validation';
import { deleteUser, useUsers } from './api';

/** The search box waits this long after the last key before asking the server. */
export const USER_SEARCH_DEBOUNCE_MS = 500;

export const userEditPath = (email: string) => `/users/modifica/${encodeURIComponent(email)}`;

/** /users: the users, with the actions the current user's permissions allow (docs/domain.md#users, #access-control). */
export function UsersPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, USER_SEARCH_DEBOUNCE_MS);
  const { data, error, isLoading, mutate } = useUsers(debounced);
  const [toDelete, setToDelete] = useState<SessionUser | null>(null);
  const [deleting, setDeleting] = useState(false);

  const confirmDelete = async () => {
    if (toDelete === null) return;
    setDeleting(true);
    try {
      await deleteUser(toDelete.email);
      void toast.success(t('users.deleted'));
      await mutate();
    } catch (failure) {
      console.error('deleteUser failed', failure);
      void toast.error(failedBecause(t('users.deleteFailed'), failure));
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  // A failed load empties the list (docs/domain.md#messages).
  const users = error ? [] : (data ?? []);

  return (
    <>
      <PageHeader title={t('routes.users')} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t('routes.users') }]}>
        {/* The list needs `users` (docs/domain.md#roles-policies-and-groups); the new user's screen and its call need `createUser`. */}
        {can({ action: 'allow', resource: 'users' }) && can({ action: 'allow', resource: 'createUser' }) && (
          <Button intent="primary" icon="new-person" text={t('users.new')} onClick={() => void navigate('/users/new')} data-testid="users-new" />
        )}
      </PageHeader>
      <section className="page-panel">
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder={t('users.searchPlaceholder')}
          aria-label={t('users.search')}
          value={search}
          onValueChange={setSearch}
          className="table-search"
          data-testid="users-search"
        />
        {error && (
          <Callout intent="danger" icon="error" role="alert" className="form-error">
            {t('users.loadFailed')}
          </Callout>
        )}
        <div className="table-scroll">
          <HTMLTable className="data-table data-table--wide data-table--stack" striped data-testid="users-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t('users.columns.avatar')}</span>
                </th>
                <th scope="col">{t('users.columns.email')}</th>
                <th scope="col">{t('users.columns.firstName')}</th>
                <th scope="col">{t('users.columns.lastName')}</th>
                <th scope="col" className="data-table__actions">
                  {t('common.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <UserRow key={user.email} user={user} onDelete={() => setToDelete(user)} />
              ))}
            </tbody>
          </HTMLTable>
          {isLoading && <Spinner size={24} aria-label={t('common.loading')} className="table-loader" />}
          {!isLoading && users.length === 0 && !error && <NonIdealState icon="people" title={t('users.empty')} />}
        </div>
      </section>
      <ConfirmDialog isOpen={toDelete !== null} loading={deleting} onCancel={() => setToDelete(null)} onConfirm={() => void confirmDelete()}>
        {t('users.confirmDelete', { email: toDelete?.email ?? '' })}
      </ConfirmDialog>
    </>
  );
}

function UserRow({ user, onDelete }: { user: SessionUser; onDelete: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const { session } = useSession();
  const store = useSessionStore();
  const navigate = useNavigate();
  const [impersonating, setImpersonating] = useState(false);
  const isSelf = session?.user.email === user.email;
  const impersonated = session?.impersonated ?? false;

  const impersonate = async () => {
    setImpersonating(true);
    // While it is asked only: it must not outlive the impersonation (issue 30).
    const dismiss = await toast.progress(t('users.impersonating', { email: user.email }));
    try {
      const result = await store.impersonate(user.email);
      if (result.logged) {
        dismiss();
        await navigate('/');
        return;
      }
      void toast.error(refusalMessage(result, t('users.impersonateFailed')));
    } catch (failure) {
      console.error('impersonates failed', failure);
      void toast.error(failedBecause(t('users.impersonateFailed'), failure));
    }
    dismiss();
    setImpersonating(false);
  };

  return (
    <tr data-testid={`user-row-${user.email}`}>
      <td>
        <UserAvatar user={user} size={32} />
      </td>
      <td data-label={t('users.columns.email')}>{user.email}</td>
      <td data-label={t('users.columns.firstName')}>{user.firstName}</td>
      <td data-label={t('users.columns.lastName')}>{user.lastName}</td>
      <td className="data-table__actions">
        <ButtonGroup variant="minimal">
          {can({ action: 'allow', resource: 'updateUser' }) && (
            <Tooltip content={t('users.edit')}>
              <Button icon="edit" aria-label={t('users.editUser', { email: user.email })} onClick={() => void navigate(userEditPath(user.email))} data-testid="user-edit" />
            </Tooltip>
          )}
          {can({ action: 'allow', resource: 'impersonates' }) && !impersonated && !isSelf && (
            <Tooltip content={t('users.impersonate')}>
              <Button
                icon="exchange"
                aria-label={t('users.impersonateUser', { email: user.email })}
                loading={impersonating}
                onClick={() => void impersonate()}
                data-testid="user-impersonate"
              />
            </Tooltip>
          )}
          {can({ action: 'allow', resource: 'deleteUser' }) && !isSelf && (
            <Tooltip content={t('common.delete')}>
              <Button icon="trash" intent="danger" aria-label={t('users.deleteUser', { email: user.email })} onClick={onDelete} data-testid="user-delete" />
            </Tooltip>
          )}
        </ButtonGroup>
      </td>
    </tr>
  );
}
