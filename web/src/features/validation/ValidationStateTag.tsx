import { Spinner, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

const LOOKS: Record<string, { intent: Intent; busy?: boolean }> = {
  created: { intent: 'primary', busy: true },
  running: { intent: 'primary', busy: true },
  finished: { intent: 'success' },
  failed: { intent: 'danger' },
};

/**
 * A validation's state (docs/domain.md#validation-states): "terminata" when finished, "in corso"
 * when created or running, "non riuscita" when failed; '-' for a state not listed there.
 */
export function ValidationStateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  const look = LOOKS[state];
  return (
    <Tag
      intent={look?.intent ?? 'none'}
      minimal={!look}
      round
      icon={look?.busy ? <Spinner size={12} /> : undefined}
      data-testid="validation-state"
      data-state={state}
    >
      {look ? t(`ruleValidation.states.${state}`) : '-'}
    </Tag>
  );
}
