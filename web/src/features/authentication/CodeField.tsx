import { FormGroup } from '@blueprintjs/core';
import { useId, type RefCallback } from 'react';
import type { FieldValues, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionStore, type SessionStore } from '../../lib/session';
import { errorMessage, refusalMessage } from '../../lib/validation';
import { CodeInput } from './CodeInput';

/** The e-mailed codes (password reset, registration) have 6 digits (docs/domain.md#constants). */
const DIGITS = ['d0', 'd1', 'd2', 'd3', 'd4', 'd5'] as const;
type DigitField = (typeof DIGITS)[number];

/** The form values of the code: one field a digit, so each box can be invalid and focused. */
export type CodeFields = Record<DigitField, string>;

export const EMPTY_CODE: CodeFields = { d0: '', d1: '', d2: '', d3: '', d4: '', d5: '' };

/** The code typed in the boxes. */
export const codeOf = (fields: CodeFields) => DIGITS.map((name) => fields[name]).join('');

/** What `CodeField` shows: the digits, their refs, which are invalid and the first error. */
export interface CodeFieldState {
  digits: string[];
  setDigits: (next: string[]) => void;
  digitRefs: RefCallback<HTMLInputElement>[];
  invalid: boolean[];
  error: string | undefined;
}

/**
 * Registers the six digit fields (d0..d5) of `form`, each required: call it where the boxes stand
 * among the fields, so react-hook-form focuses the first invalid field of the screen.
 */
export function useCodeFields<T extends CodeFields>(form: UseFormReturn<T>): CodeFieldState {
  const { t } = useTranslation();
  // Only the digit fields are touched: the form is seen as one of those alone.
  const { register, watch, getValues, setValue, formState } = form as unknown as UseFormReturn<CodeFields>;
  const { errors, isSubmitted } = formState;
  const digits = watch([...DIGITS]);
  const digitRefs = DIGITS.map((name) => register(name, { required: t('reset.codeRequired') }).ref);
  const setDigits = (next: string[]) =>
    DIGITS.forEach((name, index) => {
      const value = next[index] ?? '';
      if (value !== getValues(name)) setValue(name, value, { shouldValidate: isSubmitted, shouldDirty: true });
    });
  return {
    digits,
    setDigits,
    digitRefs,
    invalid: DIGITS.map((name) => errors[name] !== undefined),
    error: DIGITS.map((name) => errors[name]?.message).find((message) => message !== undefined),
  };
}

/** The labelled group of code boxes of `useCodeFields`, with its error under it. */
export function CodeField({ state, testId }: { state: CodeFieldState; testId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const labelId = `${id}-code-label`;
  const errorId = `${id}-code-error`;
  return (
    <FormGroup
      label={<span id={labelId}>{t('reset.code')}</span>}
      intent={state.error ? 'danger' : 'none'}
      helperText={state.error && <span id={errorId}>{state.error}</span>}
    >
      <CodeInput
        digits={state.digits}
        onChange={state.setDigits}
        inputRef={(index) => state.digitRefs[index] ?? (() => {})}
        invalid={state.invalid}
        labelledBy={labelId}
        describedBy={state.error ? errorId : undefined}
        testId={testId}
      />
    </FormGroup>
  );
}

type SessionAnswer = Parameters<SessionStore['accept']>[0];

/**
 * Sends a code that starts a session (password reset, registration): a session goes to /; a
 * refusal (a wrong, expired or used code: the server's `messageCode` in the user's language, or
 * `refused` when it has none) or a failed call becomes the form's error.
 */
export function useStartSession<T extends FieldValues>(setError: UseFormSetError<T>, refused: string) {
  const store = useSessionStore();
  const navigate = useNavigate();
  return async (request: () => Promise<SessionAnswer>) => {
    try {
      const result = store.accept(await request());
      if (!result.logged) {
        setError('root.server', { message: refusalMessage(result, refused) });
        return;
      }
      await navigate('/', { replace: true });
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  };
}
