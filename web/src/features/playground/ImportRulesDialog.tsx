import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../components/FileDrop';
import { formatSize } from '../../lib/format';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import { importDossierRules, isZipName, looksLikeZip, toBase64 } from './api';

interface ImportRulesDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** After a successful import (the list reloads). */
  onImported: () => void;
}

/** Why a choice of files is refused, or null when it is exactly one zip. */
type Refusal = 'none' | 'many' | 'notZip' | 'notZipContent' | 'empty';

function refusalOf(files: readonly File[]): Refusal | null {
  if (files.length === 0) return 'none';
  if (files.length > 1) return 'many';
  const [file] = files;
  if (file === undefined || !isZipName(file)) return 'notZip';
  if (file.size === 0) return 'empty';
  return null;
}

/**
 * 'Import ZIP' of /playground/dossier (docs/domain.md#playgrounds, #input-rules-and-limits): a dialog titled 'Carica file ZIP'
 * taking exactly one .zip (chosen or dropped; anything else is refused with a message in the
 * dialog), sent base64 to `importDossierRules`; 'File caricato', or 'Errore' with the server's
 * message (which also stays in the dialog).
 */
export function ImportRulesDialog({ isOpen, onClose, onImported }: ImportRulesDialogProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const reset = () => {
    setFile(null);
    setRefusal(null);
    setServerError(null);
    if (input.current) input.current.value = '';
  };

  const take = (files: readonly File[]) => {
    const why = refusalOf(files);
    setServerError(null);
    setRefusal(why === 'none' ? null : why);
    setFile(why === null ? (files[0] ?? null) : null);
  };

  const upload = async () => {
    if (file === null) return;
    setUploading(true);
    setServerError(null);
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (!looksLikeZip(bytes)) {
        setRefusal('notZipContent');
        setFile(null);
        return;
      }
      await importDossierRules(toBase64(bytes));
      void toast.success(t('playground.import.done'));
      reset();
      onImported();
      onClose();
    } catch (failure) {
      const message = errorMessage(failure);
      setServerError(message);
      void toast.error(`${t('playground.import.failed')}: ${message}`);
    } finally {
      setUploading(false);
    }
  };

  const close = () => {
    if (uploading) return;
    reset();
    onClose();
  };

  const message = refusal !== null ? t(`playground.import.refused.${refusal}`) : serverError;
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('playground.import.title')} icon="import" className="pg-import" data-testid="import-dialog">
      <DialogBody>
        <FileDrop
          inputId={inputId}
          inputRef={input}
          accept=".zip,application/zip,application/x-zip-compressed"
          icon={file ? 'archive' : 'cloud-upload'}
          title={file ? file.name : t('playground.import.choose')}
          hint={file ? t('playground.import.size', { size: formatSize(file.size) }) : t('playground.import.hint')}
          invalid={Boolean(message)}
          describedBy={messageId}
          onFiles={take}
          testId="import-drop"
          inputTestId="import-file"
        />
        {message && (
          <Callout intent="danger" icon="error" role="alert" className="pg-import__message" data-testid="import-message">
            <span id={messageId}>{message}</span>
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={close} disabled={uploading} data-testid="import-cancel" />
            <Button intent="primary" icon="upload" text={t('playground.import.upload')} disabled={file === null} loading={uploading} onClick={() => void upload()} data-testid="import-submit" />
          </>
        }
      />
    </Dialog>
  );
}
