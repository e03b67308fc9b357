import { Button, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { useState, type KeyboardEvent, type ReactNode } from 'react';

interface ComboboxProps<Option> extends Omit<InputGroupProps, 'id' | 'value' | 'onValueChange' | 'onChange' | 'onFocus' | 'onBlur' | 'intent' | 'type' | 'role'> {
  /** The input's id (the label's `for`); the list's is `<id>-list`. */
  id: string;
  /** What is typed. */
  text: string;
  /** The user typed (or emptied the field with its cross): the list opens on its first option. */
  onType: (text: string) => void;
  /** Whether the list shows. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  options: readonly Option[];
  optionKey: (option: Option) => string;
  renderOption: (option: Option) => ReactNode;
  /** An option chosen with Enter or a click; a single choice closes the list. */
  onChoose: (option: Option) => void;
  /** Several options can be chosen: the list stays open on a choice. */
  multiple?: boolean;
  /** An option's `aria-selected`: by default the active one (the selection follows the keyboard). */
  isSelected?: (option: Option) => boolean;
  /** The first option is active as soon as the list shows; otherwise one is once the user types, moves with ↓/↑ or the pointer. */
  autoHighlight?: boolean;
  /** The options answer an earlier search: dimmed, and Enter chooses none of them (nor submits the form). */
  stale?: boolean;
  /** The list's name. */
  listLabel: string;
  /** Lines under the options (nothing found, more than shown…), each an `<li role="presentation">`. */
  notes?: ReactNode;
  onBlur?: () => void;
  /** The name of a cross that empties the field; no cross when undefined, nor while `rightElement` is given. */
  clearLabel?: string | undefined;
  invalid?: boolean;
  describedBy?: string | undefined;
  testId?: string | undefined;
}

/**
 * A text field with a list of options under it: a combobox (WAI-ARIA 1.2, list autocomplete).
 * ↓/↑ move through the options (the first move, when none is active yet, shows the first), Enter
 * or a click chooses one, Escape closes the list; the focus stays in the field, which names the
 * active option (`aria-activedescendant`). Keys it does not use go to `onKeyDown`.
 */
export function Combobox<Option>({
  id,
  text,
  onType,
  open,
  onOpenChange,
  options,
  optionKey,
  renderOption,
  onChoose,
  multiple = false,
  isSelected,
  autoHighlight = false,
  stale = false,
  listLabel,
  notes,
  onBlur,
  onKeyDown,
  clearLabel,
  rightElement,
  invalid = false,
  describedBy,
  testId,
  ...input
}: ComboboxProps<Option>) {
  const listId = `${id}-list`;
  const [active, setActive] = useState(0);
  // The user has typed or moved in the list: an option is active, and Enter chooses it (otherwise it submits the form).
  const [engaged, setEngaged] = useState(false);
  const highlighted = autoHighlight || engaged;
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));
  const activeOption = highlighted ? options[activeIndex] : undefined;

  const type = (next: string) => {
    setActive(0);
    setEngaged(true);
    onOpenChange(true);
    onType(next);
  };

  const choose = (option: Option) => {
    onChoose(option);
    if (multiple) return;
    onOpenChange(false);
    setEngaged(false);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0) {
      event.preventDefault();
      setEngaged(true);
      if (!open) onOpenChange(true);
      else if (highlighted) setActive((activeIndex + step + options.length) % Math.max(options.length, 1));
    } else if (event.key === 'Enter' && open && highlighted && (stale || activeOption !== undefined)) {
      event.preventDefault(); // choosing, not submitting the form
      if (!stale && activeOption !== undefined) choose(activeOption);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      onOpenChange(false);
    } else {
      onKeyDown?.(event);
    }
  };

  return (
    <div className="combobox">
      <InputGroup
        {...input}
        id={id}
        type="text"
        autoComplete="off"
        spellCheck={false}
        value={text}
        intent={invalid ? 'danger' : 'none'}
        onValueChange={type}
        onKeyDown={keyDown}
        onFocus={() => onOpenChange(true)}
        onBlur={() => {
          onOpenChange(false);
          setEngaged(false);
          onBlur?.();
        }}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && activeOption !== undefined ? `${listId}-${activeIndex}` : undefined}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        data-testid={testId}
        rightElement={rightElement ?? (clearLabel !== undefined ? <Button variant="minimal" icon="cross" aria-label={clearLabel} onClick={() => type('')} /> : undefined)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={listLabel}
        aria-multiselectable={multiple ? true : undefined}
        className={`combobox__list${stale ? ' combobox__list--stale' : ''}`}
        hidden={!open}
        data-testid={testId && `${testId}-options`}
      >
        {open &&
          options.map((option, index) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- an option of a listbox whose keyboard is handled where the focus is (aria-activedescendant)
            <li
              key={optionKey(option)}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={isSelected ? isSelected(option) : index === activeIndex}
              className={`combobox__option${highlighted && index === activeIndex ? ' combobox__option--active' : ''}`}
              onMouseDown={(event) => event.preventDefault()} // the field keeps the focus
              onMouseMove={() => {
                // Moves, not a list appearing under a still pointer, make an option the active one.
                if (index !== activeIndex || !engaged) {
                  setActive(index);
                  setEngaged(true);
                }
              }}
              onClick={() => choose(option)}
            >
              {renderOption(option)}
            </li>
          ))}
        {open && notes}
      </ul>
    </div>
  );
}
