import { Button, Menu, MenuDivider, MenuItem, PopoverNext, PopupKind } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UserAvatar } from '../../components/UserAvatar';
import { useSession, useSessionStore } from '../../lib/session';
import { toast } from '../../lib/toast';

/** The top bar's user menu (docs/domain.md#sidebar-and-top-bar): who is logged in, the account settings and logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const { session } = useSession();
  const store = useSessionStore();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  if (session === null) return null;
  const { user } = session;
  const fullName = `${user.firstName} ${user.lastName}`.trim();

  const logout = async () => {
    setLoggingOut(true);
    const ended = await store.logout();
    if (!ended) void toast.error(t('userMenu.logoutFailed'));
    await navigate('/', { replace: true });
  };

  const content = (
    <div className="user-menu" data-testid="user-menu">
      <div className="user-menu__identity">
        <UserAvatar user={user} size={44} />
        <div className="user-menu__names">
          <strong className="user-menu__name" data-testid="user-menu-name">
            <span>{user.firstName}</span> <span>{user.lastName}</span>
          </strong>
          <span className="user-menu__email" data-testid="user-menu-email">
            {user.email}
          </span>
        </div>
      </div>
      <MenuDivider />
      <Menu aria-label={t('userMenu.label')}>
        <MenuItem icon="cog" text={t('userMenu.settings')} onClick={() => void navigate('/account')} data-testid="user-menu-settings" />
        <MenuItem
          icon="log-out"
          intent="danger"
          text={t('userMenu.logout')}
          disabled={loggingOut}
          onClick={() => void logout()}
          data-testid="user-menu-logout"
        />
      </Menu>
    </div>
  );

  return (
    <PopoverNext content={content} placement="bottom-end" popupKind={PopupKind.MENU}>
      <Button
        variant="minimal"
        className="user-menu__toggle"
        title={fullName}
        data-testid="user-menu-open"
      >
        {/* The name read out starts with what is seen (the initials), then says what it opens. */}
        <UserAvatar user={user} size={32} />
        <span className="visually-hidden">{t('userMenu.open', { name: fullName })}</span>
      </Button>
    </PopoverNext>
  );
}
