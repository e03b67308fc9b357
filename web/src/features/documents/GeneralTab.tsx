import { HTMLTable, Spinner } from '@blueprintjs/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StateTag } from '../../components/StateTag';
import { formatDateTime, formatUnixSeconds } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useDocumentLogs, type DocumentDetail } from './api';
import { dossierPath } from './tabs';
import { storedError } from '../../lib/validation';

/** generale: the document's details and its event log. */
export function GeneralTab({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  const logs = useDocumentLogs(document.id);

  useEffect(() => {
    if (logs.error) void toast.error(t('documentDetail.logsFailed'));
  }, [logs.error, t]);

  const error = storedError(document.error, document.errorMessage);

  const rows: [string, ReactNode, string][] = [
    [t('documentDetail.fields.name'), document.name, 'name'],
    [t('documentDetail.fields.description'), document.description || '-', 'description'],
    [t('documentDetail.fields.state'), <StateTag kind="document" state={document.state} />, 'state'],
    [t('documentDetail.fields.type'), document.documentType?.name ?? '-', 'type'],
    [
      t('documentDetail.fields.dossier'),
      <Link to={dossierPath(document.dossier.id)}>{document.dossier.description || document.dossier.id}</Link>,
      'dossier',
    ],
    [t('documentDetail.fields.createdAt'), formatDateTime(document.createdAt), 'created'],
    [t('documentDetail.fields.updatedAt'), formatDateTime(document.updatedAt), 'updated'],
    [t('documentDetail.fields.error'), error || t('documentDetail.noError'), 'error'],
  ];

  return (
    <div className="general-tab">
      <dl className="detail-list" data-testid="document-general">
        {rows.map(([label, value, key]) => (
          <div key={key} className="detail-list__item" data-testid={`field-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="page-panel__title">{t('documentDetail.logs.title')}</h3>
      {logs.isLoading ? (
        <Spinner size={20} aria-label={t('common.loading')} className="document-detail__loader" />
      ) : logs.data && logs.data.length > 0 ? (
        <div className="table-scroll">
          <HTMLTable className="data-table" compact striped aria-label={t('documentDetail.logs.title')} data-testid="document-logs">
            <thead>
              <tr>
                <th scope="col">{t('documentDetail.logs.event')}</th>
                <th scope="col">{t('documentDetail.logs.timestamp')}</th>
              </tr>
            </thead>
            <tbody>
              {logs.data.map((log) => (
                <tr key={log.id}>
                  <td>{storedError(log.event, log.message)}</td>
                  <td className="data-table__number">{formatUnixSeconds(log.timestamp)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      ) : (
        !logs.error && <p className="muted">{t('documentDetail.logs.empty')}</p>
      )}
    </div>
  );
}
