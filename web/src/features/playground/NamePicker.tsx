import { Classes, FormGroup, Icon, Spinner } from '@blueprintjs/core';
import { useId, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Combobox } from '../../components/Combobox';
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
  const chosenId = `${id}-chosen`;
  const single = multiple ? undefined : value[0];
  const [text, setText] = useState(single ?? '');
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(text, PICKER_DEBOUNCE_MS);
  // A single picker showing its choice lists every name again when opened.
  const query = single !== undefined && search === single ? '' : search;
  const { data, isLoading, error } = useOptions(query, open);
  const options = data?.names ?? [];
  // The names shown answer an earlier search (typing, or the server not answered yet): not chosen with Enter.
  const stale = text !== search || isLoading;

  const choose = (name: string) => {
    if (multiple) {
      // The search stays: several names can be chosen among those it found.
      onChange(value.includes(name) ? value.filter((chosen) => chosen !== name) : [...value, name]);
    } else {
      onChange([name]);
      setText(name);
    }
  };

  const type = (next: string) => {
    setText(next);
    if (!multiple && single !== undefined) onChange([]);
  };

  const more = data !== undefined && data.total > options.length;
  const described = [describedBy, multiple && value.length > 0 ? chosenId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <FormGroup label={label} labelInfo={labelInfo} labelFor={id} intent={invalid ? 'danger' : 'none'} helperText={helperText}>
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
      <Combobox
        id={id}
        text={text}
        onType={type}
        open={open}
        onOpenChange={setOpen}
        options={options}
        optionKey={(name) => name}
        renderOption={(name) => (
          <>
            <span className={`bp6-icon bp6-icon-${value.includes(name) ? 'tick' : 'blank'} pg-picker__tick`} aria-hidden />
            <span className="pg-picker__name">{name}</span>
          </>
        )}
        onChoose={choose}
        multiple={multiple}
        isSelected={(name) => value.includes(name)}
        stale={stale}
        listLabel={t('playground.picker.found', { field: label })}
        notes={
          <>
            {error !== undefined && (
              <li className="combobox__note" role="presentation">
                {t('playground.picker.failed')}
              </li>
            )}
            {error === undefined && options.length === 0 && !stale && (
              <li className="combobox__note" role="presentation">
                {t('playground.picker.none')}
              </li>
            )}
            {more && (
              <li className="combobox__note" role="presentation">
                {t('playground.picker.more', { shown: options.length, total: data.total })}
              </li>
            )}
          </>
        }
        onKeyDown={(event) => {
          if (event.key === 'Backspace' && multiple && text === '' && value.length > 0) onChange(value.slice(0, -1));
        }}
        onClick={() => setOpen(true)}
        onBlur={() => {
          if (!multiple && single === undefined && text !== '') setText('');
          onBlur?.();
        }}
        clearLabel={!multiple && single !== undefined ? t('playground.picker.clear', { field: label }) : undefined}
        rightElement={open && stale ? <Spinner size={16} className="pg-picker__spinner" aria-label={t('common.loading')} /> : undefined}
        inputRef={inputRef}
        leftIcon={icon}
        placeholder={placeholder}
        invalid={invalid}
        describedBy={described}
        testId={testId}
      />
    </FormGroup>
  );
}
