import { Classes } from '@blueprintjs/core';
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, dateFormatOf, formatTypedDate, parseTypedDate, todayIso, type DateFormat } from '../lib/dates';

export interface DateInputProps {
  label: ReactNode;
  /** The date, ISO `YYYY-MM-DD`, or '' for none. */
  value: string;
  /** A whole, valid date typed (ISO), or '' when the field is emptied; never called with a half-typed one. */
  onChange: (value: string) => void;
  /** The first and last dates allowed (ISO); outside them the field says so and keeps its value. */
  min?: string;
  max?: string;
  /** Marks the field invalid for a reason of the caller's (e.g. a reversed range said elsewhere). */
  invalid?: boolean;
  /** Ids of elements describing the field besides its own hint. */
  describedBy?: string;
  className?: string;
  testId?: string;
}

type Problem = { kind: 'invalid' } | { kind: 'before' | 'after'; date: string };

/** The pattern of `format` in the user's words: gg/mm/aaaa, dd/mm/yyyy. */
function usePattern(format: DateFormat): string {
  const { t } = useTranslation();
  return format.order.map((part) => t(`dateInput.${part}`)).join(format.separator);
}

/**
 * A date field written the way the UI's language writes dates (lib/dates), not the browser's
 * locale as `<input type="date">` is: the pattern as placeholder and hint, a forgiving parse
 * (`5/11/2026`, `05112026`), the date normalised on leaving the field, ↑ and ↓ to move it by a day,
 * and an error under it when the text is not a date (or out of `min`/`max`). Its value stays ISO.
 */
export function DateInput({ label, value, onChange, min, max, invalid, describedBy, className, testId }: DateInputProps) {
  const { t, i18n } = useTranslation();
  const format = dateFormatOf(i18n.language);
  const pattern = usePattern(format);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [text, setText] = useState(() => formatTypedDate(value, format));
  const [problem, setProblem] = useState<Problem | null>(null);
  const [shown, setShown] = useState(false);

  // A value set from elsewhere (cleared, a preset chosen) or another language's format: show it,
  // unless the text already says it. (`format` is one object per language.)
  useEffect(() => {
    setText((current) => (value !== '' && parseTypedDate(current, format) === value ? current : formatTypedDate(value, format)));
    setProblem(null);
    setShown(false);
  }, [value, format]);

  /** What is wrong with `date` (ISO), if anything. */
  const check = (date: string | null): Problem | null => {
    if (date === null) return { kind: 'invalid' };
    if (min !== undefined && min !== '' && date < min) return { kind: 'before', date: min };
    if (max !== undefined && max !== '' && date > max) return { kind: 'after', date: max };
    return null;
  };

  const type = (next: string) => {
    setText(next);
    if (next.trim() === '') {
      setProblem(null);
      setShown(false);
      if (value !== '') onChange('');
      return;
    }
    const date = parseTypedDate(next, format);
    const found = check(date);
    setProblem(found);
    if (found === null && date !== null) {
      setShown(false);
      if (date !== value) onChange(date);
    }
  };

  /** Leaving the field (or Enter): a date is shown in full, a wrong text says why. */
  const settle = () => {
    const date = parseTypedDate(text, format);
    if (date !== null && check(date) === null) setText(formatTypedDate(date, format));
    else if (text.trim() !== '') setShown(true);
  };

  const step = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      settle();
      return;
    }
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const from = parseTypedDate(text, format) ?? (value !== '' ? value : null);
    let next = from === null ? todayIso() : addDays(from, event.key === 'ArrowUp' ? 1 : -1);
    if (min && next < min) next = min;
    if (max && next > max) next = max;
    setText(formatTypedDate(next, format));
    setProblem(null);
    setShown(false);
    if (next !== value) onChange(next);
  };

  const error =
    shown && problem !== null
      ? problem.kind === 'invalid'
        ? t('dateInput.invalid', { pattern })
        : t(`dateInput.${problem.kind}`, { date: formatTypedDate(problem.date, format) })
      : null;
  const danger = error !== null || invalid === true;
  return (
    <div className={['date-input', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={`${Classes.INPUT}${danger ? ` ${Classes.INTENT_DANGER}` : ''}`}
        type="text"
        // A date reads left to right whatever the page's direction (as lib/format's `ltr`).
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        placeholder={pattern}
        value={text}
        onChange={(event) => type(event.currentTarget.value)}
        onBlur={settle}
        onKeyDown={step}
        aria-invalid={danger ? true : undefined}
        aria-describedby={[error !== null ? errorId : null, hintId, describedBy].filter(Boolean).join(' ')}
        data-testid={testId}
      />
      <span id={hintId} className="visually-hidden">
        {t('dateInput.hint', { pattern })}
      </span>
      {error !== null && (
        <span id={errorId} className="date-input__error" data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </span>
      )}
    </div>
  );
}
