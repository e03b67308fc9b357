import { FormGroup, Spinner } from '@blueprintjs/core';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Combobox } from '../../components/Combobox';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useUserOptions } from './api';

/** The picker asks the server this long after the last key. */
export const USER_PICKER_DEBOUNCE_MS = 300;

export interface UserOption {
  email: string;
  firstName: string;
  lastName: string;
}

interface UserPickerProps {
  label: string;
  /** The chosen user's e-mail; '' while none is chosen. */
  value: string;
  onChange: (email: string) => void;
  onBlur?: () => void;
  /** Whether something is typed that is not a chosen user (for the form's message). */
  onTypingChange?: (typing: boolean) => void;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  testId?: string;
}

const fullName = (user: UserOption) => `${user.firstName} ${user.lastName}`.trim();

/**
 * A user chosen by e-mail among those the server finds for what is typed (`users(search)`): a
 * combobox (WAI-ARIA 1.2, list autocomplete). ↓/↑ move through the users found, Enter or a click
 * chooses one, Escape closes the list; typing a user's whole e-mail chooses them too.
 */
export function UserPicker({ label, value, onChange, onBlur, onTypingChange, error, inputRef, autoFocus, testId }: UserPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  // The user chosen last, shown under the field while the server is asked again.
  const [picked, setPicked] = useState<UserOption | undefined>(undefined);
  const search = useDebouncedValue(text, USER_PICKER_DEBOUNCE_MS);
  const { data, isLoading } = useUserOptions(search);
  const options: readonly UserOption[] = data ?? [];
  const chosen = value === '' ? undefined : picked?.email === value ? picked : options.find((user) => user.email === value);
  const shown = open && text.trim() !== '' && value === '';

  const choose = (user: UserOption) => {
    setPicked(user);
    setText(user.email);
    setOpen(false);
    onChange(user.email);
    onTypingChange?.(false);
  };

  // A whole e-mail typed (or pasted) is a choice, once the server has found that user.
  const exact = value === '' ? options.find((user) => user.email.toLowerCase() === text.trim().toLowerCase()) : undefined;
  const exactRef = useRef(choose);
  exactRef.current = choose;
  useEffect(() => {
    if (exact !== undefined) exactRef.current(exact);
  }, [exact]);

  const type = (next: string) => {
    setText(next);
    if (value !== '') onChange('');
    onTypingChange?.(next.trim() !== '');
  };

  const helper = error !== undefined ? <span id={errorId}>{error}</span> : chosen !== undefined ? fullName(chosen) : t('roles.userHelp');

  return (
    <FormGroup label={label} labelFor={id} intent={error !== undefined ? 'danger' : 'none'} helperText={helper}>
      <Combobox
        id={id}
        text={text}
        onType={type}
        open={shown}
        onOpenChange={setOpen}
        options={options}
        optionKey={(user) => user.email}
        renderOption={(user) => (
          <span className="user-picker__user">
            <span className="user-picker__name">{fullName(user) || user.email}</span>
            <span className="user-picker__email">{user.email}</span>
          </span>
        )}
        onChoose={choose}
        autoHighlight
        stale={isLoading}
        listLabel={t('roles.usersFound')}
        notes={
          options.length === 0 &&
          !isLoading && (
            <li className="combobox__note" role="presentation">
              {t('roles.noUserFound')}
            </li>
          )
        }
        onBlur={onBlur}
        clearLabel={value !== '' ? t('roles.clearUser') : undefined}
        rightElement={isLoading && text.trim() !== '' ? <Spinner size={16} className="user-picker__spinner" aria-label={t('common.loading')} /> : undefined}
        inputRef={inputRef}
        inputMode="email"
        autoCapitalize="none"
        autoFocus={autoFocus}
        leftIcon="person"
        invalid={error !== undefined}
        describedBy={error !== undefined ? errorId : undefined}
        testId={testId}
      />
    </FormGroup>
  );
}
