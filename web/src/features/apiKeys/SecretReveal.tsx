import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SecretField } from './SecretField';

interface SecretRevealProps {
  /** The key's name. */
  name: string;
  /** The whole key (`ik_…`), which the server never shows again. */
  secret: string;
}

/** A key's secret, shown once after its creation or rotation, with how to send it. */
export function SecretReveal({ name, secret }: SecretRevealProps) {
  const { t } = useTranslation();
  return (
    <Callout intent="warning" icon="key" title={t('apiKeys.secretTitle', { name })} data-testid="api-key-secret-reveal">
      <p>{t('apiKeys.secretOnce')}</p>
      <SecretField label={t('apiKeys.secretLabel')} value={secret} testId="api-key-secret" />
      <p className="api-keys__usage">
        {t('apiKeys.usage')} <code className="ltr-data">Authorization: Bearer ik_…</code> · <code className="ltr-data">X-Api-Key: ik_…</code>
      </p>
    </Callout>
  );
}
