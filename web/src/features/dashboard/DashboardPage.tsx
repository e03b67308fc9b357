import { Button, Card, H2, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { APP_NAME, APP_VERSION } from '../../lib/constants';
import { useCan } from '../../lib/session';
import { errorMessage } from '../../lib/validation';
import { NoRoleNotice } from './NoRoleNotice';
import { OperationsOverview } from './OperationsOverview';
import { usePing } from './usePing';
import { usePingWorker } from './usePingWorker';
import { useSystemHealth } from '../../lib/systemHealth';

export function DashboardPage() {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <>
      <PageHeader title={t('routes.dashboard')} />
      <NoRoleNotice />
      {can({ action: 'allow', resource: 'dossiers' }) && <OperationsOverview />}
      <Card className="dashboard-card">
        <H2>{APP_NAME}</H2>
        <p className="muted">{t('dashboard.version', { version: APP_VERSION })}</p>
        <div className="dashboard-status">
          <ServerStatus />
          <WorkersAlive />
          <WorkerStatus />
        </div>
      </Card>
    </>
  );
}

function ServerStatus() {
  const { t } = useTranslation();
  const { data, error } = usePing();
  if (error !== undefined) {
    const message = errorMessage(error);
    return (
      <Tag minimal large intent="danger" icon="offline" data-testid="server-status">
        {t('dashboard.serverUnreachable', { message })}
      </Tag>
    );
  }
  if (data === undefined) {
    return (
      <Tag minimal large icon={<Spinner size={14} />} data-testid="server-status">
        {t('dashboard.serverChecking')}
      </Tag>
    );
  }
  return (
    <Tag minimal large intent="success" icon="tick-circle" data-testid="server-status">
      {t('dashboard.server', { answer: data })}
    </Tag>
  );
}

/** How many workers are alive: a server answering "pong" says nothing of them. */
function WorkersAlive() {
  const { t } = useTranslation();
  const { data } = useSystemHealth();
  if (data === undefined) return null;
  return (
    <Tag minimal large intent={data.workers === 0 ? 'danger' : 'success'} icon={data.workers === 0 ? 'offline' : 'tick-circle'} data-testid="workers-alive">
      {t('dashboard.workersAlive', { count: data.workers })}
    </Tag>
  );
}

function WorkerStatus() {
  const { t } = useTranslation();
  const { trigger, data, error, isMutating } = usePingWorker();
  return (
    <div className="dashboard-worker">
      <Button icon="exchange" loading={isMutating} onClick={() => void trigger().catch(() => undefined)} data-testid="worker-check">
        {t('dashboard.workerCheck')}
      </Button>
      {error !== undefined && (
        <Tag minimal large intent="danger" icon="error" data-testid="worker-status">
          {t('dashboard.workerFailed', { message: errorMessage(error) })}
        </Tag>
      )}
      {data !== undefined && error === undefined && (
        <Tag minimal large intent="success" icon="tick-circle" data-testid="worker-status">
          {t('dashboard.workerAnswered', { worker: data.worker, ms: data.roundTripMs })}
        </Tag>
      )}
    </div>
  );
}
