import { Callout, Collapse, Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatUnixSeconds, prettyJson } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { errorMessage, storedError } from '../../../lib/validation';
import { useCan } from '../../../lib/session';
import { resendCallback, useDossierCallbacks, type DossierDetail } from '../api';

/** Generale: the dossier's fields, its error ('Nessuno') and its callbacks (docs/domain.md#dossiers). */
export function GeneralTab({ dossier, onChanged }: { dossier: DossierDetail; onChanged: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="detail-general">
      <dl className="detail-fields" data-testid="dossier-fields">
        <dt>{t('dossiers.columns.id')}</dt>
        <dd>
          <code>{dossier.id}</code>
        </dd>
        <dt>{t('dossiers.columns.description')}</dt>
        <dd>{dossier.description ?? '-'}</dd>
        <dt>{t('dossiers.columns.type')}</dt>
        <dd>{dossier.dossierType.name}</dd>
        <dt>{t('dossierDetail.idValutazione')}</dt>
        <dd>{dossier.idValutazione || '-'}</dd>
        <dt>{t('dossiers.columns.createdAt')}</dt>
        <dd>{formatDateTime(dossier.createdAt)}</dd>
        <dt>{t('dossierDetail.updatedAt')}</dt>
        <dd>{formatDateTime(dossier.updatedAt)}</dd>
        <dt>{t('dossierDetail.callbackUrl')}</dt>
        <dd className="detail-fields__wrap">{dossier.callbackUrl ?? '-'}</dd>
        <dt>{t('dossierDetail.error')}</dt>
        <dd data-testid="dossier-error">{storedError(dossier.error, dossier.errorMessage) ?? t('dossierDetail.none')}</dd>
      </dl>
      <Callbacks dossierId={dossier.id} onChanged={onChanged} />
    </div>
  );
}

function Callbacks({ dossierId, onChanged }: { dossierId: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const { data, error, mutate } = useDossierCallbacks(dossierId);
  const [open, setOpen] = useState<string | null>(null);
  const [resending, setResending] = useState(false);

  const resend = async () => {
    setResending(true);
    try {
      await resendCallback(dossierId);
      void toast.success(t('dossierDetail.callbacks.resent'));
      void mutate();
      onChanged();
    } catch (failure) {
      void toast.error(t('dossierDetail.callbacks.resendFailed', { message: errorMessage(failure) }));
    } finally {
      setResending(false);
    }
  };

  return (
    <section className="detail-section" aria-labelledby="callbacks-title">
      <div className="detail-section__header">
        <h2 id="callbacks-title" className="page-panel__title">
          {t('dossierDetail.callbacks.title')}
        </h2>
        {can({ action: 'allow', resource: 'resendDossierCallback' }) && (
          <Button icon="send-message" text={t('dossierDetail.callbacks.resend')} loading={resending} onClick={() => void resend()} data-testid="callback-resend" />
        )}
      </div>
      {error && (
        <Callout intent="danger" role="alert">
          {t('dossierDetail.callbacks.loadFailed')}
        </Callout>
      )}
      {data && data.length === 0 && <p className="server-table__empty">{t('table.empty')}</p>}
      {data && data.length > 0 && (
        <div className="table-scroll">
          <HTMLTable className="data-table data-table--stack" striped data-testid="callbacks-table">
            <thead>
              <tr>
                <th scope="col">{t('dossierDetail.callbacks.status')}</th>
                <th scope="col">{t('dossierDetail.callbacks.when')}</th>
                <th scope="col">{t('dossierDetail.callbacks.attempt')}</th>
                <th scope="col">{t('dossierDetail.callbacks.url')}</th>
                <th scope="col">{t('dossierDetail.callbacks.responseCode')}</th>
                <th scope="col">{t('dossierDetail.callbacks.errorDescription')}</th>
                <th scope="col" className="data-table__actions">
                  <span className="visually-hidden">{t('dossierDetail.callbacks.details')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((callback) => (
                <CallbackRow key={callback.id} callback={callback} open={open === callback.id} onToggle={() => setOpen(open === callback.id ? null : callback.id)} />
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </section>
  );
}

type Callback = NonNullable<ReturnType<typeof useDossierCallbacks>['data']>[number];

function CallbackRow({ callback, open, onToggle }: { callback: Callback; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <tr data-testid="callback-row">
        <td data-label={t('dossierDetail.callbacks.status')}>
          <Tag intent={callback.success ? 'success' : 'danger'} round>
            {callback.success ? t('dossierDetail.callbacks.success') : t('dossierDetail.callbacks.failure')}
          </Tag>
        </td>
        <td data-label={t('dossierDetail.callbacks.when')} className="data-table__nowrap">
          {formatUnixSeconds(callback.timestamp)}
        </td>
        <td data-label={t('dossierDetail.callbacks.attempt')} className="data-table__number">
          {callback.attempt}
        </td>
        <td data-label={t('dossierDetail.callbacks.url')} className="detail-fields__wrap">
          {callback.method} {callback.url}
        </td>
        <td data-label={t('dossierDetail.callbacks.responseCode')} className="data-table__number">
          {callback.responseCode ?? '-'}
        </td>
        <td data-label={t('dossierDetail.callbacks.errorDescription')} className="detail-fields__wrap">
          {callback.errorDescription ?? '-'}
        </td>
        <td className="data-table__actions">
          <Button variant="minimal" icon={open ? 'chevron-up' : 'chevron-down'} aria-expanded={open} aria-label={t('dossierDetail.callbacks.details')} onClick={onToggle} />
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={7}>
            <Collapse isOpen>
              {callback.requestHeaders.length > 0 && (
                <>
                  <h3 className="detail-subtitle">{t('dossierDetail.callbacks.requestHeaders')}</h3>
                  <pre className="code-block ltr-data" tabIndex={0} data-testid="callback-headers">
                    {callback.requestHeaders.map((header) => `${header.name}: ${header.value}`).join('\n')}
                  </pre>
                </>
              )}
              <h3 className="detail-subtitle">{t('dossierDetail.callbacks.requestBody')}</h3>
              <pre className="code-block" tabIndex={0}>{prettyJson(callback.requestBody)}</pre>
              <h3 className="detail-subtitle">{t('dossierDetail.callbacks.responseBody')}</h3>
              <pre className="code-block" tabIndex={0}>{callback.responseBody ?? '-'}</pre>
            </Collapse>
          </td>
        </tr>
      )}
    </>
  );
}
