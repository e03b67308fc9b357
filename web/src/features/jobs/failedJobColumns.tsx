import { Button, Tooltip } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { Column } from '../../components/table';
import { formatDateTime } from '../../lib/format';
import type { FailedJobRow, JobQueue } from './api';
import { jobErrorMessage } from './errors';
import { FAILED_COLUMNS } from './filter';
import { dossierPath } from './paths';
import type { JobActions } from './useJobActions';

interface FailedJobColumnsOptions {
  queues: readonly JobQueue[] | undefined;
  queueLabel: (queue: string) => string;
  canRetry: boolean;
  canDiscard: boolean;
  actions: Pick<JobActions, 'busy' | 'setOpenJob' | 'retry' | 'setToDiscard'>;
}

/** The failed jobs table's columns: when, queue, error, attempts, dossier, and open, retry and discard. */
export function failedJobColumns(t: TFunction, { queues, queueLabel, canRetry, canDiscard, actions }: FailedJobColumnsOptions): Column<FailedJobRow>[] {
  const { busy, setOpenJob, retry, setToDiscard } = actions;
  return [
    {
      id: FAILED_COLUMNS.failedAt,
      header: t('jobs.columns.failedAt'),
      sortable: true,
      filter: { kind: 'date' },
      cell: (row) => <span className="ltr-data jobs__when">{formatDateTime(row.failedAt)}</span>,
    },
    {
      id: FAILED_COLUMNS.queue,
      header: t('jobs.columns.queue'),
      filter: { kind: 'select', options: (queues ?? []).map((queue) => ({ value: queue.name, label: queueLabel(queue.name) })) },
      cell: (row) => queueLabel(row.queue),
    },
    {
      id: FAILED_COLUMNS.error,
      header: t('jobs.columns.error'),
      filter: { kind: 'text', placeholder: t('jobs.errorFilter') },
      className: 'jobs__error',
      cell: (row) => (
        // One block: a stacked row (a phone) lays a cell's children side by side.
        <div className="jobs__error-cell">
          <span className="jobs__message" dir="auto" data-testid="failed-job-error">
            {jobErrorMessage(t, row.errorCode, row.errorParams)}
          </span>
          {row.error !== '' && (
            <span className="jobs__technical" dir="auto">
              {row.error}
            </span>
          )}
        </div>
      ),
    },
    { id: 'attempts', header: t('jobs.columns.attempts'), align: 'end', cell: (row) => <span data-testid="failed-job-attempts">{row.attempts}</span> },
    {
      id: 'dossier',
      header: t('jobs.columns.dossier'),
      cell: (row) =>
        row.dossierId == null ? (
          '-'
        ) : (
          // Whole: time-ordered ids share their first characters, so a cut id names no one dossier.
          <Link to={dossierPath(row.dossierId)} className="jobs__dossier">
            <code className="id-cell" dir="ltr">{row.dossierId}</code>
          </Link>
        ),
    },
    {
      id: 'actions',
      header: t('common.actions'),
      align: 'end',
      cell: (row) => (
        <span className="jobs__actions">
          <Tooltip content={t('jobs.open')}>
            <Button variant="minimal" icon="eye-open" aria-label={t('jobs.openJob', { id: row.id })} onClick={() => setOpenJob(row.id)} data-testid="failed-job-open" />
          </Tooltip>
          {canRetry && (
            <Tooltip content={t('jobs.retry')}>
              <Button
                variant="minimal"
                icon="repeat"
                intent="primary"
                aria-label={t('jobs.retryJob', { id: row.id })}
                loading={busy === row.id}
                onClick={() => void retry(row.id)}
                data-testid="failed-job-retry"
              />
            </Tooltip>
          )}
          {canDiscard && (
            <Tooltip content={t('jobs.discard')}>
              <Button
                variant="minimal"
                icon="trash"
                intent="danger"
                aria-label={t('jobs.discardJob', { id: row.id })}
                disabled={busy === row.id}
                onClick={() => setToDiscard(row.id)}
                data-testid="failed-job-discard"
              />
            </Tooltip>
          )}
        </span>
      ),
    },
  ];
}
