import { Button, NonIdealState, Spinner, Tab, TabPanel, Tabs, Tooltip } from '@blueprintjs/core';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { DeleteConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { downloadUrl } from '../../lib/format';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { deleteDocument, downloadDocument, useDocument, useDocumentExtraction, useDocumentPdf } from './api';
import { ExecutionLogsTab } from './ExecutionLogsTab';
import { ExtractionLoading, GeometryTab, JsonTab, RawTextTab } from './ExtractionTabs';
import { GeneralTab } from './GeneralTab';
import { NO_FOCUS, type PdfFocus } from './geometry';
import { RulesTab } from './RulesTab';
import { DOCUMENT_TABS, dossierPath, EXTRACTION_TABS, tabOf, type DocumentTab } from './tabs';
import { TagsTab } from './TagsTab';
import './documents.css';

/** pdf.js and its viewer: a chunk of their own, loaded when a document page opens. */
const PdfViewer = lazy(() => import('./PdfViewer'));

const TABS_ID = 'document-tabs';
/** After a rule run (a job), the logs and the document are read again this much later. */
export const RUN_REFRESH_MS = 3000;

const allow = (resource: string) => ({ action: 'allow', resource }) as const;
const isExecutionLogsKey = (key: unknown) => Array.isArray(key) && key[0] === 'DocumentDetailExecutionLogs';

/**
 * /dossier/dettagli/:dossierId/documenti/:docId (and …/regole, which opens the regole tab): the
 * document's tabs (kept in `?tab=`, replaced without reload) beside its PDF; download and delete.
 */
export function DocumentPage() {
  const { t } = useTranslation();
  const { dossierId = '', docId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const can = useCan();
  const { mutate: mutateAll } = useSWRConfig();
  const onRulesRoute = /\/regole\/?$/.test(useLocation().pathname);
  const canLogs = can(allow('ruleExecutions'));
  const visible = DOCUMENT_TABS.filter((id) => id !== 'regoleeseguite' || canLogs);
  const requested = tabOf(params.get('tab'), onRulesRoute ? 'regole' : 'generale');
  const tab: DocumentTab = visible.includes(requested) ? requested : 'generale';

  const { data: document, error, isLoading, mutate } = useDocument(docId);
  const pdf = useDocumentPdf(docId, document ? 'pdf' : undefined);
  const extraction = useDocumentExtraction(docId, document?.state, EXTRACTION_TABS.includes(tab));
  const [focus, setFocus] = useState<PdfFocus>(NO_FOCUS);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (error) void toast.error(t('documentDetail.loadFailed'));
  }, [error, t]);
  useEffect(() => {
    if (extraction.error) void toast.error(t('documentDetail.loadFailed'));
  }, [extraction.error, t]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const select = (next: DocumentTab) => {
    setFocus(NO_FOCUS);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  };

  const refreshAfterRun = useCallback(() => {
    const refresh = () => {
      void mutate();
      void mutateAll(isExecutionLogsKey);
    };
    refresh();
    clearTimeout(timer.current);
    timer.current = setTimeout(refresh, RUN_REFRESH_MS);
  }, [mutate, mutateAll]);

  const download = async () => {
    setDownloading(true);
    try {
      const file = await downloadDocument(docId);
      downloadUrl(file.url, `${file.filename}.${file.extension}`);
    } catch {
      void toast.error(t('documentDetail.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteDocument(docId);
      void toast.success(t('documentDetail.deleted'));
      setConfirming(false);
      await navigate(dossierPath(document?.dossier.id ?? dossierId));
    } catch {
      void toast.error(t('documentDetail.deleteFailed'));
      setConfirming(false);
    } finally {
      setDeleting(false);
    }
  };

  const dossierLabel = document?.dossier.description || document?.dossier.id || dossierId;
  const title = document?.name ?? t('routes.documentDetail');
  const breadcrumbs = [
    { label: t('routes.dashboard'), to: '/' },
    { label: t('routes.dossiers'), to: '/dossier' },
    { label: dossierLabel, to: dossierPath(document?.dossier.id ?? dossierId) },
    { label: title },
  ];

  const header = (
    <PageHeader title={title} breadcrumbs={breadcrumbs}>
      {document && can(allow('deleteDocument')) && (
        <Button icon="trash" intent="danger" variant="outlined" text={t('documentDetail.delete')} onClick={() => setConfirming(true)} data-testid="document-delete" />
      )}
    </PageHeader>
  );

  if (isLoading) {
    return (
      <>
        {header}
        <Spinner size={32} aria-label={t('common.loading')} className="document-detail__loader" />
      </>
    );
  }
  if (!document) {
    return (
      <>
        {header}
        <section className="page-panel">
          <div data-testid="document-failed">
            <NonIdealState icon="error" title={t('documentDetail.loadFailed')} />
          </div>
        </section>
      </>
    );
  }

  const extracted = extraction.data;
  const panels: Record<DocumentTab, () => ReactNode> = {
    generale: () => <GeneralTab document={document} />,
    modifica: () => <TagsTab key={document.metas} document={document} onSaved={() => void mutate()} />,
    regole: () => <RulesTab documentId={document.id} onRan={refreshAfterRun} />,
    regoleeseguite: () => <ExecutionLogsTab documentId={document.id} />,
    formdata: () => (extracted ? <JsonTab json={extracted.formData} label={t('documentDetail.tabs.formdata')} testId="formdata" /> : <ExtractionState failed={!!extraction.error} />),
    tables: () => (extracted ? <JsonTab json={extracted.tables} label={t('documentDetail.tabs.tables')} testId="tables" /> : <ExtractionState failed={!!extraction.error} />),
    textwithgeometry: () => (extracted ? <GeometryTab json={extracted.rawTextWithGeometry} onFocus={setFocus} /> : <ExtractionState failed={!!extraction.error} />),
    rawtext: () =>
      extracted ? <RawTextTab text={extracted.rawText} geometry={extracted.rawTextWithGeometry} onFocus={setFocus} /> : <ExtractionState failed={!!extraction.error} />,
  };

  return (
    <>
      {header}
      <div className="document-detail">
        <section className="page-panel document-detail__main">
          <div className="document-detail__tabbar">
            <Tabs id={TABS_ID} animate={false} selectedTabId={tab} onChange={(id) => select(tabOf(String(id)))} className="document-detail__tabs">
              {visible.map((id) => (
                <Tab key={id} id={id} title={t(`documentDetail.tabs.${id}`)} data-testid={`tab-${id}`} />
              ))}
            </Tabs>
            {can(allow('documents')) && (
              <Tooltip content={t('documentDetail.download')}>
                <Button icon="download" variant="minimal" aria-label={t('documentDetail.download')} loading={downloading} onClick={() => void download()} data-testid="document-download" />
              </Tooltip>
            )}
          </div>
          <TabPanel id={tab} parentId={TABS_ID} selectedTabId={tab} panel={<div className="document-detail__panel">{panels[tab]()}</div>} className="document-detail__tabpanel" />
        </section>
        <section className="page-panel document-detail__viewer" aria-label={t('documentDetail.pdf.label')}>
          {pdf.data ? (
            <Suspense fallback={<Spinner size={32} aria-label={t('common.loading')} className="document-detail__loader" />}>
              <PdfViewer file={pdf.data} focus={focus} />
            </Suspense>
          ) : pdf.error ? (
            <NonIdealState icon="document" title={t('documentDetail.pdf.error')} />
          ) : (
            <Spinner size={32} aria-label={t('common.loading')} className="document-detail__loader" />
          )}
        </section>
      </div>
      <DeleteConfirmDialog isOpen={confirming} loading={deleting} onCancel={() => setConfirming(false)} onConfirm={() => void remove()} />
    </>
  );
}

function ExtractionState({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  return failed ? <NonIdealState icon="error" title={t('documentDetail.loadFailed')} /> : <ExtractionLoading />;
}
