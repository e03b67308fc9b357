import { Button, Dialog, DialogBody, DialogFooter, Tag, Tooltip, type Intent } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable, tableInputOf, useTableState, type Column } from '../../components/table';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { failedBecause } from '../../lib/validation';
import { newApiKeyPath, revokeApiKey, rotateApiKey, useApiKeys, type ApiKeyRow } from './api';
import { CallbackSecretDialog } from './CallbackSecretDialog';
import { OverlapChoice } from './OverlapChoice';
import { SecretReveal } from './SecretReveal';
import './apiKeys.css';

const NEWEST_FIRST = { column: 'createdAt', descending: true };

const STATE_INTENT: Record<ApiKeyRow['state'], Intent> = { ACTIVE: 'success', EXPIRED: 'warning', REVOKED: 'danger' };

/**
 * /api-keys: the keys machine clients (the importing system) authenticate with — name, roles,
 * allowed addresses, expiry, last use — paged, sorted and filtered on the server. A key is
 * created on /api-keys/nuova; here it is rotated (its new secret shown once, the old one kept
 * for an overlap chosen) or revoked.
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const table = useTableState('api-keys', NEWEST_FIRST);
  const [toRevoke, setToRevoke] = useState<ApiKeyRow | null>(null);
  const [revoking, setRevoking] = useState(false);
  const [toRotate, setToRotate] = useState<ApiKeyRow | null>(null);
  const [callbackSecretOf, setCallbackSecretOf] = useState<ApiKeyRow | null>(null);

  const columns = useMemo<Column<ApiKeyRow>[]>(
    () => [
      {
        id: 'name',
        header: t('apiKeys.columns.name'),
        sortable: true,
        filter: { kind: 'text', placeholder: t('apiKeys.nameContains') },
        cell: (row) => (
          <span className="api-keys__name">
            <strong className="ltr-data" data-testid="api-key-name">
              {row.name}
            </strong>
            <code className="ltr-data api-keys__prefix">{row.prefix}</code>
          </span>
        ),
      },
      {
        id: 'roles',
        header: t('apiKeys.columns.roles'),
        cell: (row) => (
          <span className="api-keys__tags">
            {row.roles.map((role) => (
              <Tag key={role} minimal round>
                {role}
              </Tag>
            ))}
          </span>
        ),
      },
      {
        id: 'state',
        header: t('apiKeys.columns.state'),
        cell: (row) => (
          <span className="api-keys__state">
            <Tag minimal intent={STATE_INTENT[row.state]} data-testid="api-key-state" data-state={row.state}>
              {t(`apiKeys.states.${row.state}`)}
            </Tag>
            {row.previousValidUntil && row.state === 'ACTIVE' && (
              <small>{t('apiKeys.previousUntil', { date: formatDateTime(row.previousValidUntil) })}</small>
            )}
          </span>
        ),
      },
      {
        id: 'allowedSources',
        header: t('apiKeys.columns.allowedSources'),
        cell: (row) =>
          row.allowedSources.length === 0 ? (
            t('apiKeys.anySource')
          ) : (
            <span className="ltr-data api-keys__sources">{row.allowedSources.join(', ')}</span>
          ),
      },
      {
        id: 'expiresAt',
        header: t('apiKeys.columns.expiresAt'),
        cell: (row) => (row.expiresAt ? <time className="ltr-data">{formatDateTime(row.expiresAt)}</time> : t('apiKeys.never')),
      },
      {
        id: 'lastUsedAt',
        header: t('apiKeys.columns.lastUsedAt'),
        cell: (row) => (row.lastUsedAt ? <time className="ltr-data">{formatDateTime(row.lastUsedAt)}</time> : t('apiKeys.neverUsed')),
      },
      {
        id: 'createdAt',
        header: t('apiKeys.columns.createdAt'),
        sortable: true,
        cell: (row) => (
          <span className="api-keys__created">
            <time className="ltr-data">{formatDateTime(row.createdAt)}</time>
            <small className="ltr-data">{row.createdBy}</small>
          </span>
        ),
      },
      {
        id: 'actions',
        header: t('common.actions'),
        align: 'end',
        cell: (row) =>
          row.state === 'REVOKED' ? null : (
            <span className="api-keys__actions">
              <Tooltip content={t('apiKeys.callbackSecret')}>
                <Button
                  variant="minimal"
                  icon="shield"
                  aria-label={t('apiKeys.callbackSecretOf', { name: row.name })}
                  onClick={() => setCallbackSecretOf(row)}
                  data-testid="api-key-callback-secret"
                />
              </Tooltip>
              <Tooltip content={t('apiKeys.rotate')}>
                <Button variant="minimal" icon="refresh" aria-label={t('apiKeys.rotateKey', { name: row.name })} onClick={() => setToRotate(row)} data-testid="api-key-rotate" />
              </Tooltip>
              <Tooltip content={t('apiKeys.revoke')}>
                <Button variant="minimal" intent="danger" icon="disable" aria-label={t('apiKeys.revokeKey', { name: row.name })} onClick={() => setToRevoke(row)} data-testid="api-key-revoke" />
              </Tooltip>
            </span>
          ),
      },
    ],
    [t],
  );

  const { data, error, isLoading, mutate } = useApiKeys(tableInputOf(table, columns));
  useEffect(() => {
    if (error) void toast.error(t('apiKeys.loadFailed'));
  }, [error, t]);

  const confirmRevoke = async () => {
    if (toRevoke === null) return;
    setRevoking(true);
    try {
      await revokeApiKey(toRevoke.id);
      void toast.success(t('apiKeys.revoked', { name: toRevoke.name }));
      await mutate();
    } catch (failure) {
      void toast.error(failedBecause(t('apiKeys.revokeFailed'), failure));
    } finally {
      setRevoking(false);
      setToRevoke(null);
    }
  };

  const title = t('routes.apiKeys');
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: title }]}>
        <Button intent="primary" icon="add" text={t('apiKeys.new')} onClick={() => void navigate(newApiKeyPath)} data-testid="api-key-new" />
      </PageHeader>
      <section className="page-panel">
        <p className="api-keys__intro">{t('apiKeys.intro')}</p>
        <ServerTable
          table={table}
          columns={columns}
          data={data}
          loading={isLoading}
          error={error ? t('apiKeys.loadFailed') : null}
          rowKey={(row) => row.id}
          onRefresh={() => void mutate()}
          label={title}
          testId="api-keys-table"
        />
      </section>
      <ConfirmDialog isOpen={toRevoke !== null} loading={revoking} icon="disable" confirmText={t('apiKeys.revoke')} onCancel={() => setToRevoke(null)} onConfirm={() => void confirmRevoke()}>
        {t('apiKeys.confirmRevoke', { name: toRevoke?.name ?? '' })}
      </ConfirmDialog>
      {callbackSecretOf && <CallbackSecretDialog apiKey={callbackSecretOf} onClose={() => setCallbackSecretOf(null)} />}
      {toRotate && (
        <RotateDialog
          apiKey={toRotate}
          onClose={() => {
            setToRotate(null);
            void mutate();
          }}
        />
      )}
    </>
  );
}

/** Rotation: how long the current secret keeps working, then the new secret, shown once. */
function RotateDialog({ apiKey, onClose }: { apiKey: ApiKeyRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [overlap, setOverlap] = useState<number>(0);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const rotate = async () => {
    setBusy(true);
    try {
      const rotated = await rotateApiKey(apiKey.id, overlap);
      setSecret(rotated.secret);
      void toast.success(t('apiKeys.rotated', { name: apiKey.name }));
    } catch (failure) {
      void toast.error(failedBecause(t('apiKeys.rotateFailed'), failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('apiKeys.rotateTitle', { name: apiKey.name })} icon="refresh" canOutsideClickClose={secret === null}>
      <DialogBody>
        {secret === null ? (
          <OverlapChoice value={overlap} onChange={setOverlap} testId="api-key-overlap" />
        ) : (
          <SecretReveal name={apiKey.name} secret={secret} />
        )}
      </DialogBody>
      <DialogFooter
        actions={
          secret === null ? (
            <>
              <Button text={t('common.cancel')} onClick={onClose} />
              <Button intent="primary" icon="refresh" loading={busy} text={t('apiKeys.rotate')} onClick={() => void rotate()} data-testid="api-key-rotate-confirm" />
            </>
          ) : (
            <Button intent="primary" text={t('apiKeys.done')} onClick={onClose} data-testid="api-key-rotate-done" />
          )
        }
      />
    </Dialog>
  );
}
