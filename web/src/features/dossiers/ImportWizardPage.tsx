import { Button } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader, type Crumb } from '../../components/PageHeader';
import { useCan, useSessionStore } from '../../lib/session';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import { ArchiveStep, CallbackStep, ImportStepper, InputStep, StepHeading, SummaryStep, TypesStep, WaitingPanel } from './ImportSteps';
import {
  buildImportPayload,
  DEFAULT_CONTRACT_TYPE,
  fileToBase64,
  ImportUploadError,
  isValidCallbackUrl,
  uploadDossier,
  useImportDocumentTypes,
  useImportDossierTypes,
  type ImportAccepted,
  type ImportPayload,
} from './importApi';
import { checkInput, DEFAULT_INPUT } from './importJson';
import { checkArchiveFile, checkListing, formatBytes, IMPORT_LIMITS, listZip, type ArchiveProblem, type ZipListing } from './zipListing';
import './importWizard.css';

/** The steps of docs/domain.md#import-wizard, in order (keys of `dossierImport.steps`). */
export const IMPORT_STEPS = ['archive', 'types', 'input', 'callback', 'summary'] as const;
const LAST_STEP = IMPORT_STEPS.length - 1;

interface WizardState {
  step: number;
  file: File | null;
  listing: ZipListing | null;
  /** Document type by file name. */
  assignments: Record<string, string>;
  idValutazione: string;
  tipoContratto: string;
  input: string;
  callbackUrl: string;
}

/** The defaults (docs/domain.md#constants): step 0, no archive, idValutazione empty, cessione, the 9-item input. */
const initialState = (): WizardState => ({
  step: 0,
  file: null,
  listing: null,
  assignments: {},
  idValutazione: '',
  tipoContratto: DEFAULT_CONTRACT_TYPE,
  input: DEFAULT_INPUT,
  callbackUrl: '',
});

/** The upload function (injectable for tests; the page uses the real XMLHttpRequest one). */
export type UploadFn = typeof uploadDossier;

/**
 * /dossier/import (docs/domain.md#import-wizard, #the-import-request, #input-rules-and-limits,
 * #messages): the five-step import wizard. The zip is listed in the browser (nothing inflated);
 * Carica POSTs the payload to /import_dossier with a progress bar, then the wizard resets and
 * shows "Attendi la notifica..." until Reset.
 */
