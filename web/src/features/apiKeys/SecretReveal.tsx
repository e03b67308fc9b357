import { Button, Callout, InputGroup } from '@blueprintjs/core';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';

interface SecretRevealProps {
  /** The key's name. */
  name: string;
  /** The whole key (`ik_…`), which the server never shows again. */
  secret: string;
}

/**
 * A key's secret, shown once after its creation or rotation: selected on focus, with a copy
 * button (the clipboard when the browser allows it; else the text is selected for Ctrl+C) and
 * how to send it.
 */
export function SecretReveal({ name, secret }: SecretRevealProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    input.current?.select();
    try {
      await navigator.clipboard.writeText(secret);
      void toast.success(t('apiKeys.copied'));
    } catch {
      void toast.warning(t('apiKeys.copyBySelection'));
    }
  };

  return (
    <Callout intent="warning" icon="key" title={t('apiKeys.secretTitle', { name })} data-testid="api-key-secret-reveal">
      <p>{t('apiKeys.secretOnce')}</p>
      <label htmlFor={id} className="api-keys__secret-label">
        {t('apiKeys.secretLabel')}
      </label>
      <div className="api-keys__secret">
        <InputGroup
          id={id}
          inputRef={input}
          readOnly
          value={secret}
          className="ltr-data api-keys__secret-value"
          onFocus={(event) => event.currentTarget.select()}
          data-testid="api-key-secret"
        />
        <Button icon="duplicate" text={t('apiKeys.copy')} onClick={() => void copy()} data-testid="api-key-copy" />
      </div>
      <p className="api-keys__usage">
        {t('apiKeys.usage')} <code className="ltr-data">Authorization: Bearer ik_…</code> · <code className="ltr-data">X-Api-Key: ik_…</code>
      </p>
    </Callout>
  );
}
