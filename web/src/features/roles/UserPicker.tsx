import { Button, FormGroup, InputGroup, Spinner } from '@blueprintjs/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
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
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // The user chosen last, shown under the field while the server is asked again.
  const [picked, setPicked] = useState<UserOption | undefined>(undefined);
  const search = useDebouncedValue(text, USER_PICKER_DEBOUNCE_MS);
  const { data, isLoading } = useUserOptions(search);
  const options: readonly UserOption[] = data ?? [];
  const chosen = value === '' ? undefined : picked?.email === value ? picked : options.find((user) => user.email === value);
  const shown = open && text.trim() !== '' && value === '';
  const activeIndex = Math.min(active, options.length - 1);

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
    setOpen(true);
    setActive(0);
    if (value !== '') onChange('');
    onTypingChange?.(next.trim() !== '');
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + options.length) % Math.max(options.length, 1));
    } else if (event.key === 'Enter' && shown) {
      event.preventDefault(); // choosing, not submitting the form
      const user = options[activeIndex];
      if (user !== undefined) choose(user);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const helper = error !== undefined ? <span id={errorId}>{error}</span> : chosen !== undefined ? fullName(chosen) : t('roles.userHelp');

  return (
    <FormGroup label={label} labelFor={id} intent={error !== undefined ? 'danger' : 'none'} helperText={helper} className="user-picker">
      <div className="user-picker__field">
        <InputGroup
          id={id}
          inputRef={inputRef}
          type="text"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus={autoFocus}
          leftIcon="person"
          value={text}
          intent={error !== undefined ? 'danger' : 'none'}
          onValueChange={type}
          onKeyDown={keyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            onBlur?.();
          }}
          role="combobox"
          aria-expanded={shown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown && options[activeIndex] !== undefined ? `${listId}-${activeIndex}` : undefined}
          aria-invalid={error !== undefined ? true : undefined}
          aria-describedby={error !== undefined ? errorId : undefined}
          data-testid={testId}
          rightElement={
            isLoading && text.trim() !== '' ? (
              <Spinner size={16} className="user-picker__spinner" aria-label={t('common.loading')} />
            ) : value !== '' ? (
              <Button variant="minimal" icon="cross" aria-label={t('roles.clearUser')} onClick={() => type('')} />
            ) : undefined
          }
        />
        <ul id={listId} role="listbox" aria-label={t('roles.usersFound')} className="user-picker__list" hidden={!shown} data-testid={testId && `${testId}-options`}>
          {shown && options.map((user, index) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- an option of a listbox whose keyboard is handled where the focus is (aria-activedescendant)
            <li
              key={user.email}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className={`user-picker__option${index === activeIndex ? ' user-picker__option--active' : ''}`}
              onMouseDown={(event) => event.preventDefault()} // the input keeps the focus
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(user)}
            >
              <span className="user-picker__name">{fullName(user) || user.email}</span>
              <span className="user-picker__email">{user.email}</span>
            </li>
          ))}
          {shown && options.length === 0 && !isLoading && (
            <li className="user-picker__empty" role="presentation">
              {t('roles.noUserFound')}
            </li>
          )}
        </ul>
      </div>
    </FormGroup>
  );
}
