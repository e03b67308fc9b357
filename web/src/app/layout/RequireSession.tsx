import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LOGIN_PATH, useSession, type LoginRedirectState } from '../../lib/session';

/**
 * The authentication guard (docs/domain.md#sessions): a visitor without a session goes to the login, which
 * remembers the requested path; a loader shows while the session is checked or renewed.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { status, session } = useSession();
  const location = useLocation();

  if (status === 'unauthenticated') {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={LOGIN_PATH} replace state={state} />;
  }
  if (status === 'starting' || session === null) return <FullPageLoader label={t('session.checking')} />;
  return (
    <>
      {children}
      {status === 'refreshing' && <FullPageLoader overlay label={t('session.refreshing')} />}
    </>
  );
}
