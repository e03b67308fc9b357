import type { ClipboardEvent, KeyboardEvent, RefCallback } from 'react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

const onlyDigits = (text: string) => text.replace(/\D/g, '');

interface CodeInputProps {
  /** One entry per box: '' or a single digit. */
  digits: readonly string[];
  onChange: (digits: string[]) => void;
  /** Called with each box's element (e.g. react-hook-form's ref, so it can focus an invalid box). */
  inputRef?: (index: number) => RefCallback<HTMLInputElement>;
  /** Which boxes are invalid. */
  invalid?: readonly boolean[];
  /** The id of the text describing the boxes (an error). */
  describedBy?: string;
  /** The id of the element labelling the group. */
  labelledBy?: string;
  disabled?: boolean;
  onBlur?: (index: number) => void;
  testId?: string;
}

/**
 * A code of single-digit boxes (docs/domain.md#registration-and-password-recovery): only digits are taken; typing moves to
 * the next box; pasting a code fills the boxes from the focused one (from the first when it is a
 * whole code); Backspace on an empty box clears the previous one and moves back; arrows move.
 */
export function CodeInput({ digits, onChange, inputRef, invalid, describedBy, labelledBy, disabled, onBlur, testId = 'code-input' }: CodeInputProps) {
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const length = digits.length;

  const focus = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const fill = (from: number, text: string) => {
    const next = [...digits];
    const start = text.length >= length ? 0 : from;
    const taken = text.slice(0, length - start);
    taken.split('').forEach((digit, offset) => {
      next[start + offset] = digit;
    });
    onChange(next);
    focus(start + taken.length >= length ? length - 1 : start + taken.length);
  };

  const change = (index: number, value: string) => {
    const typed = onlyDigits(value);
    if (typed.length > 1) {
      fill(index, typed); // autofill or a typed-over box
      return;
    }
    const next = [...digits];
    next[index] = typed;
    onChange(next);
    if (typed !== '' && index < length - 1) focus(index + 1);
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onChange(next);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = onlyDigits(event.clipboardData.getData('text'));
    if (pasted !== '') fill(index, pasted);
  };

  return (
    <div className="code-input" role="group" aria-labelledby={labelledBy} aria-describedby={describedBy} data-testid={testId}>
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
            inputRef?.(index)(element);
          }}
          className={`bp6-input code-input__box${invalid?.[index] ? ' bp6-intent-danger' : ''}`}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          value={digit}
          disabled={disabled}
          aria-label={t('codeInput.digit', { index: index + 1, total: length })}
          aria-invalid={invalid?.[index] ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => change(index, event.target.value)}
          onKeyDown={(event) => keyDown(index, event)}
          onPaste={(event) => paste(index, event)}
          onFocus={(event) => event.target.select()}
          onBlur={() => onBlur?.(index)}
          data-testid={`${testId}-${index}`}
        />
      ))}
    </div>
  );
}
