import type { TFunction } from 'i18next';
import type { Column } from '../../components/table';
import { formatUnixSeconds } from '../../lib/format';
import type { ValidationDocumentRow } from './api';
import { OcrState } from './OcrState';

/** The columns every table of validation documents shows (description with its text's state,
 * institute, upload date), before its own actions. */
export function documentColumns(t: TFunction): Column<ValidationDocumentRow>[] {
  return [
    {
      id: 'description',
      header: t('ruleValidation.columns.description'),
      sortable: true,
      filter: { kind: 'text' },
      cell: (row) => (
        <div className="validation-doc">
          <span className="validation-doc__name" dir="auto">
            {row.description}
          </span>
          <OcrState row={row} />
        </div>
      ),
    },
    { id: 'istitutoAppartenenza', header: t('ruleValidation.columns.istituto'), filter: { kind: 'text' }, cell: (row) => <span dir="auto">{row.istitutoAppartenenza}</span> },
    { id: 'createdAt', header: t('ruleValidation.columns.uploadedAt'), sortable: true, cell: (row) => formatUnixSeconds(row.createdAt), className: 'validation-date' },
  ];
}
