import { Button, Code, Tag, type Intent } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable, tableInputOf, useTableState, type Column } from '../../components/table';
import { formatDateTimeSeconds, prettyJson } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useToggleSet } from '../../lib/useToggleSet';
import { useAuditActions, useAuditLog, type AuditEntry } from './api';
import './audit.css';

const NEWEST_FIRST = { column: 'createdAt', descending: true };

/** Deletions in red, impersonation in amber, the rest plain. */
function intentOf(action: string): Intent {
  if (action.endsWith('.delete') || action.startsWith('job.discard')) return 'danger';
  if (action.startsWith('impersonation.')) return 'warning';
  return 'none';
}

/** The details of an entry on one line: `key: value`, values as JSON when not plain text. */
export function detailsSummary(details: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return details;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return JSON.stringify(parsed);
  return Object.entries(parsed as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

const hasDetails = (details: string) => details.trim() !== '' && details.trim() !== '{}' && details.trim() !== 'null';

/**
 * /audit: who did what and when — deletions, impersonation, access-control changes, rule saves,
 * job retries and discards — newest first, paged, sorted and filtered on the server by the
 * actor's e-mail (its start), the action and the date. A row's details open under it (Enter on
 * the row, or its button).
 */
export function AuditPage() {
  const { t } = useTranslation();
  const table = useTableState('audit', NEWEST_FIRST);
  const actions = useAuditActions();
  const [open, toggle] = useToggleSet();

  const columns = useMemo<Column<AuditEntry>[]>(() => {
    const actionLabel = (action: string) => t(`audit.actions.${action}`, { defaultValue: action });
    const targetLabel = (type: string) => t(`audit.targets.${type}`, { defaultValue: type });
    return [
      {
        id: 'createdAt',
        header: t('audit.columns.when'),
        sortable: true,
        filter: { kind: 'date' },
        cell: (row) => (
          <time dateTime={row.createdAt} className="ltr-data audit__when" data-testid="audit-when">
            {formatDateTimeSeconds(row.createdAt)}
          </time>
        ),
      },
      {
        id: 'actorEmail',
        header: t('audit.columns.who'),
        filter: { kind: 'text', placeholder: t('audit.emailStartsWith') },
        cell: (row) => (
          <span className="audit__who" data-testid="audit-who">
            {row.actorEmail ? <span className="ltr-data audit__email">{row.actorEmail}</span> : <span className="audit__system">{t('audit.system')}</span>}
            {row.impersonatorEmail && (
              <span className="audit__impersonator" data-testid="audit-impersonator">
                {t('audit.impersonatedBy')} <span className="ltr-data audit__email">{row.impersonatorEmail}</span>
              </span>
            )}
          </span>
        ),
      },
      {
        id: 'action',
        header: t('audit.columns.action'),
        filter: {
          kind: 'select',
          options: (actions.data ?? []).map((action) => ({ value: action, label: actionLabel(action) })),
        },
        cell: (row) => (
          <Tag minimal round intent={intentOf(row.action)} title={row.action} data-testid="audit-action" data-action={row.action}>
            {actionLabel(row.action)}
          </Tag>
        ),
      },
      {
        id: 'target',
        header: t('audit.columns.target'),
        cell: (row) =>
          row.targetType || row.targetId ? (
            <span className="audit__target" data-testid="audit-target">
              {row.targetType && <span className="audit__target-type">{targetLabel(row.targetType)}</span>}
              {row.targetId && <span className="ltr-data audit__target-id">{row.targetId}</span>}
            </span>
          ) : (
            '—'
          ),
      },
      {
        id: 'details',
        header: t('audit.columns.details'),
        className: 'audit__details-cell',
        cell: (row) =>
          hasDetails(row.details) ? (
            <span className="audit__details">
              <Code className="audit__summary" title={detailsSummary(row.details)} data-testid="audit-details">
                {detailsSummary(row.details)}
              </Code>
              <Button
                size="small"
                variant="minimal"
                icon={open.has(row.id) ? 'chevron-up' : 'chevron-down'}
                aria-expanded={open.has(row.id)}
                aria-label={t(open.has(row.id) ? 'audit.hideDetails' : 'audit.showDetails')}
                onClick={() => toggle(row.id)}
                data-testid="audit-details-toggle"
              />
            </span>
          ) : (
            '—'
          ),
      },
    ];
  }, [t, actions.data, open, toggle]);

  const { data, error, isLoading, mutate } = useAuditLog(tableInputOf(table, columns));
  useEffect(() => {
    if (error) void toast.error(t('audit.loadFailed'));
  }, [error, t]);
  useEffect(() => {
    if (actions.error) void toast.error(t('audit.actionsFailed'));
  }, [actions.error, t]);

  const title = t('routes.audit');
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: title }]} />
      <section className="page-panel">
        <p className="audit__intro">{t('audit.intro')}</p>
        <ServerTable
          table={table}
          columns={columns}
          data={data}
          loading={isLoading}
          error={error ? t('audit.loadFailed') : null}
          rowKey={(row) => row.id}
          onRowOpen={(row) => hasDetails(row.details) && toggle(row.id)}
          onRefresh={() => void mutate()}
          label={title}
          testId="audit-table"
          expansion={(row) =>
            open.has(row.id) ? (
              <pre className="audit__json ltr-data" data-testid="audit-details-json">
                {prettyJson(row.details)}
              </pre>
            ) : null
          }
        />
      </section>
    </>
  );
}
