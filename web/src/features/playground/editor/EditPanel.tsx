import { Button, Checkbox, Classes, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Tag, TextArea } from '@blueprintjs/core';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useDataTableNames, useDocumentTypeNames } from './api';
import type { RuleKind } from './contract';
import { fieldErrorText, type Field, type FieldError, type RuleValues } from './model';

interface EditPanelProps {
  kind: RuleKind;
  values: RuleValues;
  errors: Partial<Record<Field, FieldError>>;
  readOnly: boolean;
  canListTypes: boolean;
  canListTables: boolean;
  onChange: <F extends Field>(field: F, value: RuleValues[F]) => void;
}

/** The message of a field's error. */
function useErrorText() {
  const { t } = useTranslation();
  return (error: FieldError | undefined) => (error ? fieldErrorText(t, error) : undefined);
}

function Labelled({ label, required, error, htmlFor, helper, children }: { label: string; required?: boolean; error?: string; htmlFor?: string; helper?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const errorId = htmlFor ? `${htmlFor}-error` : undefined;
  return (
    <FormGroup
      label={label}
      labelFor={htmlFor}
      labelInfo={required ? t('ruleEditor.fields.required') : undefined}
      intent={error ? 'danger' : 'none'}
      helperText={error ? <span id={errorId}>{error}</span> : helper}
    >
      {children}
    </FormGroup>
  );
}

/**
 * Modifica (docs/domain.md#playgrounds, #input-rules-and-limits): document rules — Nome,
 * tipologia, datatables, Nota; dossier rules — Nome and 'Istituto di appartenenza' (required),
 * Gruppo (tags), Nota. The note opens in a larger dialog.
 */
export function EditPanel({ kind, values, errors, readOnly, canListTypes, canListTables, onChange }: EditPanelProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const [noteOpen, setNoteOpen] = useState(false);
  const types = useDocumentTypeNames(kind === 'document' && canListTypes);
  useEffect(() => {
    if (types.error) void toast.error(t('ruleEditor.typesFailed'));
  }, [types.error, t]);

  const descriptionError = errorText(errors.description);
  const istitutoError = errorText(errors.istitutoAppartenenza);
  const typeError = errorText(errors.documentType);
  const typeOptions = [...new Set([...(types.data ?? []), ...(values.documentType ? [values.documentType] : [])])].sort((a, b) => a.localeCompare(b));

  return (
    <form className="rule-editor__form" onSubmit={(event) => event.preventDefault()} data-testid="rule-edit-form">
      <Labelled label={t('ruleEditor.fields.description')} required error={descriptionError} htmlFor={field('description')}>
        <InputGroup
          id={field('description')}
          value={values.description}
          onValueChange={(value) => onChange('description', value)}
          readOnly={readOnly}
          intent={descriptionError ? 'danger' : 'none'}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={descriptionError ? `${field('description')}-error` : undefined}
          aria-required
          data-testid="rule-description"
        />
      </Labelled>

      {kind === 'document' ? (
        <>
          <Labelled label={t('ruleEditor.fields.documentType')} required error={typeError} htmlFor={field('type')}>
            <HTMLSelect
              id={field('type')}
              fill
              value={values.documentType}
              onChange={(event) => onChange('documentType', event.currentTarget.value)}
              disabled={readOnly}
              aria-invalid={typeError ? true : undefined}
              data-testid="rule-document-type"
            >
              <option value="">{t('ruleEditor.fields.chooseType')}</option>
              {typeOptions.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </HTMLSelect>
          </Labelled>
          <DataTablesField values={values.dataTables} readOnly={readOnly} enabled={canListTables} onChange={(tables) => onChange('dataTables', tables)} />
        </>
      ) : (
        <>
          <Labelled label={t('ruleEditor.fields.istituto')} required error={istitutoError} htmlFor={field('istituto')}>
            <InputGroup
              id={field('istituto')}
              value={values.istitutoAppartenenza}
              onValueChange={(value) => onChange('istitutoAppartenenza', value)}
              readOnly={readOnly}
              intent={istitutoError ? 'danger' : 'none'}
              aria-invalid={istitutoError ? true : undefined}
              aria-describedby={istitutoError ? `${field('istituto')}-error` : undefined}
              aria-required
              data-testid="rule-istituto"
            />
          </Labelled>
          <Labelled label={t('ruleEditor.fields.gruppo')} htmlFor={field('gruppo')} helper={readOnly ? undefined : t('ruleEditor.fields.gruppoHint')}>
            <GruppoField id={field('gruppo')} values={values.gruppo} readOnly={readOnly} onChange={(next) => onChange('gruppo', next)} />
          </Labelled>
        </>
      )}

      <Labelled label={t('ruleEditor.fields.nota')} htmlFor={field('nota')}>
        <div className="rule-editor__note-field">
          <TextArea id={field('nota')} value={values.nota} onChange={(event) => onChange('nota', event.currentTarget.value)} readOnly={readOnly} fill autoResize data-testid="rule-nota" />
          <Button icon="maximize" variant="minimal" aria-label={t('ruleEditor.fields.expandNote')} title={t('ruleEditor.fields.expandNote')} onClick={() => setNoteOpen(true)} data-testid="rule-nota-expand" />
        </div>
      </Labelled>
      <Dialog isOpen={noteOpen} onClose={() => setNoteOpen(false)} title={t('ruleEditor.fields.nota')} icon="annotation" className="rule-editor__note-dialog">
        <DialogBody>
          <TextArea
            value={values.nota}
            onChange={(event) => onChange('nota', event.currentTarget.value)}
            readOnly={readOnly}
            fill
            aria-label={t('ruleEditor.fields.nota')}
            className="rule-editor__note-large"
            data-testid="rule-nota-large"
            autoFocus
          />
        </DialogBody>
        <DialogFooter actions={<Button intent="primary" text={t('ruleEditor.fields.close')} onClick={() => setNoteOpen(false)} />} />
      </Dialog>
    </form>
  );
}

/** The data tables the rule receives: a searchable list of check boxes. */
function DataTablesField({ values, readOnly, enabled, onChange }: { values: readonly string[]; readOnly: boolean; enabled: boolean; onChange: (tables: string[]) => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  const [search, setSearch] = useState('');
  const tables = useDataTableNames(enabled);
  useEffect(() => {
    if (tables.error) void toast.error(t('ruleEditor.tablesFailed'));
  }, [tables.error, t]);
  const chosen = new Set(values);
  const names = [...new Set([...(tables.data ?? []), ...values])].sort((a, b) => a.localeCompare(b));
  const shown = names.filter((name) => search.trim() === '' || name.toLowerCase().includes(search.trim().toLowerCase()));
  const toggle = (name: string) => onChange(chosen.has(name) ? values.filter((value) => value !== name) : [...values, name]);
  return (
    <FormGroup label={<span id={labelId}>{t('ruleEditor.fields.dataTables')}</span>} labelInfo={t('ruleEditor.fields.tablesChosen', { count: values.length })}>
      {names.length > 6 && (
        <InputGroup
          type="search"
          size="small"
          leftIcon="search"
          value={search}
          onValueChange={setSearch}
          placeholder={t('ruleEditor.fields.searchTables')}
          aria-label={t('ruleEditor.fields.searchTables')}
          className="rule-editor__tables-search"
        />
      )}
      <div role="group" aria-labelledby={labelId} className="rule-editor__tables" data-testid="rule-data-tables">
        {names.length === 0 && <p className={Classes.TEXT_MUTED}>{t('ruleEditor.fields.noTables')}</p>}
        {shown.map((name) => (
          <Checkbox key={name} checked={chosen.has(name)} disabled={readOnly} onChange={() => toggle(name)} label={name} data-testid={`rule-table-${name}`} />
        ))}
      </div>
    </FormGroup>
  );
}

/** Gruppo: tags added with Enter or a comma (or when leaving the field), each removable. */
function GruppoField({ id, values, readOnly, onChange }: { id: string; values: readonly string[]; readOnly: boolean; onChange: (values: string[]) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const add = (raw: string) => {
    const added = raw
      .split(/[,\n]/)
      .map((value) => value.trim())
      .filter(Boolean);
    if (added.length > 0) onChange([...new Set([...values, ...added])]);
    setText('');
  };
  return (
    <div className="rule-editor__gruppo" data-testid="rule-gruppo">
      {values.length > 0 && (
        <ul className="rule-editor__gruppo-tags">
          {values.map((value) => (
            <li key={value}>
              <Tag minimal intent="primary" icon="tag">
                {value}
              </Tag>
              {!readOnly && (
                <Button
                  size="small"
                  variant="minimal"
                  icon="small-cross"
                  aria-label={t('ruleEditor.fields.removeGruppo', { name: value })}
                  onClick={() => onChange(values.filter((each) => each !== value))}
                  data-testid={`rule-gruppo-remove-${value}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <InputGroup
          id={id}
          value={text}
          leftIcon="add"
          onValueChange={(value) => (/[,\n]/.test(value) ? add(value) : setText(value))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add(text);
            } else if (event.key === 'Backspace' && text === '' && values.length > 0) onChange(values.slice(0, -1));
          }}
          onBlur={() => add(text)}
          data-testid="rule-gruppo-input"
        />
      )}
    </div>
  );
}
