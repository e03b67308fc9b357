import {
  Button,
  Callout,
  Classes,
  FormGroup,
  H2,
  HTMLSelect,
  Icon,
  InputGroup,
  NonIdealState,
  ProgressBar,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useId, useState, type DragEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyCodeEditor } from '../../components/code/LazyCodeEditor';
import { StateTag } from '../../components/StateTag';
import { CONTRACT_TYPE_MAX_CHARS, useImportedDossier } from './importApi';
import { describeJsonError } from '../../lib/jsonSyntax';
import { DEFAULT_INPUT, type InputCheck } from './importJson';
import { formatBytes, looksLikePdf, ZIP_ACCEPT, type ZipListing } from './zipListing';
import { storedError } from '../../lib/validation';


/** The stepper of the wizard: numbered steps, a tick on those done, the current one marked. */
export function ImportStepper({ titles, current }: { titles: readonly string[]; current: number }) {
  const { t } = useTranslation();
  return (
    <ol className="import-stepper" aria-label={t('dossierImport.stepper')} data-testid="import-stepper">
      {titles.map((title, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li
            key={title}
            className={`import-stepper__step${done ? ' import-stepper__step--done' : ''}${active ? ' import-stepper__step--active' : ''}`}
            aria-current={active ? 'step' : undefined}
          >
            <span className="import-stepper__icon" aria-hidden="true">
              {done ? <Icon icon="tick" size={12} /> : index + 1}
            </span>
            <span className="import-stepper__title">{title}</span>
            {done && <span className="visually-hidden"> {t('dossierImport.stepDone')}</span>}
          </li>
        );
      })}
    </ol>
  );
}

/** The heading of a step's panel; the wizard focuses it when the step changes. */
export function StepHeading({ title, index, total, headingRef }: { title: string; index: number; total: number; headingRef: Ref<HTMLHeadingElement> }) {
  const { t } = useTranslation();
  return (
    <div className="import-step__heading">
      <span className="import-step__counter">{t('dossierImport.stepOf', { current: index + 1, total })}</span>
      <H2 className="import-step__title" tabIndex={-1} ref={headingRef}>
        {title}
      </H2>
    </div>
  );
}

interface ArchiveStepProps {
  file: File | null;
  listing: ZipListing | null;
  reading: boolean;
  /** Why the last chosen file was refused, already translated. */
  problem: string | null;
  maxSize: string;
  onFiles: (files: File[]) => void;
}

