import { Classes, H1, Icon } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** One step of a screen's breadcrumb trail; the last one (the screen itself) has no link. */
export interface Crumb {
  label: string;
  to?: string;
}

/** The title line of a screen, its breadcrumb trail above it, and room for its actions. */
export function PageHeader({ title, breadcrumbs, children }: { title: string; breadcrumbs?: readonly Crumb[]; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {breadcrumbs && (
        <nav aria-label={t('common.breadcrumbs')} className="page-breadcrumbs" data-testid="breadcrumbs">
          <ol>
            {breadcrumbs.map(({ label, to }, index) => (
              <li key={`${index}-${label}`}>
                {index > 0 && <Icon icon="chevron-right" size={12} className="page-breadcrumbs__separator" aria-hidden />}
                {to ? (
                  <Link to={to} className={Classes.BREADCRUMB}>
                    {label}
                  </Link>
                ) : (
                  <span className={`${Classes.BREADCRUMB} ${Classes.BREADCRUMB_CURRENT}`} aria-current="page">
                    {label}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </nav>
      )}
      <header className="page-header">
        <H1 className="page-header__title">{title}</H1>
        {children && <div className="page-header__actions">{children}</div>}
      </header>
    </>
  );
}
