import { Button, Classes, FormGroup, Icon, InputGroup, Spinner } from '@blueprintjs/core';
import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { PICKER_DEBOUNCE_MS, type PickerOptions } from './api';

/** The server's names for what is typed (a `useDocumentTypeOptions`-like hook). */
type UseOptions = (search: string, enabled?: boolean) => { data?: PickerOptions | undefined; isLoading: boolean; error?: unknown };

interface NamePickerProps {
  label: string;
  /** "(obbligatorio)" after the label. */
  labelInfo?: ReactNode;
  /** One name, or several when `multiple`. */
  multiple: boolean;
  /** The chosen names ('' or [] while none is). */
  value: readonly string[];
  onChange: (names: string[]) => void;
  onBlur?: () => void;
  useOptions: UseOptions;
  icon: 'document' | 'th';
  placeholder: string;
  /** The field is wrong (its message is elsewhere, e.g. above the form, with the id `describedBy`). */
  invalid?: boolean;
  describedBy?: string | undefined;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  testId: string;
}

/**
 * Names chosen among those the server finds for what is typed (document types and data tables
 * are many): a combobox (WAI-ARIA 1.2, list autocomplete). ↓/↑ move through the names found,
 * Enter or a click chooses one (in a multiple picker: adds or removes it), Escape closes the list,
 * Backspace in an empty multiple picker removes the last name. Chosen names of a multiple picker
 * are tags with a remove button.
 */
export function NamePicker({
  label,
  labelInfo,
  multiple,
  value,
  onChange,
  onBlur,
  useOptions,
  icon,
  placeholder,
  invalid = false,
  describedBy,
  helperText,
  inputRef,
  testId,
}: NamePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const chosenId = `${id}-chosen`;
  const single = multiple ? undefined : value[0];
  const [text, setText] = useState(single ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // The user has typed or moved in the list: Enter chooses (otherwise it submits the form).
  const [engaged, setEngaged] = useState(false);
  const search = useDebouncedValue(text, PICKER_DEBOUNCE_MS);
  // A single picker showing its choice lists every name again when opened.
  const query = single !== undefined && search === single ? '' : search;
  const { data, isLoading, error } = useOptions(query, open);
  const options = data?.names ?? [];
  // The names shown answer an earlier search (typing, or the server not answered yet): not chosen with Enter.
  const stale = text !== search || isLoading;
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));

  const choose = (name: string) => {
    if (multiple) {
      // The search stays: several names can be chosen among those it found.
      onChange(value.includes(name) ? value.filter((chosen) => chosen !== name) : [...value, name]);
    } else {
      onChange([name]);
      setText(name);
      setOpen(false);
      setEngaged(false);
    }
  };

  const type = (next: string) => {
    setText(next);
    setOpen(true);
    setActive(0);
    setEngaged(true);
    if (!multiple && single !== undefined) onChange([]);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setEngaged(true);
      if (!open) {
        setOpen(true);
        return;
      }
      if (!engaged) return; // the first move shows where one is
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + options.length) % Math.max(options.length, 1));
    } else if (event.key === 'Enter' && open && engaged && (stale || options[activeIndex] !== undefined)) {
      event.preventDefault(); // choosing, not submitting the form
      const name = options[activeIndex];
      if (!stale && name !== undefined) choose(name);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === 'Backspace' && multiple && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  const more = data !== undefined && data.total > options.length;
  const described = [describedBy, multiple && value.length > 0 ? chosenId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <FormGroup label={label} labelInfo={labelInfo} labelFor={id} intent={invalid ? 'danger' : 'none'} helperText={helperText} className="pg-picker">
      {multiple && value.length > 0 && (
        <ul className="pg-picker__chosen" id={chosenId} aria-label={t('playground.picker.chosen', { field: label })} data-testid={`${testId}-chosen`}>
          {value.map((name) => (
            <li key={name}>
              {/* Blueprint's own remove button says "Remove tag" in any language: this one is translated. */}
              <span className={`${Classes.TAG} ${Classes.MINIMAL} ${Classes.INTENT_PRIMARY} pg-picker__tag`}>
                <span className={`${Classes.TEXT_OVERFLOW_ELLIPSIS} ${Classes.FILL}`}>{name}</span>
                <button
                  type="button"
                  className={Classes.TAG_REMOVE}
                  aria-label={t('playground.picker.remove', { name })}
                  onClick={() => onChange(value.filter((chosen) => chosen !== name))}
                >
                  <Icon icon="small-cross" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="pg-picker__field">
        <InputGroup
          id={id}
          inputRef={inputRef}
          type="text"
          autoComplete="off"
          spellCheck={false}
          leftIcon={icon}
          placeholder={placeholder}
          value={text}
          intent={invalid ? 'danger' : 'none'}
          onValueChange={type}
          onKeyDown={keyDown}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setEngaged(false);
            if (!multiple && single === undefined && text !== '') setText('');
            onBlur?.();
          }}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && engaged && options[activeIndex] !== undefined ? `${listId}-${activeIndex}` : undefined}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={described}
          data-testid={testId}
          rightElement={
            open && stale ? (
              <Spinner size={16} className="pg-picker__spinner" aria-label={t('common.loading')} />
            ) : !multiple && single !== undefined ? (
              <Button variant="minimal" icon="cross" aria-label={t('playground.picker.clear', { field: label })} onClick={() => type('')} />
            ) : undefined
          }
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('playground.picker.found', { field: label })}
          aria-multiselectable={multiple ? true : undefined}
          className={`pg-picker__list${stale ? ' pg-picker__list--stale' : ''}`}
          hidden={!open}
          data-testid={`${testId}-options`}
        >
          {open &&
            options.map((name, index) => {
              const chosen = value.includes(name);
              return (
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- an option of a listbox whose keyboard is handled where the focus is (aria-activedescendant)
                <li
                  key={name}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={multiple ? chosen : value.includes(name)}
                  className={`pg-picker__option${engaged && index === activeIndex ? ' pg-picker__option--active' : ''}`}
                  onMouseDown={(event) => event.preventDefault()} // the input keeps the focus
                  onMouseMove={() => {
                    // Moves, not a list appearing under a still pointer, make an option the active one.
                    if (index !== activeIndex || !engaged) {
                      setActive(index);
                      setEngaged(true);
                    }
                  }}
                  onClick={() => choose(name)}
                >
                  <span className={`bp6-icon bp6-icon-${chosen ? 'tick' : 'blank'} pg-picker__tick`} aria-hidden />
                  <span className="pg-picker__name">{name}</span>
                </li>
              );
            })}
          {open && error !== undefined && (
            <li className="pg-picker__note" role="presentation">
              {t('playground.picker.failed')}
            </li>
          )}
          {open && error === undefined && options.length === 0 && !stale && (
            <li className="pg-picker__note" role="presentation">
              {t('playground.picker.none')}
            </li>
          )}
          {open && more && (
            <li className="pg-picker__note" role="presentation">
              {t('playground.picker.more', { shown: options.length, total: data.total })}
            </li>
          )}
        </ul>
      </div>
    </FormGroup>
  );
}
