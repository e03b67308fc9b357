import { Card } from '@blueprintjs/core';
import { Outlet } from 'react-router';
import { APP_NAME } from '../../lib/constants';

/** The frame of the authentication screens, outside the authenticated layout. */
export function PublicLayout() {
  return (
    <div className="public-layout">
      <div className="public-layout__brand">{APP_NAME}</div>
      <Card className="public-layout__card" elevation={1}>
        <Outlet />
      </Card>
    </div>
  );
}
