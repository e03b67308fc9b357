import { Drawer } from '@blueprintjs/core';
import { useState, type CSSProperties } from 'react';
import { Outlet } from 'react-router';
import { LARGE_SCREEN_MIN_WIDTH_PX, SIDEBAR_WIDTH_PX, TOP_BAR_HEIGHT_PX } from '../../lib/constants';
import { useCan, useFollowPermissions } from '../../lib/session';
import { useSettings } from '../../lib/settings/SettingsContext';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { HealthBanner } from '../health/HealthBanner';
import { SettingsDrawer } from './SettingsDrawer';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

const SIZES = {
  '--sidebar-width': `${SIDEBAR_WIDTH_PX}px`,
  '--top-bar-height': `${TOP_BAR_HEIGHT_PX}px`,
} as CSSProperties;

/** The authenticated layout: top bar, sidebar (persistent on large screens, a drawer on small ones), content. */
export function AppLayout() {
  const isLargeScreen = useMediaQuery(`(min-width: ${LARGE_SCREEN_MIN_WIDTH_PX}px)`);
  const { settings } = useSettings();
  const [sidebarShown, setSidebarShown] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The sidebar hides what the logged-in user's permissions do not allow, and follows their changes.
  useFollowPermissions();
  const can = useCan();

  const toggleSidebar = () => (isLargeScreen ? setSidebarShown(!sidebarShown) : setDrawerOpen(!drawerOpen));

  return (
    <div className="app-shell" style={SIZES}>
      <TopBar onToggleSidebar={toggleSidebar} onOpenSettings={() => setSettingsOpen(true)} />
      <div className="app-shell__body">
        {isLargeScreen && sidebarShown && (
          <aside className="app-shell__sidebar" data-testid="sidebar">
            <Sidebar can={can} />
          </aside>
        )}
        <main className="app-shell__content">
          <HealthBanner />
          <Outlet />
        </main>
      </div>
      {!isLargeScreen && (
        <Drawer
          isOpen={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDEBAR_WIDTH_PX}
          position={settings.direction === 'rtl' ? 'right' : 'left'}
          className="sidebar-drawer"
        >
          <div data-testid="sidebar" className="sidebar-drawer__content">
            <Sidebar can={can} onNavigate={() => setDrawerOpen(false)} />
          </div>
        </Drawer>
      )}
      <SettingsDrawer isOpen={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
