import { Button, Callout, Classes, FormGroup, H2, InputGroup, ProgressBar, Tooltip } from '@blueprintjs/core';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable, tableInputOf, useTableState, type Column } from '../../components/table';
import { FileDrop } from '../../components/FileDrop';
import { formatSize } from '../../lib/format';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { errorMessage, failedBecause } from '../../lib/validation';
import {
  createRuleValidation,
  looksLikePdf,
  MAX_ISTITUTO_CHARS,
  refusalOfFiles,
  requestUploadUrl,
  runValidation,
  UploadError,
  uploadFile,
  useValidationDocumentsPage,
  validationsPath,
  type FileRefusal,
  type ValidationDocumentRow,
} from './api';
import { documentColumns } from './documentColumns';
import './validation.css';

/**
 * /validazione/nuova (docs/domain.md#rule-validation, #input-rules-and-limits): a new validation either from a PDF uploaded here
 * (institute and exactly one PDF; the file goes to a signed address, then `createRuleValidation`)
 * or from a document already uploaded (`runValidation`, only once its text is extracted). Each way
 * is offered only to a user allowed to take it; either ends on /validazione with 'Validazione avviata'.
 */
export function NewValidationPage() {
  const { t } = useTranslation();
  const can = useCan();
  const mayUpload = can({ action: 'allow', resource: 'requestSignedURLForValidationDocument' }) && can({ action: 'allow', resource: 'createRuleValidation' });
  const mayRun = can({ action: 'allow', resource: 'runValidation' });
  const title = t('routes.validationNew');
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t('routes.validations'), to: validationsPath }, { label: title }]}
      />
      <div className="validation-new">
        {mayUpload && <UploadSection />}
        {mayRun && <ExistingSection alternative={mayUpload} />}
      </div>
    </>
  );
}

/** What stops the upload: a refused choice, or the server's (or our own) refusal of the bytes. */
type Problem = { kind: 'choice'; refusal: FileRefusal | 'notPdfContent' } | { kind: 'upload'; message: string };

/** The upload's progress: the share sent, and what is under way. */
type Step = { phase: 'idle' } | { phase: 'signing' } | { phase: 'uploading'; sent: number } | { phase: 'starting' };

function UploadSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const istitutoId = useId();
  const fileId = useId();
  const headingId = useId();
  const messageId = `${fileId}-message`;
  const istitutoError = `${istitutoId}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [istituto, setIstituto] = useState('');
  const [istitutoTouched, setIstitutoTouched] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [step, setStep] = useState<Step>({ phase: 'idle' });
  const aborter = useRef<AbortController | null>(null);
  useEffect(() => () => aborter.current?.abort(), []);

  const busy = step.phase !== 'idle';
  const istitutoMissing = istituto.trim() === '';
  // Disabled until both are given (docs/domain.md#input-rules-and-limits), while busy, or after an upload error (until the file changes).
  const canStart = !istitutoMissing && file !== null && !busy && problem === null;

  const take = (files: readonly File[]) => {
    if (busy) return;
    const refusal = refusalOfFiles(files);
    setProblem(refusal === null ? null : { kind: 'choice', refusal });
    setFile(refusal === null ? (files[0] ?? null) : null);
    if (refusal !== null && input.current) input.current.value = '';
  };

  const uploadRefused = (failure: unknown) => {
    // The server's catalogue says its refusals; our own codes (no answer, cancelled, S3's 413) are ours to say.
    const message =
      failure instanceof UploadError && failure.serverMessage === null && failure.code !== undefined
        ? t(`ruleValidation.new.uploadRefused.${failure.code}`, { defaultValue: failure.message })
        : errorMessage(failure);
    setProblem({ kind: 'upload', message });
    // Choosing the same file again counts as changing it.
    if (input.current) input.current.value = '';
    void toast.error(`${t('ruleValidation.new.uploadFailed')}: ${message}`);
  };

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setIstitutoTouched(true);
    if (!canStart || file === null) return;
    const institute = istituto.trim();
    if (!(await looksLikePdf(file))) {
      setProblem({ kind: 'choice', refusal: 'notPdfContent' });
      setFile(null);
      if (input.current) input.current.value = '';
      return;
    }
    setStep({ phase: 'signing' });
    let signed;
    try {
      signed = await requestUploadUrl(file.name);
    } catch (failure) {
      console.error('requestSignedURLForValidationDocument failed', failure);
      uploadRefused(failure);
      setStep({ phase: 'idle' });
      return;
    }
    if (file.size > signed.maxBytes) {
      uploadRefused(new Error(t('ruleValidation.new.tooLarge', { max: formatSize(signed.maxBytes) })));
      setStep({ phase: 'idle' });
      return;
    }
    try {
      setStep({ phase: 'uploading', sent: 0 });
      aborter.current = new AbortController();
      await uploadFile(signed.url, file, (sent) => setStep({ phase: 'uploading', sent }), aborter.current.signal);
    } catch (failure) {
      if (failure instanceof UploadError && failure.code === 'ABORTED') return; // the page was left
      console.error('validation upload failed', failure);
      uploadRefused(failure);
      setStep({ phase: 'idle' });
      return;
    }
    setStep({ phase: 'starting' });
    try {
      await createRuleValidation({ documentID: signed.name, name: file.name, url: signed.url, istitutoAppartenenza: institute });
    } catch (failure) {
      console.error('createRuleValidation failed', failure);
      void toast.error(failedBecause(t('ruleValidation.new.startFailed'), failure));
      setStep({ phase: 'idle' });
      return;
    }
    void toast.success(t('ruleValidation.new.started'));
    await navigate(validationsPath);
  };

  const problemText =
    problem === null ? null : problem.kind === 'choice' ? t(`ruleValidation.new.refused.${problem.refusal}`) : problem.message;
  const showIstitutoError = istitutoTouched && istitutoMissing;

  return (
    <section className="page-panel validation-new__section" aria-labelledby={headingId} data-testid="validation-upload">
      <H2 id={headingId} className="validation-new__title">
        {t('ruleValidation.new.uploadTitle')}
      </H2>
      <p className={Classes.TEXT_MUTED}>{t('ruleValidation.new.uploadHint')}</p>
      <form noValidate onSubmit={(event) => void start(event)} className="validation-new__form">
        <FormGroup
          label={t('ruleValidation.new.istituto')}
          labelFor={istitutoId}
          labelInfo={<span className="validation-required">{t('ruleValidation.requiredMark')}</span>}
          intent={showIstitutoError ? 'danger' : 'none'}
          helperText={showIstitutoError ? <span id={istitutoError}>{t('validation.required')}</span> : undefined}
        >
          <InputGroup
            id={istitutoId}
            value={istituto}
            onValueChange={setIstituto}
            onBlur={() => setIstitutoTouched(true)}
            maxLength={MAX_ISTITUTO_CHARS}
            autoComplete="organization"
            required
            disabled={busy}
            intent={showIstitutoError ? 'danger' : 'none'}
            aria-invalid={showIstitutoError ? true : undefined}
            aria-describedby={showIstitutoError ? istitutoError : undefined}
            data-testid="validation-istituto"
          />
        </FormGroup>
        <FormGroup label={t('ruleValidation.new.file')} labelFor={fileId} labelInfo={<span className="validation-required">{t('ruleValidation.requiredMark')}</span>}>
          <FileDrop
            inputId={fileId}
            inputRef={input}
            accept="application/pdf,.pdf"
            icon={file ? 'document' : 'cloud-upload'}
            title={file ? file.name : t('ruleValidation.new.choose')}
            hint={file ? t('ruleValidation.new.size', { size: formatSize(file.size) }) : t('ruleValidation.new.fileHint')}
            invalid={Boolean(problemText)}
            describedBy={messageId}
            busy={busy}
            onFiles={take}
            testId="validation-drop"
            inputTestId="validation-file"
            titleTestId="validation-file-name"
          />
        </FormGroup>
        {problemText && (
          <Callout intent="danger" icon="error" role="alert" className="validation-new__message" data-testid="validation-upload-error">
            <span id={messageId}>{problemText}</span>
            {problem?.kind === 'upload' && <span className="validation-new__retry">{t('ruleValidation.new.changeFile')}</span>}
          </Callout>
        )}
        {busy && (
          <div className="validation-new__progress" data-testid="validation-progress">
            <span className={Classes.TEXT_MUTED} aria-live="polite">
              {step.phase === 'uploading'
                ? t('ruleValidation.new.uploading', { percent: Math.round(step.sent * 100) })
                : step.phase === 'starting'
                  ? t('ruleValidation.new.starting')
                  : t('ruleValidation.new.preparing')}
            </span>
            <ProgressBar
              value={step.phase === 'uploading' ? step.sent : step.phase === 'starting' ? 1 : undefined}
              intent="primary"
              stripes={step.phase !== 'uploading'}
              animate={step.phase !== 'uploading'}
              aria-label={t('ruleValidation.new.progress')}
            />
          </div>
        )}
        <div className="validation-new__actions">
          <Button type="submit" intent="primary" icon="play" text={t('ruleValidation.new.start')} disabled={!canStart} loading={busy} data-testid="validation-start" />
        </div>
      </form>
    </section>
  );
}

/** The documents already uploaded: description, institute, upload date, and a start for each. */
function ExistingSection({ alternative }: { alternative: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingId = useId();
  const table = useTableState('existing', { column: 'createdAt', descending: true });
  const [starting, setStarting] = useState<string | null>(null);

  const run = useCallback(
    async (row: ValidationDocumentRow) => {
      setStarting(row.id);
      try {
        await runValidation(row.id);
        void toast.success(t('ruleValidation.new.started'));
        await navigate(validationsPath);
      } catch (failure) {
        console.error('runValidation failed', failure);
        void toast.error(failedBecause(t('ruleValidation.new.runFailed'), failure));
        setStarting(null);
      }
    },
    [t, navigate],
  );

  const columns = useMemo<Column<ValidationDocumentRow>[]>(
    () => [
      ...documentColumns(t),
      {
        id: 'actions',
        header: t('common.actions'),
        align: 'end',
        cell: (row) => {
          const ready = row.urlOCR != null;
          const button = (
            <Button
              intent="primary"
              variant="outlined"
              icon="play"
              text={t('ruleValidation.new.run')}
              aria-label={t('ruleValidation.new.runOf', { description: row.description })}
              disabled={!ready || starting !== null}
              loading={starting === row.id}
              onClick={() => void run(row)}
              data-testid="validation-run"
            />
          );
          // A disabled button gets no pointer events: the tooltip sits on a wrapper.
          return ready ? (
            button
          ) : (
            <Tooltip content={t('ruleValidation.new.noOcr')}>
              <span className="validation-run-wrap">{button}</span>
            </Tooltip>
          );
        },
      },
    ],
    [t, starting, run],
  );

  const { data, error, isLoading, mutate } = useValidationDocumentsPage(tableInputOf(table, columns));

  return (
    <section className="page-panel validation-new__section" aria-labelledby={headingId} data-testid="validation-existing">
      <H2 id={headingId} className="validation-new__title">
        {t(alternative ? 'ruleValidation.new.existingTitleAlternative' : 'ruleValidation.new.existingTitle')}
      </H2>
      <p className={Classes.TEXT_MUTED}>{t('ruleValidation.new.existingHint')}</p>
      <ServerTable
        table={table}
        columns={columns}
        data={data}
        loading={isLoading}
        error={error ? `${t('ruleValidation.documentsFailed')}: ${errorMessage(error)}` : null}
        rowKey={(row) => row.id}
        onRefresh={() => void mutate()}
        label={t('ruleValidation.new.existingTitle')}
        testId="existing-documents-table"
      />
    </section>
  );
}
