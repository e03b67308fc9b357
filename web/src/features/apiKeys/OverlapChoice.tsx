import { Radio, RadioGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** How long a rotated-out secret may keep working, in hours (the server allows up to 168). */
export const ROTATION_OVERLAPS = [0, 1, 24, 168] as const;

/** When the current secret (a key's, or a callback secret) stops working after a rotation. */
export function OverlapChoice({ value, onChange, testId }: { value: number; onChange: (hours: number) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <RadioGroup className="api-keys__overlap" label={t('apiKeys.overlapLabel')} selectedValue={String(value)} onChange={(event) => onChange(Number(event.currentTarget.value))}>
      {ROTATION_OVERLAPS.map((hours) => (
        <Radio key={hours} value={String(hours)} label={t(`apiKeys.overlaps.h${hours}`)} data-testid={`${testId}-${hours}`} />
      ))}
    </RadioGroup>
  );
}
