import { H2, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PasswordForm } from '../../components/forms/PasswordForm';
import { PersonForm } from '../../components/forms/PersonForm';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../lib/toast';
import { updateUser, updateUserPassword, useUser } from './api';

/** /users/modifica/:id (the id is the e-mail): the user's password, and their personal data. */
export function UserEditPage() {
  const { t } = useTranslation();
  const email = useParams().id ?? '';
  const navigate = useNavigate();
  const { data: user, error, isLoading } = useUser(email);

  useEffect(() => {
    if (error) void toast.error(t('users.loadOneFailed'));
  }, [error, t]);

  return (
    <>
      <PageHeader title={t('routes.userEdit')} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t('routes.users'), to: '/users' }, { label: t('routes.userEdit') }]}>
        <Link to="/users">{t('users.backToList')}</Link>
      </PageHeader>
      <p className="muted" data-testid="user-edit-email">
        {email}
      </p>
      <div className="form-columns">
        <section className="page-panel page-panel--form">
          <H2 className="form-title">{t('users.passwordTitle')}</H2>
          <PasswordForm testIdPrefix="user" onSave={({ password }) => updateUserPassword(email, password)} />
        </section>
        <section className="page-panel page-panel--form">
          <H2 className="form-title">{t('users.personalDataTitle')}</H2>
          {isLoading ? (
            <Spinner size={24} aria-label={t('common.loading')} />
          ) : user ? (
            <PersonForm
              initial={{ firstName: user.firstName, lastName: user.lastName }}
              testIdPrefix="user"
              onSave={async (names) => {
                await updateUser(user.email, names);
                await navigate('/users');
              }}
            />
          ) : (
            <NonIdealState icon="person" title={t('users.loadOneFailed')} />
          )}
        </section>
      </div>
    </>
  );
}
