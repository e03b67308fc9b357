import { Callout, Card, H2, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DOSSIER_STATES, StateTag } from '../../components/StateTag';
import { formatFilterDate } from '../../components/table';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { startOfToday, useFailedJobCount, useOverview } from './overviewApi';
import { storedError } from '../../lib/validation';

const pad = (n: number) => String(n).padStart(2, '0');

/** The dossier list filtered by state and by today's creation date (the list's own address). */
export function todaysDossiersPath(state: string, today: Date): string {
  const params = new URLSearchParams();
  params.append('dossiers.f.state', state);
  params.append('dossiers.f.createdAt', formatFilterDate(today));
  params.append('dossiers.f.createdAt', formatFilterDate(today));
  return `/dossier?${params.toString()}`;
}

/** The dashboard's operations cards: each figure links to the list that explains it. */
export function OperationsOverview() {
  const { t } = useTranslation();
  const can = useCan();
  const today = useMemo(() => startOfToday(), []);
  const { data, error } = useOverview(today);
  const canJobs = can({ action: 'allow', resource: 'jobs' });
  const { data: failedJobs } = useFailedJobCount(canJobs);

  if (error) {
    return (
      <Callout intent="danger" role="alert" className="dashboard-grid__wide">
        {t('overview.loadFailed')}
      </Callout>
    );
  }
  if (!data) return <Spinner aria-label={t('common.loading')} />;

  const byState = new Map(data.dossiersByState.map((row) => [row.state, row.count]));
  const hours = lastHours(data.documentsProcessedByHour);
  const peak = Math.max(1, ...hours.map((hour) => hour.count));
  const processedToday = hours.reduce((sum, hour) => sum + hour.count, 0);

  return (
    <div className="dashboard-grid" data-testid="operations-overview">
      <Card className="dashboard-tile">
        <H2 className="dashboard-tile__title">{t('overview.dossiersToday')}</H2>
        <ul className="dashboard-states">
          {DOSSIER_STATES.map((state) => (
            <li key={state}>
              <Link to={todaysDossiersPath(state, today)} data-testid={`overview-state-${state}`}>
                <StateTag kind="dossier" state={state} />
                <strong className="dashboard-figure">{byState.get(state) ?? 0}</strong>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
      <Card className="dashboard-tile dashboard-tile--wide">
        <H2 className="dashboard-tile__title">{t('overview.documentsPerHour', { count: processedToday })}</H2>
        <div className="hour-chart" role="img" aria-label={t('overview.documentsPerHourChart', { count: processedToday })}>
          {hours.map((hour) => (
            <div key={hour.hour.toISOString()} className="hour-chart__bar" title={`${formatDateTime(hour.hour.toISOString())}: ${hour.count}`}>
              <span style={{ blockSize: `${(hour.count / peak) * 100}%` }} />
            </div>
          ))}
        </div>
        <div className="hour-chart__axis" aria-hidden>
          <span>{pad(hours[0]?.hour.getHours() ?? 0)}:00</span>
          <span>{pad(hours.at(-1)?.hour.getHours() ?? 0)}:00</span>
        </div>
        <Link to="/dossier">{t('overview.toDossiers')}</Link>
      </Card>
      {canJobs && (
        <Card className="dashboard-tile">
          <H2 className="dashboard-tile__title">{t('overview.failedJobs')}</H2>
          <strong className={`dashboard-figure dashboard-figure--big${failedJobs ? ' dashboard-figure--bad' : ''}`} data-testid="overview-failed-jobs">
            {failedJobs ?? '…'}
          </strong>
          <Link to="/jobs">{t('overview.toJobs')}</Link>
        </Card>
      )}
      <Card className="dashboard-tile dashboard-tile--wide">
        <H2 className="dashboard-tile__title">{t('overview.ruleErrors')}</H2>
        <p>
          {t('overview.ruleErrorCounts', { dossier: data.dossierRuleErrors, document: data.documentRuleErrors })}
        </p>
        {data.latestRuleErrors.length === 0 ? (
          <p className="muted">{t('overview.noRuleErrors')}</p>
        ) : (
          <ul className="dashboard-errors" data-testid="overview-latest-errors">
            {data.latestRuleErrors.map((failure) => (
              <li key={`${failure.dossierId}${failure.ruleName}${failure.at}`}>
                <Link to={`/dossier/dettagli/${encodeURIComponent(failure.dossierId)}?tab=status&executions.f.state=error`}>
                  {failure.dossierDescription ?? failure.dossierId}
                </Link>{' '}
                · {failure.ruleName} · {formatDateTime(failure.at)}
                {failure.error && <div className="dashboard-errors__text">{storedError(failure.error, failure.errorMessage)}</div>}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** The last 24 hours, oldest first, each with its count (0 where the server listed none). */
function lastHours(rows: readonly { hour: string; count: number }[]): { hour: Date; count: number }[] {
  const counts = new Map(rows.map((row) => [new Date(row.hour).getTime(), row.count]));
  const now = new Date();
  const current = new Date(now.getFullYear(), now.getMonth(), now.getDate(), now.getHours());
  return Array.from({ length: 24 }, (_, index) => {
    const hour = new Date(current.getTime() - (23 - index) * 3_600_000);
    return { hour, count: counts.get(hour.getTime()) ?? 0 };
  });
}
