import { Button, NonIdealState, Spinner, Tab, Tabs, Tooltip } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { DeleteConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { StateTag } from '../../components/StateTag';
import { downloadUrl } from '../../lib/format';
import { useSubscription } from '../../lib/graphql/subscriptions';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { DossierStateChangedSubscription, deleteDossier, downloadDossier, runDossierRules, useDossier } from './api';
import { LiveBadge } from './DossiersPage';
import { dossierPath, isDossierTab, type DossierTab } from './paths';
import { AggregateTab } from './tabs/AggregateTab';
import { ConflictsTab } from './tabs/ConflictsTab';
import { DocumentsTab } from './tabs/DocumentsTab';
import { ExecutionsTab } from './tabs/ExecutionsTab';
import { GeneralTab } from './tabs/GeneralTab';
import { InputTab } from './tabs/InputTab';
import { RuleLogsTab } from './tabs/RuleLogsTab';
import { failedBecause } from '../../lib/validation';

/** /dossier/dettagli/{id} and /dossier/{id}: one dossier in seven tabs (docs/domain.md#screens-and-routes). */
export function DossierDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: DossierTab = isDossierTab(requested) ? requested : 'generale';
  const { data: dossier, error, isLoading, mutate } = useDossier(id);
  const { mutate: mutateAny } = useSWRConfig();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState<'delete' | 'run' | 'download' | null>(null);

  // Any change of this dossier or its documents: refresh what the tabs show.
  const live = useSubscription(DossierStateChangedSubscription, { id }, () => {
    void mutateAny((key) => Array.isArray(key) && key.includes(id));
  });

  const selectTab = (next: DossierTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'generale') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

  const act = async (kind: 'delete' | 'run' | 'download', action: () => Promise<void>) => {
    setBusy(kind);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };

  const download = () =>
    act('download', async () => {
      try {
        const file = await downloadDossier(id);
        downloadUrl(file.url, `${file.filename}.${file.extension}`);
      } catch (failure) {
        console.error('downloadDossier failed', failure);
        void toast.error(failedBecause(t('dossierDetail.downloadFailed'), failure));
      }
    });

  const run = () =>
    act('run', async () => {
      try {
        await runDossierRules(id);
        void toast.success(t('dossierDetail.runStarted'));
        void mutateAny((key) => Array.isArray(key) && key.includes(id));
      } catch (failure) {
        console.error('runDossierRules failed', failure);
        void toast.error(failedBecause(t('dossierDetail.runFailed'), failure));
      }
    });

  const remove = () =>
    act('delete', async () => {
      try {
        await deleteDossier(id);
        void toast.success(t('dossiers.deleted'));
        await navigate('/dossier');
      } catch (failure) {
        console.error('deleteDossier failed', failure);
        void toast.error(failedBecause(t('dossiers.deleteFailed'), failure));
        setConfirmDelete(false);
      }
    });

  const title = dossier ? (dossier.description ?? dossier.id) : id;
  const breadcrumbs = [{ label: t('nav.dashboard'), to: '/' }, { label: t('routes.dossiers'), to: '/dossier' }, { label: title }];

  if (error && !dossier) {
    return (
      <>
        <PageHeader title={id} breadcrumbs={breadcrumbs} />
        <section className="page-panel">
          <NonIdealState icon="error" title={t('dossierDetail.loadFailed')} action={<Button text={t('dossierDetail.backToList')} onClick={() => void navigate('/dossier')} />} />
        </section>
      </>
    );
  }

  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs}>
        {dossier && <StateTag kind="dossier" state={dossier.state} />}
        <LiveBadge status={live} />
        <Tooltip content={t('dossierDetail.download')}>
          <Button icon="download" aria-label={t('dossierDetail.download')} title={t('dossierDetail.download')} loading={busy === 'download'} onClick={() => void download()} data-testid="dossier-download" />
        </Tooltip>
        {can({ action: 'allow', resource: 'runDossierRules' }) && (
          <Button icon="play" text={t('dossierDetail.runRules')} loading={busy === 'run'} onClick={() => void run()} data-testid="dossier-run" />
        )}
        {can({ action: 'allow', resource: 'deleteDossier' }) && (
          <Button icon="trash" intent="danger" text={t('common.delete')} onClick={() => setConfirmDelete(true)} data-testid="dossier-delete" />
        )}
      </PageHeader>
      <section className="page-panel">
        {isLoading && !dossier ? (
          <Spinner aria-label={t('common.loading')} />
        ) : dossier ? (
          <Tabs id="dossier-tabs" selectedTabId={tab} onChange={(next) => selectTab(next as DossierTab)} renderActiveTabPanelOnly className="detail-tabs" data-testid="dossier-tabs">
            <Tab id="generale" title={t('dossierDetail.tabs.generale')} panel={<GeneralTab dossier={dossier} onChanged={() => void mutate()} />} />
            <Tab id="documenti" title={t('dossierDetail.tabs.documenti')} panel={<DocumentsTab dossierId={id} />} />
            <Tab id="conflicts" title={t('dossierDetail.tabs.conflicts')} panel={<ConflictsTab dossierId={id} state={dossier.state} onFixed={() => void mutate()} />} />
            <Tab id="status" title={t('dossierDetail.tabs.status')} panel={<ExecutionsTab dossierId={id} />} />
            <Tab id="results" title={t('dossierDetail.tabs.results')} panel={<AggregateTab dossierId={id} />} />
            <Tab id="input" title={t('dossierDetail.tabs.input')} panel={<InputTab input={dossier.input} />} />
            <Tab id="logregole" title={t('dossierDetail.tabs.logregole')} panel={<RuleLogsTab dossierId={id} />} />
          </Tabs>
        ) : null}
      </section>
      <DeleteConfirmDialog isOpen={confirmDelete} loading={busy === 'delete'} onCancel={() => setConfirmDelete(false)} onConfirm={() => void remove()} />
    </>
  );
}

/** /dossier/dettagli/{id}/documenti: the detail on its Documenti tab. */
export function DossierDocumentsPage() {
  const { id = '' } = useParams();
  return <Navigate to={dossierPath(id, 'documenti')} replace />;
}
