import { Button, Classes, Tab, Tabs, Tooltip } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DeleteConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable, tableInputOf, useTableState, type Column } from '../../components/table';
import { downloadBase64, formatUnixSeconds } from '../../lib/format';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { errorMessage, failedBecause, storedError } from '../../lib/validation';
import {
  deleteDocuments,
  fetchDownload,
  newValidationPath,
  useValidationDocumentsPage,
  useValidationsPage,
  validationPath,
  type DownloadKind,
  type ValidationDocumentRow,
  type ValidationRow,
} from './api';
import { documentColumns } from './documentColumns';
import { ValidationStateTag } from './ValidationStateTag';
import './validation.css';

const TABS = ['validazioni', 'documenti'] as const;
type ValidationTab = (typeof TABS)[number];
const tabOf = (value: string | null): ValidationTab => (TABS as readonly string[]).includes(value ?? '') ? (value as ValidationTab) : 'validazioni';

const NEWEST_FIRST = { column: 'createdAt', descending: true };

/**
 * /validazione (docs/domain.md#rule-validation): two tabs kept in the address (`?tab=validazioni|documenti`).
 * Validazioni lists the validation runs, refreshed silently every 5 s; Documenti validazione the
 * uploaded documents with their downloads and delete. 'New Validation' opens /validazione/nuova.
 */
export function ValidationsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const select = (next: ValidationTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  const mayStart = can({ action: 'allow', resource: 'createRuleValidation' }) || can({ action: 'allow', resource: 'runValidation' });
  const title = t('routes.validations');

  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: title }]}>
        {mayStart && (
          <Button intent="primary" icon="add" text={t('ruleValidation.newValidation')} onClick={() => void navigate(newValidationPath)} data-testid="validation-new" />
        )}
      </PageHeader>
      <section className="page-panel">
        <Tabs id="validation-tabs" animate={false} selectedTabId={tab} onChange={(id) => select(tabOf(String(id)))} renderActiveTabPanelOnly large className="validation-tabs">
          <Tab id="validazioni" title={t('ruleValidation.tabs.validations')} panel={<ValidationsTab />} data-testid="tab-validazioni" />
          <Tab id="documenti" title={t('ruleValidation.tabs.documents')} panel={<DocumentsTab />} data-testid="tab-documenti" />
        </Tabs>
      </section>
    </>
  );
}

/** The validations: state, institute, document, start, end, invalidated rules, details. */
function ValidationsTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const table = useTableState('validations', NEWEST_FIRST);

  const columns = useMemo<Column<ValidationRow>[]>(
    () => [
      {
        id: 'state',
        header: t('ruleValidation.columns.state'),
        // "in corso" covers created and running (validationsInput sends both).
        filter: {
          kind: 'select',
          options: (['running', 'finished', 'failed'] as const).map((state) => ({ value: state, label: t(`ruleValidation.states.${state}`) })),
        },
        cell: (row) => <ValidationState row={row} />,
        className: 'validation-list__state',
      },
      { id: 'istituto', header: t('ruleValidation.columns.istituto'), filter: { kind: 'text' }, cell: (row) => <span dir="auto">{row.istituto}</span> },
      {
        id: 'fileName',
        header: t('ruleValidation.columns.document'),
        cell: (row) => (
          <span className="validation-list__file" dir="auto">
            {row.fileName}
          </span>
        ),
        className: 'validation-list__file-cell',
      },
      { id: 'createdAt', header: t('ruleValidation.columns.startedAt'), sortable: true, cell: (row) => formatUnixSeconds(row.createdAt), className: 'validation-date' },
      { id: 'finishedAt', header: t('ruleValidation.columns.finishedAt'), cell: (row) => formatUnixSeconds(row.finishedAt), className: 'validation-date' },
      {
        id: 'rulesInvalidated',
        header: t('ruleValidation.columns.rulesInvalidated'),
        align: 'end',
        cell: (row) => <span data-testid="rules-invalidated">{row.rulesInvalidated}</span>,
      },
      {
        id: 'actions',
        header: t('common.actions'),
        align: 'end',
        cell: (row) => (
          <Tooltip content={t('ruleValidation.details')}>
            <Button
              variant="minimal"
              icon="eye-open"
              aria-label={t('ruleValidation.detailsOf', { file: row.fileName })}
              onClick={() => void navigate(validationPath(row.id))}
              data-testid="validation-open"
            />
          </Tooltip>
        ),
      },
    ],
    [t, navigate],
  );

  const { data, error, isLoading, mutate } = useValidationsPage(tableInputOf(table, columns));
  useLoadFailedToast(error, t('ruleValidation.listFailed'));

  return (
    <div className="tab-panel">
      <ServerTable
        table={table}
        columns={columns}
        data={data}
        loading={isLoading}
        error={error ? `${t('ruleValidation.listFailed')}: ${errorMessage(error)}` : null}
        rowKey={(row) => row.id}
        onRowOpen={(row) => void navigate(validationPath(row.id))}
        onRefresh={() => void mutate()}
        label={t('ruleValidation.tabs.validations')}
        testId="validations-table"
      />
    </div>
  );
}

