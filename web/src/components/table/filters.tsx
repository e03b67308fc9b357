import { Button, Checkbox, HTMLSelect, InputGroup, PopoverNext } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DATE_PRESETS,
  FILTER_DEBOUNCE_MS,
  NO_END,
  NO_START,
  filterDateToInput,
  inputDateToFilter,
  presetOf,
  presetRange,
  type DatePreset,
} from './tableState';
import { formatDay } from '../../lib/format';
import { DateInput } from '../DateInput';

export interface SelectOption {
  value: string;
  label: string;
}

/** How a column filters: free text (debounced), a choice of values, or a date range. */
export type ColumnFilter =
  | { kind: 'text'; placeholder?: string }
  | { kind: 'select'; options: readonly SelectOption[] }
  | { kind: 'date' };

interface ControlProps {
  filter: ColumnFilter;
  label: string;
  values: readonly string[];
  onChange: (values: readonly string[]) => void;
  testId: string;
}

export function ColumnFilterControl({ filter, ...props }: ControlProps) {
  switch (filter.kind) {
    case 'text':
      return <TextFilter {...props} placeholder={filter.placeholder} />;
    case 'select':
      return <SelectFilter {...props} options={filter.options} />;
    case 'date':
      return <DateFilter {...props} />;
  }
}

type Props = Omit<ControlProps, 'filter'>;

/** Free text sent 500 ms after the last key (docs/domain.md#constants). */
function TextFilter({ label, values, onChange, testId, placeholder }: Props & { placeholder?: string }) {
  const applied = values[0] ?? '';
  const [text, setText] = useState(applied);
  const latest = useRef(onChange);
  latest.current = onChange;
  // The filter was reset or restored from elsewhere: show it.
  useEffect(() => setText(applied), [applied]);
  useEffect(() => {
    if (text === applied) return;
    const timer = setTimeout(() => latest.current(text === '' ? [] : [text]), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applied]);
  return (
    <InputGroup
      type="search"
      size="small"
      leftIcon="search"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onValueChange={setText}
      className="server-table__filter"
      data-testid={testId}
    />
  );
}

/** Several accepted values, chosen in a popover of check boxes. */
function SelectFilter({ label, values, onChange, testId, options }: Props & { options: readonly SelectOption[] }) {
  const { t } = useTranslation();
  const chosen = new Set(values);
  const toggle = (value: string) => onChange(options.map((option) => option.value).filter((v) => (v === value ? !chosen.has(v) : chosen.has(v))));
  const summary =
    chosen.size === 0 ? t('table.all') : options.filter((option) => chosen.has(option.value)).map((option) => option.label).join(', ');
  return (
    <PopoverNext
      placement="bottom-start"
      content={
        <div className="server-table__popover" role="group" aria-label={label}>
          {options.map((option) => (
            <Checkbox key={option.value} checked={chosen.has(option.value)} label={option.label} onChange={() => toggle(option.value)} data-testid={`${testId}-${option.value}`} />
          ))}
          <Button variant="minimal" size="small" icon="cross" text={t('table.clear')} disabled={chosen.size === 0} onClick={() => onChange([])} />
        </div>
      }
    >
      <Button size="small" rightIcon="caret-down" aria-label={`${label}: ${summary}`} className="server-table__filter server-table__filter--select" data-testid={testId} ellipsizeText>
        {summary}
      </Button>
    </PopoverNext>
  );
}

/** A date range: a preset of docs/domain.md#constants or two dates, both ends included. */
function DateFilter({ label, values, onChange, testId }: Props) {
  const { t } = useTranslation();
  const start = filterDateToInput(values[0]);
  const end = filterDateToInput(values[1]);
  const set = (nextStart: string, nextEnd: string) =>
    onChange(nextStart === '' && nextEnd === '' ? [] : [inputDateToFilter(nextStart, NO_START), inputDateToFilter(nextEnd, NO_END)]);
  const preset = presetOf(values);
  // The preset's name once chosen; else the dates as every date of the app shows them.
  const summary =
    preset !== null ? t(`table.presets.${preset}`) : start === '' && end === '' ? t('table.anyDate') : `${start ? formatDay(start) : '…'} – ${end ? formatDay(end) : '…'}`;
  return (
    <PopoverNext
      placement="bottom-start"
      content={
        <div className="server-table__popover server-table__dates" role="group" aria-label={label}>
          <label>
            {t('table.preset')}
            <HTMLSelect
              value={preset ?? ''}
              onChange={(event) => {
                const preset = event.currentTarget.value as DatePreset | '';
                if (preset !== '') onChange(presetRange(preset));
              }}
              data-testid={`${testId}-preset`}
            >
              <option value="">—</option>
              {DATE_PRESETS.map((preset) => (
                <option key={preset} value={preset}>
                  {t(`table.presets.${preset}`)}
                </option>
              ))}
            </HTMLSelect>
          </label>
          {/* Written as the UI's language writes dates (not the browser's locale); the filter keeps ISO days. */}
          <DateInput label={t('table.from')} value={start} max={end || undefined} onChange={(value) => set(value, end)} testId={`${testId}-from`} />
          <DateInput label={t('table.to')} value={end} min={start || undefined} onChange={(value) => set(start, value)} testId={`${testId}-to`} />
          <Button variant="minimal" size="small" icon="cross" text={t('table.clear')} disabled={values.length === 0} onClick={() => onChange([])} />
        </div>
      }
    >
      <Button size="small" icon="calendar" rightIcon="caret-down" aria-label={`${label}: ${summary}`} className="server-table__filter" data-testid={testId} ellipsizeText>
        {summary}
      </Button>
    </PopoverNext>
  );
}
