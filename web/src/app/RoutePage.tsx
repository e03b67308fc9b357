import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../components/NotAvailablePage';
import { APP_NAME } from '../lib/constants';
import type { AppRoute } from './routes';

/** One route's screen, with the document title set from the route's title. */
export function RoutePage({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const title = t(route.titleKey);
  const Page = route.page;
  return (
    <>
      <title>{`${title} · ${APP_NAME}`}</title>
      {Page ? <Page /> : <NotAvailablePage screen={title} path={route.path} />}
    </>
  );
}
