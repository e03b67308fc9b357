import { Collapse, Icon } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { UserAvatar } from '../../components/UserAvatar';
import { APP_VERSION } from '../../lib/constants';
import type { Can } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { isNavGroup, NAVIGATION, visibleNavigation, type NavGroup, type NavLink } from './navigation';

interface SidebarProps {
  can: Can;
  /** Called when an entry is chosen (the small-screen drawer closes). */
  onNavigate?: () => void;
}

export function Sidebar({ can, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  return (
    <nav className="sidebar" aria-label={t('nav.label')}>
      <SidebarUser />
      <div className="sidebar__sections">
        {visibleNavigation(NAVIGATION, can).map((section) => (
          <section key={section.id} className="sidebar__section">
            <h2 className="sidebar__section-title">{t(section.labelKey)}</h2>
            <ul className="sidebar__list">
              {section.items.map((item) => (
                <li key={item.id}>
                  {isNavGroup(item) ? (
                    <SidebarGroup group={item} onNavigate={onNavigate} />
                  ) : (
                    <SidebarLink link={item} onNavigate={onNavigate} />
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <footer className="sidebar__footer" data-testid="app-version">
        {t('nav.version', { version: APP_VERSION })}
      </footer>
    </nav>
  );
}

/** Who is logged in: avatar (or initials), first and last name, e-mail. */
function SidebarUser() {
  const { session } = useSession();
  if (session === null) return null;
  const { user } = session;
  return (
    <div className="sidebar__user" data-testid="sidebar-user">
      <UserAvatar user={user} />
      <div className="sidebar__user-names">
        <span className="sidebar__user-name">
          {user.firstName} {user.lastName}
        </span>
        <span className="sidebar__user-email" title={user.email}>
          {user.email}
        </span>
      </div>
    </div>
  );
}

function SidebarLink({ link, onNavigate }: { link: NavLink; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <RouterNavLink
      to={link.path}
      end={link.path === '/'}
      onClick={onNavigate}
      className={({ isActive }) => `sidebar__entry${isActive ? ' sidebar__entry--active' : ''}`}
      data-testid={`nav-${link.id}`}
    >
      <Icon icon={link.icon} />
      <span className="sidebar__label">{t(link.labelKey)}</span>
    </RouterNavLink>
  );
}

function SidebarGroup({ group, onNavigate }: { group: NavGroup; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(true);
  const holdsActive = group.children.some((child) => pathname.startsWith(child.path));
  return (
    <>
      <button
        type="button"
        className={`sidebar__entry${holdsActive ? ' sidebar__entry--holds-active' : ''}`}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid={`nav-${group.id}`}
      >
        <Icon icon={group.icon} />
        <span className="sidebar__label">{t(group.labelKey)}</span>
        <Icon icon={open ? 'chevron-up' : 'chevron-down'} className="sidebar__chevron" />
      </button>
      <Collapse isOpen={open}>
        <ul className="sidebar__list sidebar__list--nested">
          {group.children.map((child) => (
            <li key={child.id}>
              <SidebarLink link={child} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      </Collapse>
    </>
  );
}
