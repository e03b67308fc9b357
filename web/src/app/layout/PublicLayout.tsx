import { Card, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { APP_NAME } from '../../lib/constants';
import { LanguageSwitch } from './LanguageSwitch';

/**
 * The frame of the authentication screens, outside the authenticated layout: the logo (leading
 * to /), the language switch, the screen's card.
 */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="public-layout">
      <div className="public-layout__bar">
        <Link to="/" className="public-layout__brand" aria-label={t('publicLayout.home', { app: APP_NAME })} data-testid="public-logo">
          <span className="public-layout__logo" aria-hidden="true">
            <Icon icon="folder-shared" size={20} />
          </span>
          <span>{APP_NAME}</span>
        </Link>
        <LanguageSwitch />
      </div>
      <Card className="public-layout__card" elevation={1}>
        <Outlet />
      </Card>
    </div>
  );
}