/** The state tag; a failed validation shows why under it. */
function ValidationState({ row }: { row: ValidationRow }) {
  const error = storedError(row.error, row.errorMessage);
  return (
    <div className="validation-state">
      <ValidationStateTag state={row.state} />
      {row.state === 'failed' && error && (
        <span className={`validation-state__error ${Classes.TEXT_SMALL}`} title={error} dir="auto" data-testid="validation-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** Says once that a list could not be loaded (docs/domain.md#messages). */
function useLoadFailedToast(error: unknown, message: string) {
  useEffect(() => {
    if (error) void toast.error(message);
  }, [error, message]);
}

/** The message of each download's failure (docs/domain.md#messages). */
const DOWNLOAD_FAILED: Record<DownloadKind, string> = {
  ocr: 'ruleValidation.downloadFailed',
  pdf: 'ruleValidation.downloadFailed',
  diff: 'ruleValidation.diffFailed',
  all: 'ruleValidation.allFilesFailed',
};

/** The validation documents: description, institute, upload date, text state; downloads and delete. */
function DocumentsTab() {
  const { t } = useTranslation();
  const can = useCan();
  const table = useTableState('validationDocuments', NEWEST_FIRST);
  const [toDelete, setToDelete] = useState<ValidationDocumentRow | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  const mayDelete = can({ action: 'allow', resource: 'deleteDocValidations' });

  const download = useCallback(
    async (row: ValidationDocumentRow, kind: DownloadKind) => {
      setDownloading(`${row.id}:${kind}`);
      try {
        const file = await fetchDownload(kind, row.id);
        downloadBase64(file.base64, file.name, file.type);
      } catch (failure) {
        console.error(`download ${kind} failed`, failure);
        void toast.error(failedBecause(t(DOWNLOAD_FAILED[kind]), failure));
      } finally {
        setDownloading(null);
      }
    },
    [t],
  );

  const columns = useMemo<Column<ValidationDocumentRow>[]>(() => {
    // A disabled action says why in its tooltip (`why`).
    const action = (row: ValidationDocumentRow, kind: DownloadKind, icon: 'document' | 'download' | 'changes' | 'compressed', why: string | null = null) => {
      const label = why ?? t(`ruleValidation.download.${kind}`);
      const disabled = why !== null;
      return (
        <Tooltip content={label}>
          <Button
            variant="minimal"
            icon={icon}
            aria-label={t(`ruleValidation.download.${kind}Of`, { description: row.description })}
            disabled={disabled}
            loading={downloading === `${row.id}:${kind}`}
            onClick={() => void download(row, kind)}
            data-testid={`download-${kind}`}
          />
        </Tooltip>
      );
    };
    return [
      ...documentColumns(t),
      {
        id: 'actions',
        header: t('common.actions'),
        align: 'end',
        className: 'validation-doc__actions',
        cell: (row) => (
          <>
            {action(row, 'ocr', 'document', row.urlOCR == null ? t('ruleValidation.download.noText') : null)}
            {action(row, 'pdf', 'download')}
            {action(row, 'diff', 'changes', row.comparable ? null : t('ruleValidation.download.nothingToCompare', { institute: row.istitutoAppartenenza }))}
            {action(row, 'all', 'compressed')}
            {mayDelete && (
              <Tooltip content={t('common.delete')}>
                <Button
                  variant="minimal"
                  intent="danger"
                  icon="trash"
                  aria-label={t('ruleValidation.deleteOf', { description: row.description })}
                  onClick={() => setToDelete(row)}
                  data-testid="document-delete"
                />
              </Tooltip>
            )}
          </>
        ),
      },
    ];
  }, [t, mayDelete, downloading, download]);

  const { data, error, isLoading, mutate } = useValidationDocumentsPage(tableInputOf(table, columns));
  useLoadFailedToast(error, t('ruleValidation.documentsFailed'));

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteDocuments([toDelete.id]);
      void toast.success(t('ruleValidation.deleted'));
    } catch (failure) {
      console.error('deleteDocValidations failed', failure);
      void toast.error(failedBecause(t('ruleValidation.deleteFailed'), failure));
    } finally {
      setDeleting(false);
      setToDelete(null);
      void mutate();
    }
  };

  return (
    <div className="tab-panel">
      <ServerTable
        table={table}
        columns={columns}
        data={data}
        loading={isLoading}
        error={error ? `${t('ruleValidation.documentsFailed')}: ${errorMessage(error)}` : null}
        rowKey={(row) => row.id}
        onRefresh={() => void mutate()}
        label={t('ruleValidation.tabs.documents')}
        testId="validation-documents-table"
      />
      <DeleteConfirmDialog isOpen={toDelete !== null} loading={deleting} onCancel={() => setToDelete(null)} onConfirm={() => void confirmDelete()} />
    </div>
  );
}
