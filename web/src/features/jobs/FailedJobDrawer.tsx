import { Button, Callout, Classes, Code, Drawer, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyCodeEditor } from '../../components/code/LazyCodeEditor';
import { formatDateTimeSeconds } from '../../lib/format';
import { dossierPath } from './paths';
import { useFailedJob } from './api';
import { jobErrorMessage } from './errors';

interface FailedJobDrawerProps {
  /** The job shown; `null`: closed. */
  id: string | null;
  onClose: () => void;
  queueLabel: (queue: string) => string;
  canRetry: boolean;
  canDiscard: boolean;
  busy: boolean;
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
}

/**
 * A failed job: what went wrong, its payload (read-only JSON), every attempt with its error and
 * worker, and the dossier it belongs to — with retry and discard at hand.
 */
export function FailedJobDrawer({ id, onClose, queueLabel, canRetry, canDiscard, busy, onRetry, onDiscard }: FailedJobDrawerProps) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useFailedJob(id);
  const job = data?.job;
  return (
    <Drawer
      isOpen={id !== null}
      onClose={onClose}
      title={t('jobs.detail.title')}
      icon="error"
      size="min(720px, 100vw)"
      // The writing direction is the document's (lib/settings applies it there).
      position={document.documentElement.dir === 'rtl' ? 'left' : 'right'}
    >
      <div className={`${Classes.DRAWER_BODY} jobs-detail`} data-testid="failed-job-detail">
        {isLoading && <Spinner size={24} aria-label={t('common.loading')} />}
        {error && (
          <Callout intent="danger" icon="error" role="alert">
            {t('jobs.detail.loadFailed')}
          </Callout>
        )}
        {!isLoading && !error && data === null && <NonIdealState icon="tick-circle" title={t('jobs.detail.gone')} />}
        {data && job && (
          <>
            <dl className="jobs-detail__facts">
              <dt>{t('jobs.columns.queue')}</dt>
              <dd>
                {queueLabel(job.queue)} <Code>{job.queue}</Code>
              </dd>
              <dt>{t('jobs.columns.failedAt')}</dt>
              <dd className="ltr-data">{formatDateTimeSeconds(job.failedAt)}</dd>
              <dt>{t('jobs.columns.attempts')}</dt>
              <dd data-testid="detail-attempts">{job.attempts}</dd>
              <dt>{t('jobs.columns.worker')}</dt>
              <dd>
                <Code>{job.worker}</Code>
              </dd>
              <dt>{t('jobs.detail.id')}</dt>
              <dd>
                <Code className="jobs-detail__id">{job.id}</Code>
              </dd>
              <dt>{t('jobs.columns.dossier')}</dt>
              <dd data-testid="detail-dossier">
                {job.dossierId == null ? (
                  t('jobs.detail.noDossier')
                ) : data.dossierExists ? (
                  <Link to={dossierPath(job.dossierId)} data-testid="detail-dossier-link">
                    {t('jobs.detail.openDossier')} <Code>{job.dossierId}</Code>
                  </Link>
                ) : (
                  <>
                    <Code>{job.dossierId}</Code> <Tag minimal>{t('jobs.detail.dossierGone')}</Tag>
                  </>
                )}
              </dd>
            </dl>

            <h3 className="jobs-detail__heading">{t('jobs.columns.error')}</h3>
            <p className="jobs-detail__message" dir="auto" data-testid="detail-error">
              {jobErrorMessage(t, job.errorCode, job.errorParams)}
            </p>
            {job.error !== '' && (
              <pre className="jobs-detail__technical" dir="auto">
                {job.error}
              </pre>
            )}

            <h3 className="jobs-detail__heading">{t('jobs.detail.payload')}</h3>
            <LazyCodeEditor value={data.payload} language="json" readOnly label={t('jobs.detail.payload')} maxHeight="320px" testId="detail-payload" />

            <h3 className="jobs-detail__heading">{t('jobs.detail.history')}</h3>
            <div className="table-scroll">
              <HTMLTable className="data-table data-table--stack" striped compact data-testid="detail-history">
                <thead>
                  <tr>
                    <th scope="col">{t('jobs.detail.attempt')}</th>
                    <th scope="col">{t('jobs.columns.failedAt')}</th>
                    <th scope="col">{t('jobs.columns.worker')}</th>
                    <th scope="col">{t('jobs.columns.error')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.history.map((attempt) => (
                    <tr key={attempt.attempt}>
                      <td data-label={t('jobs.detail.attempt')}>{attempt.attempt}</td>
                      <td data-label={t('jobs.columns.failedAt')}>
                        <span className="ltr-data">{formatDateTimeSeconds(attempt.failedAt)}</span>
                      </td>
                      <td data-label={t('jobs.columns.worker')}>
                        <Code>{attempt.worker}</Code>
                      </td>
                      <td data-label={t('jobs.columns.error')} className="jobs__error">
                        <div className="jobs__error-cell">
                          <span className="jobs__message" dir="auto">
                            {jobErrorMessage(t, attempt.errorCode, attempt.errorParams)}
                          </span>
                          {attempt.error !== '' && (
                            <span className="jobs__technical" dir="auto">
                              {attempt.error}
                            </span>
                          )}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          </>
        )}
      </div>
      {job && (canRetry || canDiscard) && (
        <div className={Classes.DRAWER_FOOTER}>
          <div className="jobs-detail__actions">
            {canRetry && <Button intent="primary" icon="repeat" text={t('jobs.retry')} loading={busy} onClick={() => onRetry(job.id)} data-testid="detail-retry" />}
            {canDiscard && <Button intent="danger" icon="trash" text={t('jobs.discard')} disabled={busy} onClick={() => onDiscard(job.id)} data-testid="detail-discard" />}
          </div>
        </div>
      )}
    </Drawer>
  );
}
