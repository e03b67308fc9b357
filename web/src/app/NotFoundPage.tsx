import { Button, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { APP_NAME } from '../lib/constants';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <title>{`${t('notFound.title')} · ${APP_NAME}`}</title>
      <PageHeader title={t('notFound.title')} />
      <section className="page-panel" data-testid="not-found">
        <NonIdealState
          icon="search"
          title="404"
          description={t('notFound.description', { path: pathname })}
          action={<Button intent="primary" icon="home" text={t('notFound.back')} onClick={() => navigate('/')} />}
        />
      </section>
    </>
  );
}
