import { Classes, FormGroup, Icon } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  options: readonly SelectOption[];
  error?: FieldError | undefined;
  /** A first, empty choice (e.g. "Scegli…"); leaving it selected fails a `required` rule. */
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
}

/** A labelled native select in Blueprint's style, bound to react-hook-form. */
export function SelectField({ label, registration, options, error, placeholder, disabled, testId }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <FormGroup label={label} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error && <span id={errorId}>{error.message}</span>}>
      <div className={`${Classes.HTML_SELECT} ${Classes.FILL}`}>
        <select
          {...registration}
          id={id}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={testId}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <Icon icon="double-caret-vertical" />
      </div>
    </FormGroup>
  );
}
