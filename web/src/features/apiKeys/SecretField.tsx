import { Button, InputGroup } from '@blueprintjs/core';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';

interface SecretFieldProps {
  label: string;
  value: string;
  testId: string;
}

/**
 * A secret to copy: read-only, selected on focus, with a copy button (the clipboard when the
 * browser allows it; else the text is selected for Ctrl+C).
 */
export function SecretField({ label, value, testId }: SecretFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    input.current?.select();
    try {
      await navigator.clipboard.writeText(value);
      void toast.success(t('apiKeys.copied'));
    } catch {
      void toast.warning(t('apiKeys.copyBySelection'));
    }
  };

  return (
    <>
      <label htmlFor={id} className="api-keys__secret-label">
        {label}
      </label>
      <div className="api-keys__secret">
        <InputGroup id={id} inputRef={input} readOnly value={value} className="ltr-data api-keys__secret-value" onFocus={(event) => event.currentTarget.select()} data-testid={testId} />
        <Button icon="duplicate" text={t('apiKeys.copy')} onClick={() => void copy()} data-testid={`${testId}-copy`} />
      </div>
    </>
  );
}
