import { NonIdealState, Spinner } from '@blueprintjs/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../components/NotAvailablePage';
import { PageHeader } from '../components/PageHeader';
import { APP_NAME } from '../lib/constants';
import { useCan } from '../lib/session';
import type { AppRoute } from './routes';

/**
 * One route's screen, with the document title set from the route's title. A screen guarded by a
 * permission the user lacks says so instead (the server refuses its calls anyway).
 */
export function RoutePage({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const can = useCan();
  const title = t(route.titleKey);
  const Page = route.page;
  const allowed = route.permission === undefined || can(route.permission);
  return (
    <>
      <title>{`${title} · ${APP_NAME}`}</title>
      {!allowed ? (
        <>
          <PageHeader title={title} />
          <section className="page-panel" data-testid="forbidden">
            <NonIdealState icon="lock" title={t('forbidden.title')} description={t('forbidden.description')} />
          </section>
        </>
      ) : Page ? (
        <Suspense fallback={<Spinner className="route-loader" aria-label={t('common.loading')} />}>
          <Page />
        </Suspense>
      ) : (
        <NotAvailablePage screen={title} path={route.path} />
      )}
    </>
  );
}
