import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './PageHeader';

/** Stands in for a screen that is routed but not built yet. */
export function NotAvailablePage({ screen, path }: { screen: string; path: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={screen} />
      <section className="page-panel" data-testid="not-available">
        <NonIdealState
          icon="build"
          title={t('notAvailable.title')}
          description={t('notAvailable.description', { screen, path })}
        />
      </section>
    </>
  );
}