export function ImportWizardPage({ upload = uploadDossier }: { upload?: UploadFn } = {}) {
  const { t, i18n } = useTranslation();
  const session = useSessionStore();
  const can = useCan();
  const [state, setState] = useState(initialState);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<ArchiveProblem | null>(null);
  /** Several files were chosen or dropped at once. */
  const [oneFileOnly, setOneFileOnly] = useState(false);
  const [callbackTouched, setCallbackTouched] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [accepted, setAccepted] = useState<ImportAccepted | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const waitingRef = useRef<HTMLDivElement>(null);
  const callbackRef = useRef<HTMLInputElement>(null);
  const readToken = useRef(0);
  const stepMoved = useRef(false);

  const documentTypes = useImportDocumentTypes();
  const dossierTypes = useImportDossierTypes();
  useEffect(() => {
    if (documentTypes.error) void toast.error(t('dossierImport.types.loadFailed'));
  }, [documentTypes.error, t]);

  // An upload still running when the page goes away is cancelled.
  useEffect(() => () => abortRef.current?.abort(), []);

  // Each step change (not the first render) moves the focus to the new step's heading.
  useEffect(() => {
    if (stepMoved.current) (accepted === null ? headingRef : waitingRef).current?.focus();
  }, [state.step, accepted]);

  const { step, file, listing } = state;
  const uploading = progress !== null;
  const inputCheck = useMemo(() => checkInput(state.input), [state.input]);
  const callbackInvalid = callbackTouched && !isValidCallbackUrl(state.callbackUrl);
  const titles = IMPORT_STEPS.map((key) => t(`dossierImport.steps.${key}`));
  const size = (bytes: number) => formatBytes(bytes, i18n.language);

  const goTo = (next: number) => {
    stepMoved.current = true;
    setState((current) => ({ ...current, step: next }));
  };

  const problemText = (found: ArchiveProblem | null): string | null => {
    if (found === null) return null;
    switch (found.kind) {
      case 'notZip':
        return t('dossierImport.archive.notZip', { name: found.name });
      case 'tooLarge':
        return t('dossierImport.archive.tooLarge', { size: size(found.size), max: size(found.max) });
      case 'tooManyEntries':
        return t('dossierImport.archive.tooManyEntries', { count: found.count, max: found.max });
      case 'tooManyBytes':
        return t('dossierImport.archive.tooManyBytes', { max: size(found.max) });
      case 'fileTooLarge':
        return t('dossierImport.archive.fileTooLarge', { name: found.name, size: size(found.size), max: size(found.max) });
      case 'empty':
        return t('dossierImport.archive.empty');
    }
  };

  /** A new choice replaces the archive (and its assignments); a refused one leaves no archive chosen. */
  const chooseFiles = async (files: File[]) => {
    const token = ++readToken.current;
    setState((current) => ({ ...current, file: null, listing: null, assignments: {} }));
    setProblem(null);
    setOneFileOnly(false);
    if (files.length !== 1) {
      setOneFileOnly(true);
      return;
    }
    const chosen = files[0] as File;
    const refused = checkArchiveFile(chosen);
    if (refused) {
      setProblem(refused);
      return;
    }
    setReading(true);
    try {
      const bytes = new Uint8Array(await chosen.arrayBuffer());
      let found: ZipListing;
      try {
        found = listZip(bytes);
      } catch (error) {
        console.warn('cannot list the zip', error);
        if (token === readToken.current) void toast.error(t('dossierImport.archive.zipError'));
        return;
      }
      if (token !== readToken.current) return; // another file was chosen meanwhile
      const tooMuch = checkListing(found);
      if (tooMuch) {
        setProblem(tooMuch);
        return;
      }
      setState((current) => ({ ...current, file: chosen, listing: found, assignments: {} }));
    } catch (error) {
      console.warn('cannot read the file', error);
      if (token === readToken.current) void toast.error(t('dossierImport.archive.zipError'));
    } finally {
      if (token === readToken.current) setReading(false);
    }
  };

  const back = () => {
    if (step === 0 || uploading) return;
    // Going back from step 0 or 1 clears the document-type assignments (docs/domain.md#import-wizard).
    stepMoved.current = true;
    setState((current) => ({ ...current, step: current.step - 1, assignments: current.step <= 1 ? {} : current.assignments }));
  };

  const next = (event?: FormEvent) => {
    event?.preventDefault();
    if (uploading) return;
    switch (step) {
      case 0:
        if (file !== null && listing !== null) goTo(1);
        return;
      case 2:
        if (!inputCheck.ok) {
          // Invalid input → 'Errore sintassi nell'input' and back to step 1 (docs/domain.md#input-rules-and-limits).
          void toast.error(t('dossierImport.input.syntaxError'));
          goTo(1);
          return;
        }
        goTo(3);
        return;
      case 3:
        if (!isValidCallbackUrl(state.callbackUrl)) {
          setCallbackTouched(true);
          callbackRef.current?.focus();
          return;
        }
        goTo(4);
        return;
      case LAST_STEP:
        void send();
        return;
      default:
        goTo(step + 1);
    }
  };

  const send = async () => {
    if (file === null || listing === null) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    try {
      const base64zip = await fileToBase64(file);
      const payload: ImportPayload = buildImportPayload({ ...state, files: listing.files }, base64zip);
      const attempt = () =>
        upload(payload, { token: session.getState().session?.accessToken ?? null, onProgress: setProgress, signal: controller.signal });
      let answer: ImportAccepted;
      try {
        answer = await attempt();
      } catch (error) {
        // An access token that expired meanwhile: renewed once, then the upload is sent again.
        if (!(error instanceof ImportUploadError && error.status === 401) || !(await session.refresh())) throw error;
        setProgress(0);
        answer = await attempt();
      }
      void toast.success(t('dossierImport.uploaded'));
      stepMoved.current = true;
      setState(initialState());
      setCallbackTouched(false);
      setAccepted(answer);
    } catch (error) {
      if (error instanceof ImportUploadError && error.kind === 'aborted') {
        void toast.warning(t('dossierImport.cancelled'));
        return;
      }
      console.error('import failed', error);
      void toast.error(t('dossierImport.failed', { message: failureText(error) }));
    } finally {
      if (abortRef.current === controller) {
        abortRef.current = null;
        setProgress(null);
      }
    }
  };

  const failureText = (error: unknown): string => {
    if (error instanceof ImportUploadError) {
      if (error.kind === 'network') return t('dossierImport.networkError');
      if (error.kind === 'badAnswer') return t('dossierImport.badAnswer');
    }
    return errorMessage(error);
  };

  const reset = () => {
    stepMoved.current = true;
    setAccepted(null);
    setState(initialState());
    setProblem(null);
    setOneFileOnly(false);
    setCallbackTouched(false);
  };

  const breadcrumbs: Crumb[] = [{ label: t('nav.dashboard'), to: '/' }, { label: t('nav.dossiers'), to: '/dossier' }, { label: t('routes.dossierImport') }];

  const archiveProblem = oneFileOnly ? t('dossierImport.archive.oneFile') : problemText(problem);

  return (
    <div className="import-wizard">
      <PageHeader title={t('routes.dossierImport')} breadcrumbs={breadcrumbs} />

      <section className="page-panel import-wizard__panel" data-testid="import-wizard">
        {accepted !== null ? (
          <WaitingPanel dossierId={accepted.id} onReset={reset} focusRef={waitingRef} />
        ) : (
          <form onSubmit={next} noValidate>
            <ImportStepper titles={titles} current={step} />
            <div className="import-step" data-testid={`import-step-${step}`}>
              <StepHeading title={titles[step] ?? ''} index={step} total={IMPORT_STEPS.length} headingRef={headingRef} />
              {step === 0 && (
                <ArchiveStep file={file} listing={listing} reading={reading} problem={archiveProblem} maxSize={size(IMPORT_LIMITS.maxArchiveBytes)} onFiles={(files) => void chooseFiles(files)} />
              )}
              {step === 1 && listing && (
                <TypesStep
                  files={listing.files}
                  assignments={state.assignments}
                  documentTypes={documentTypes.data}
                  documentTypesLoading={documentTypes.isLoading}
                  dossierTypes={dossierTypes.data}
                  idValutazione={state.idValutazione}
                  tipoContratto={state.tipoContratto}
                  canCreateType={can({ action: 'allow', resource: 'createDocumentType' })}
                  onAssign={(name, type) => setState((current) => ({ ...current, assignments: { ...current.assignments, [name]: type } }))}
                  onAssignAll={(type) => setState((current) => ({ ...current, assignments: Object.fromEntries(listing.files.map((name) => [name, type])) }))}
                  onIdValutazione={(idValutazione) => setState((current) => ({ ...current, idValutazione }))}
                  onTipoContratto={(tipoContratto) => setState((current) => ({ ...current, tipoContratto }))}
                />
              )}
              {step === 2 && <InputStep value={state.input} check={inputCheck} onChange={(input) => setState((current) => ({ ...current, input }))} />}
              {step === 3 && (
                <CallbackStep
                  value={state.callbackUrl}
                  invalid={callbackInvalid}
                  inputRef={callbackRef}
                  onChange={(callbackUrl) => setState((current) => ({ ...current, callbackUrl }))}
                  onBlur={() => setCallbackTouched(state.callbackUrl.trim() !== '')}
                />
              )}
              {step === LAST_STEP && file && listing && (
                <SummaryStep
                  file={file}
                  files={listing.files}
                  assignments={state.assignments}
                  idValutazione={state.idValutazione}
                  tipoContratto={state.tipoContratto}
                  inputItems={inputCheck.ok ? inputCheck.items : null}
                  callbackUrl={state.callbackUrl}
                  progress={progress}
                />
              )}
            </div>

            <div className="import-wizard__footer">
              <Button icon="arrow-left" text={t('dossierImport.back')} onClick={back} disabled={step === 0 || uploading} data-testid="import-back" />
              <span className="import-wizard__spacer" />
              {uploading && <Button variant="minimal" icon="cross" text={t('dossierImport.cancel')} onClick={() => abortRef.current?.abort()} data-testid="import-cancel" />}
              {step < LAST_STEP ? (
                <Button type="submit" intent="primary" endIcon="arrow-right" text={t('dossierImport.next')} disabled={step === 0 && (file === null || reading)} data-testid="import-next" />
              ) : (
                <Button type="submit" intent="primary" icon="cloud-upload" text={t('dossierImport.upload')} loading={uploading} data-testid="import-upload" />
              )}
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
