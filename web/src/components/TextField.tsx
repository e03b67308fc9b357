import { FormGroup, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface TextFieldProps extends Omit<InputGroupProps, 'inputRef' | 'id' | 'name' | 'onChange' | 'onBlur' | 'intent'> {
  label: ReactNode;
  /** What react-hook-form's `register` answered for the field. */
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  /** An explanation under the field when it has no error. */
  helperText?: ReactNode;
  testId?: string;
}

/**
 * A labelled text input bound to react-hook-form: the label is tied to the input, the error is
 * shown under it and announced through aria-describedby, and react-hook-form can focus it.
 */
export function TextField({ label, registration, error, helperText, testId, ...input }: TextFieldProps) {
  const id = useId();
  const { ref, ...field } = registration;
  const errorId = `${id}-error`;
  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={error ? 'danger' : 'none'}
      helperText={error ? <span id={errorId}>{error.message}</span> : helperText}
    >
      <InputGroup
        {...input}
        {...field}
        inputRef={ref}
        id={id}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid={testId}
      />
    </FormGroup>
  );
}
