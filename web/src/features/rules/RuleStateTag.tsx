import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** A document rule's state: ATTIVA (it runs on its type's documents) or IN PAUSA. */
export function RuleStateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  const active = state === 'active';
  return (
    <Tag round minimal={!active} intent={active ? 'success' : 'warning'} icon={active ? 'play' : 'pause'} data-testid="rule-state" data-state={state}>
      {state === 'active' || state === 'paused' ? t(`rules.states.${state}`) : '-'}
    </Tag>
  );
}
