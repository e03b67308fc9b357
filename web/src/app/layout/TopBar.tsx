import { Button, Classes, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { APP_NAME } from '../../lib/constants';
import { useSettings } from '../../lib/settings/SettingsContext';
import { EndImpersonationButton } from './EndImpersonationButton';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';

interface TopBarProps {
  onToggleSidebar: () => void;
  onOpenSettings: () => void;
}

export function TopBar({ onToggleSidebar, onOpenSettings }: TopBarProps) {
  const { t } = useTranslation();
  const { settings } = useSettings();
  // The bar is dark on the dark theme and green on NATURE: its controls take Blueprint's dark style.
  const darkBar = settings.theme !== 'LIGHT';
  return (
    <header className={`top-bar${darkBar ? ` ${Classes.DARK}` : ''}`} data-testid="top-bar">
      <Button
        variant="minimal"
        size="large"
        icon="menu"
        aria-label={t('topBar.toggleSidebar')}
        title={t('topBar.toggleSidebar')}
        onClick={onToggleSidebar}
        data-testid="sidebar-toggle"
      />
      <span className="top-bar__logo" aria-hidden="true">
        <Icon icon="folder-shared" />
      </span>
      <span className="top-bar__title">{APP_NAME}</span>
      <span className="top-bar__spacer" />
      <EndImpersonationButton />
      <LanguageSwitch />
      <Button
        variant="minimal"
        size="large"
        icon="cog"
        aria-label={t('topBar.settings')}
        title={t('topBar.settings')}
        onClick={onOpenSettings}
        data-testid="settings-open"
      />
      <UserMenu />
    </header>
  );
}
