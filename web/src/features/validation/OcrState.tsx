import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { isExtracting, type ValidationDocumentRow } from './api';
import { storedError } from '../../lib/validation';

/** Whether the document's text is there: 'in estrazione…' while extracted, or why it failed. */
export function OcrState({ row }: { row: Pick<ValidationDocumentRow, 'urlOCR' | 'ocrError' | 'ocrErrorMessage'> }) {
  const { t } = useTranslation();
  if (row.ocrError != null) {
    return (
      <span className="validation-doc__ocr validation-doc__ocr--failed" dir="auto" data-testid="ocr-state" data-state="failed">
        {t('ruleValidation.ocr.failed', { error: storedError(row.ocrError, row.ocrErrorMessage) })}
      </span>
    );
  }
  if (isExtracting(row)) {
    return (
      <span className={`validation-doc__ocr ${Classes.TEXT_MUTED}`} data-testid="ocr-state" data-state="extracting">
        {t('ruleValidation.ocr.extracting')}
      </span>
    );
  }
  return null;
}