/** Step 0: the zip, chosen with the file input (keyboard: it is focusable) or dropped, and its files. */
export function ArchiveStep({ file, listing, reading, problem, maxSize, onFiles }: ArchiveStepProps) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const problemId = `${inputId}-problem`;
  const [dragging, setDragging] = useState(false);

  const over = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onFiles(Array.from(event.dataTransfer.files));
  };
  const nonPdf = listing?.files.filter((name) => !looksLikePdf(name)).length ?? 0;

  return (
    <div className="import-archive">
      <label
        className={`import-dropzone${file ? ' import-dropzone--compact' : ''}${dragging ? ' import-dropzone--dragging' : ''}${problem ? ' import-dropzone--error' : ''}`}
        htmlFor={inputId}
        onDragEnter={over}
        onDragOver={over}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        data-testid="import-dropzone"
      >
        <Icon icon={dragging ? 'import' : 'compressed'} size={file ? 20 : 32} className="import-dropzone__icon" />
        <span className="import-dropzone__text">
          <span className="import-dropzone__title">{dragging ? t('dossierImport.archive.dragging') : t('dossierImport.archive.drop')}</span>
          <span className="import-dropzone__hint">{t('dossierImport.archive.hint', { max: maxSize })}</span>
        </span>
        <span className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} import-dropzone__button`} aria-hidden="true">
          <Icon icon="folder-open" />
          <span className={Classes.BUTTON_TEXT}>{file ? t('dossierImport.archive.change') : t('dossierImport.archive.choose')}</span>
        </span>
        <input
          id={inputId}
          type="file"
          accept={ZIP_ACCEPT}
          className="visually-hidden"
          aria-describedby={problem ? problemId : undefined}
          aria-invalid={problem ? true : undefined}
          data-testid="import-file-input"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = ''; // the same file chosen again still counts
            if (files.length > 0) onFiles(files);
          }}
        />
      </label>

      {reading && (
        <div className="import-archive__reading" role="status">
          <Spinner size={16} /> {t('dossierImport.archive.reading')}
        </div>
      )}
      {problem && (
        <Callout intent="danger" icon="error" className="import-archive__problem" id={problemId} data-testid="import-archive-problem">
          {problem}
        </Callout>
      )}

      {file && listing && (
        <section className="import-archive__chosen" aria-live="polite" data-testid="import-archive-chosen">
          <div className="import-archive__file">
            <Icon icon="archive" size={20} className="import-archive__icon" />
            <div className="import-archive__details">
              <strong className="import-archive__name">{file.name}</strong>
              <span className="import-archive__meta">
                <span className="muted">{formatBytes(file.size, i18n.language)}</span>
                <Tag minimal round intent="primary">
                  {t('dossierImport.archive.files', { count: listing.files.length })}
                </Tag>
              </span>
            </div>
          </div>
          {nonPdf > 0 && (
            <Callout intent="warning" icon="warning-sign" compact className="import-archive__warning">
              {t('dossierImport.archive.notPdfHint')}
            </Callout>
          )}
          <ul className="import-file-list" tabIndex={0} aria-label={t('dossierImport.archive.entries')} data-testid="import-entries">
            {listing.files.map((name) => (
              <li key={name} className="import-file-list__item">
                <Icon icon={looksLikePdf(name) ? 'document' : 'issue'} className="muted" />
                <span className="import-file-list__name">{name}</span>
                {!looksLikePdf(name) && (
                  <Tag minimal intent="warning">
                    {t('dossierImport.archive.notPdf')}
                  </Tag>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

interface TypesStepProps {
  files: readonly string[];
  assignments: Readonly<Record<string, string>>;
  documentTypes: readonly string[] | undefined;
  documentTypesLoading: boolean;
  dossierTypes: readonly string[] | undefined;
  idValutazione: string;
  tipoContratto: string;
  canCreateType: boolean;
  onAssign: (file: string, type: string) => void;
  onAssignAll: (type: string) => void;
  onIdValutazione: (value: string) => void;
  onTipoContratto: (value: string) => void;
}

/** Step 1: a document type per file (or one for all), the evaluation id and the contract type. */
export function TypesStep(props: TypesStepProps) {
  const { files, assignments, documentTypes, documentTypesLoading, dossierTypes, idValutazione, tipoContratto } = props;
  const { t } = useTranslation();
  const id = useId();
  const [forAll, setForAll] = useState('');
  const options = [{ value: '', label: t('dossierImport.types.none') }, ...(documentTypes ?? []).map((name) => ({ value: name, label: name }))];
  const assigned = files.filter((file) => (assignments[file] ?? '') !== '').length;
  const contract = tipoContratto.trim();
  const isNewContract = contract !== '' && dossierTypes !== undefined && !dossierTypes.includes(contract);

  return (
    <div className="import-types">
      <section className="import-section" aria-labelledby={`${id}-data`}>
        <h3 className="import-section__title" id={`${id}-data`}>
          {t('dossierImport.types.dossierData')}
        </h3>
        <div className="import-types__fields">
          <FormGroup label={t('dossierImport.types.idValutazione')} labelFor={`${id}-id`} helperText={t('dossierImport.types.idValutazioneHelp')}>
            <InputGroup id={`${id}-id`} value={idValutazione} onValueChange={props.onIdValutazione} data-testid="import-id-valutazione" autoComplete="off" />
          </FormGroup>
          <FormGroup
            label={t('dossierImport.types.tipoContratto')}
            labelFor={`${id}-contract`}
            helperText={isNewContract ? t('dossierImport.types.newContractType', { name: contract }) : t('dossierImport.types.tipoContrattoHelp', { max: CONTRACT_TYPE_MAX_CHARS })}
          >
            <InputGroup
              id={`${id}-contract`}
              value={tipoContratto}
              onValueChange={props.onTipoContratto}
              maxLength={CONTRACT_TYPE_MAX_CHARS}
              list={`${id}-contracts`}
              autoComplete="off"
              data-testid="import-tipo-contratto"
            />
            <datalist id={`${id}-contracts`}>
              {(dossierTypes ?? []).map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </FormGroup>
        </div>
      </section>

      <section className="import-section" aria-labelledby={`${id}-docs`}>
        <div className="import-section__header">
          <h3 className="import-section__title" id={`${id}-docs`}>
            {t('dossierImport.types.documents')}
          </h3>
          <span className="muted" data-testid="import-assigned-count">
            {t('dossierImport.types.assigned', { assigned, total: files.length })}
          </span>
        </div>
        {documentTypesLoading && <Spinner size={20} />}
        {documentTypes !== undefined && documentTypes.length === 0 && (
          <Callout intent="warning" icon="warning-sign" className="import-types__empty">
            {t('dossierImport.types.noTypes')}{' '}
            {props.canCreateType && <Link to="/tipologie/documenti/nuova">{t('dossierImport.types.newType')}</Link>}
          </Callout>
        )}
        <div className="import-types__all">
          <FormGroup label={t('dossierImport.types.applyAll')} labelFor={`${id}-all`} className="import-types__all-field">
            <HTMLSelect id={`${id}-all`} value={forAll} onChange={(event) => setForAll(event.target.value)} options={options} fill data-testid="import-type-all" />
          </FormGroup>
          <Button icon="duplicate" text={t('dossierImport.types.applyAllButton')} onClick={() => props.onAssignAll(forAll)} data-testid="import-type-all-apply" />
        </div>
        <ul className="import-types__list" data-testid="import-type-list">
          {files.map((file) => (
            <li key={file} className="import-types__row">
              <span className="import-types__file">
                <Icon icon="document" className="muted" />
                <span className="import-file-list__name">{file}</span>
              </span>
              <HTMLSelect
                aria-label={t('dossierImport.types.typeOf', { name: file })}
                value={assignments[file] ?? ''}
                onChange={(event) => props.onAssign(file, event.target.value)}
                options={options}
                fill
                className="import-types__select"
                data-testid="import-type-select"
              />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

interface InputStepProps {
  value: string;
  check: InputCheck;
  onChange: (value: string) => void;
}

/** Step 2: the input list as JSON text in CodeMirror, its syntax error (line, column) under it. */
export function InputStep({ value, check, onChange }: InputStepProps) {
  const { t } = useTranslation();
  const id = useId();
  const messageId = `${id}-message`;
  let message: ReactNode;
  if (check.ok) message = t('dossierImport.input.valid', { count: check.items });
  else if ('error' in check) message = describeJsonError(t, check.error);
  else message = t('dossierImport.input.notList');

  return (
    <div className="import-input">
      <div className="import-input__toolbar">
        <p className="muted import-input__help" id={`${id}-help`}>
          {t('dossierImport.input.help')}
        </p>
        <Button variant="minimal" size="small" icon="reset" text={t('dossierImport.input.restore')} disabled={value === DEFAULT_INPUT} onClick={() => onChange(DEFAULT_INPUT)} data-testid="import-input-restore" />
      </div>
      <div className={`import-editor${check.ok ? '' : ' import-editor--invalid'}`}>
        {/* Tab leaves the editor, so the keyboard is never trapped. */}
        <LazyCodeEditor
          value={value}
          onChange={onChange}
          language="json"
          lint="json"
          label={t('dossierImport.input.label')}
          describedBy={`${messageId} ${id}-help`}
          indentWithTab={false}
          height="360px"
          className="import-editor__codemirror"
          testId="import-input-editor"
        />
      </div>
      <p
        id={messageId}
        className={`import-input__message ${check.ok ? 'import-input__message--ok' : 'import-input__message--error'}`}
        aria-live="polite"
        data-testid="import-input-message"
      >
        <Icon icon={check.ok ? 'tick-circle' : 'error'} intent={check.ok ? 'success' : 'danger'} size={14} /> {message}
      </p>
    </div>
  );
}

interface CallbackStepProps {
  value: string;
  invalid: boolean;
  inputRef: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** Step 3: the optional callback URL, an absolute http(s) URL when given. */
export function CallbackStep({ value, invalid, inputRef, onChange, onBlur }: CallbackStepProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="import-callback">
      <FormGroup
        label={t('dossierImport.callback.label')}
        labelFor={id}
        intent={invalid ? 'danger' : 'none'}
        helperText={<span id={`${id}-help`}>{invalid ? t('dossierImport.callback.invalid') : t('dossierImport.callback.help')}</span>}
      >
        <InputGroup
          id={id}
          type="url"
          inputMode="url"
          placeholder="https://…"
          value={value}
          onValueChange={onChange}
          onBlur={onBlur}
          inputRef={inputRef}
          intent={invalid ? 'danger' : 'none'}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${id}-help`}
          autoComplete="url"
          leftIcon="link"
          data-testid="import-callback-url"
        />
      </FormGroup>
    </div>
  );
}

