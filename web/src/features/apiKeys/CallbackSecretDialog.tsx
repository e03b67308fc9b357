import { Button, Callout, Dialog, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { errorMessage, failedBecause } from '../../lib/validation';
import { revealCallbackSecret, rotateCallbackSecret, type ApiKeyRow, type CallbackSecret } from './api';
import { OverlapChoice } from './OverlapChoice';
import { SecretField } from './SecretField';

/**
 * The secret the callbacks of a key's dossiers are signed with (Standard Webhooks,
 * docs/callbacks.md): shown (the server records who saw it) to be configured on the receiving
 * system, and rotated with the old one still signing for the overlap chosen.
 */
export function CallbackSecretDialog({ apiKey, onClose }: { apiKey: ApiKeyRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<CallbackSecret | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [overlap, setOverlap] = useState<number>(24);
  const [rotating, setRotating] = useState(false);

  useEffect(() => {
    let current = true;
    revealCallbackSecret(apiKey.subject).then(
      (revealed) => current && setSecret(revealed),
      (error: unknown) => current && setFailure(errorMessage(error)),
    );
    return () => {
      current = false;
    };
  }, [apiKey.subject]);

  const rotate = async () => {
    setRotating(true);
    try {
      setSecret(await rotateCallbackSecret(apiKey.subject, overlap));
      void toast.success(t('apiKeys.callbackSecretRotated', { name: apiKey.name }));
    } catch (error) {
      void toast.error(failedBecause(t('apiKeys.callbackSecretRotateFailed'), error));
    } finally {
      setRotating(false);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('apiKeys.callbackSecretOf', { name: apiKey.name })} icon="shield">
      <DialogBody>
        <p>{t('apiKeys.callbackSecretIntro')}</p>
        {failure && (
          <Callout intent="danger" role="alert">
            {failure}
          </Callout>
        )}
        {!failure && !secret && <Spinner size={24} aria-label={t('common.loading')} />}
        {secret && (
          <>
            <SecretField label={t('apiKeys.callbackSecret')} value={secret.secret} testId="callback-secret" />
            {secret.previousValidUntil && <p className="api-keys__usage">{t('apiKeys.callbackPreviousUntil', { date: formatDateTime(secret.previousValidUntil) })}</p>}
            <OverlapChoice value={overlap} onChange={setOverlap} testId="callback-secret-overlap" />
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.close')} onClick={onClose} data-testid="callback-secret-close" />
            <Button intent="warning" icon="refresh" loading={rotating} disabled={!secret} text={t('apiKeys.callbackSecretRotate')} onClick={() => void rotate()} data-testid="callback-secret-rotate" />
          </>
        }
      />
    </Dialog>
  );
}
