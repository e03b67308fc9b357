import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';

/**
 * A user without any role (just registered, say) may only open the dashboard and their account:
 * the dashboard tells them why the menu is so short, and whom to ask.
 */
export function NoRoleNotice() {
  const { t } = useTranslation();
  const { session } = useSession();
  const hasRole = session?.permissions.some((permission) => permission.action === 'allow') ?? true;
  if (hasRole) return null;
  return (
    <Callout intent="primary" icon="info-sign" className="dashboard-notice" data-testid="no-role-notice">
      {t('dashboard.noRole')}
    </Callout>
  );
}