interface SummaryStepProps {
  file: File;
  files: readonly string[];
  assignments: Readonly<Record<string, string>>;
  idValutazione: string;
  tipoContratto: string;
  inputItems: number | null;
  callbackUrl: string;
  /** Share of the upload sent (0 to 1) while uploading, else null. */
  progress: number | null;
}

/** Step 4: what will be sent, and the upload's progress once Carica is pressed. */
export function SummaryStep({ file, files, assignments, idValutazione, tipoContratto, inputItems, callbackUrl, progress }: SummaryStepProps) {
  const { t, i18n } = useTranslation();
  const none = <span className="muted">{t('dossierImport.summary.none')}</span>;
  const withoutType = files.filter((name) => (assignments[name] ?? '') === '').length;
  return (
    <div className="import-summary" data-testid="import-summary">
      <dl className="import-summary__list">
        <dt>{t('dossierImport.summary.archive')}</dt>
        <dd>
          <span className="import-archive__name">{file.name}</span> <span className="muted">({formatBytes(file.size, i18n.language)})</span>
        </dd>
        <dt>{t('dossierImport.summary.idValutazione')}</dt>
        <dd data-testid="import-summary-id">{idValutazione.trim() || none}</dd>
        <dt>{t('dossierImport.summary.tipoContratto')}</dt>
        <dd data-testid="import-summary-contract">{tipoContratto.trim() || 'cessione'}</dd>
        <dt>{t('dossierImport.summary.input')}</dt>
        <dd data-testid="import-summary-input">{inputItems === null ? '-' : t('dossierImport.summary.inputItems', { count: inputItems })}</dd>
        <dt>{t('dossierImport.summary.callbackUrl')}</dt>
        <dd data-testid="import-summary-callback" className="import-summary__url">
          {callbackUrl.trim() || none}
        </dd>
        <dt>{t('dossierImport.summary.files')}</dt>
        <dd data-testid="import-summary-count">
          {files.length}
          {withoutType > 0 && (
            <Tag minimal intent="warning" className="import-summary__tag">
              {t('dossierImport.summary.withoutType', { count: withoutType })}
            </Tag>
          )}
        </dd>
      </dl>
      <ul className="import-summary__files" tabIndex={0} aria-label={t('dossierImport.summary.filesLabel')} data-testid="import-summary-files">
        {files.map((name) => (
          <li key={name} className="import-summary__file">
            <span className="import-file-list__name">{name}</span>
            <span className="import-summary__type">
              <Icon icon="arrow-right" size={12} className="muted" />
              {assignments[name] ? <Tag minimal>{assignments[name]}</Tag> : <span className="muted">{t('dossierImport.summary.noType')}</span>}
            </span>
          </li>
        ))}
      </ul>
      {progress !== null && (
        <div className="import-summary__progress" data-testid="import-progress">
          <ProgressBar value={progress} intent="primary" stripes={progress >= 1} animate={progress >= 1} />
          <span role="status" className="muted">
            {progress >= 1 ? t('dossierImport.checking') : t('dossierImport.uploading', { percent: Math.floor(progress * 100) })}
          </span>
        </div>
      )}
    </div>
  );
}

