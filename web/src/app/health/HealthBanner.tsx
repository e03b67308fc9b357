import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/session';
import { useSystemHealth } from '../../lib/systemHealth';

/**
 * Across the app, under the top bar: that no worker is running (imports, extractions and rules
 * wait), or that a queue's next job has waited for minutes — so that no screen seems to work
 * while nothing behind it does. Nothing while all is well, or while the answer is unknown.
 */
export function HealthBanner() {
  const { t } = useTranslation();
  const can = useCan();
  const { data } = useSystemHealth();
  if (!data) return null;
  const jobsLink = can({ action: 'allow', resource: 'jobs' }) ? (
    <>
      {' '}
      <Link to="/jobs">{t('health.openJobs')}</Link>
    </>
  ) : null;
  if (data.workers === 0) {
    return (
      <Callout intent="danger" icon="offline" className="health-banner" role="alert" data-testid="health-banner" data-problem="no-worker">
        {t('health.noWorker')}
        {jobsLink}
      </Callout>
    );
  }
  if (data.backlog) {
    const minutes = Math.max(1, Math.round((Date.now() - Date.parse(data.backlog.waitingSince)) / 60_000));
    return (
      <Callout intent="warning" icon="time" className="health-banner" role="status" data-testid="health-banner" data-problem="backlog">
        {t('health.backlog', { queue: t(`jobs.queue.${data.backlog.queue}`, { defaultValue: data.backlog.queue }), minutes })}
        {jobsLink}
      </Callout>
    );
  }
  return null;
}