/** After a successful Carica: "Attendi la notifica...", the dossier's state as it goes, a link to it and Reset. */
export function WaitingPanel({ dossierId, onReset, focusRef }: { dossierId: string; onReset: () => void; focusRef: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  const dossier = useImportedDossier(dossierId);
  return (
    <div tabIndex={-1} ref={focusRef} className="import-waiting__focus" data-testid="import-waiting">
      <NonIdealState
        className="import-waiting"
        icon="time"
        description={
          <div className="import-waiting__body">
            <H2 className="import-waiting__title">{t('dossierImport.waiting')}</H2>
            <p>{t('dossierImport.waitingHelp', { id: dossierId })}</p>
            {dossier.data && (
              <div className="import-waiting__state">
                {t('dossierImport.state')}: <StateTag kind="dossier" state={dossier.data.state} />
                {dossier.data.error != null && (
                  <p className="import-waiting__error" dir="auto" data-testid="import-error">
                    {storedError(dossier.data.error, dossier.data.errorMessage)}
                  </p>
                )}
              </div>
            )}
          </div>
        }
        action={
          <div className="import-waiting__actions">
            <Link to={`/dossier/dettagli/${encodeURIComponent(dossierId)}`} className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`} data-testid="import-open-dossier">
              <Icon icon="document-open" />
              <span className={Classes.BUTTON_TEXT}>{t('dossierImport.openDossier')}</span>
            </Link>
            <Button icon="reset" text={t('dossierImport.reset')} onClick={onReset} data-testid="import-reset" />
          </div>
        }
      />
    </div>
  );
}
