import { Button, Callout, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { DeleteConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime, prettyJson } from '../../lib/format';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { errorMessage, failedBecause } from '../../lib/validation';
import { deleteRule, rulesPath, useRule } from './api';
import { RuleStateTag } from './RuleStateTag';
import { LazyCodeEditor } from '../../components/code/LazyCodeEditor';
import './rules.css';

// CodeMirror loads with the first rule shown, not with the app.

const TABS = ['codice', 'package', 'datatables'] as const;
type RuleTab = (typeof TABS)[number];

/**
 * /regole/dettagli/{id}: one document rule, read-only (docs/domain.md#screens-and-routes): tabs Codice,
 * Package.json and Datatables; Elimina (after the confirmation, then back to /regole) and Indietro.
 */
export function RuleDetailPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const [params, setParams] = useSearchParams();
  const tab: RuleTab = TABS.find((each) => each === params.get('tab')) ?? 'codice';
  const { data: rule, error, isLoading } = useRule(id);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (error) void toast.error(t('rules.loadFailed'));
  }, [error, t]);

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteRule(id);
      void toast.success(t('rules.deleted'));
      await navigate(rulesPath);
    } catch (failure) {
      console.error('deleteDocumentRule failed', failure);
      void toast.error(failedBecause(t('rules.deleteFailed'), failure));
      setDeleting(false);
      setConfirming(false);
    }
  };

  const title = rule?.description ?? id;
  const viewer = (value: string, language: 'javascript' | 'json', label: string, testId: string) => (
    <LazyCodeEditor value={value} language={language} readOnly label={label} className="rules__code" testId={testId} />
  );

  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t('routes.rules'), to: rulesPath }, { label: title }]}>
        <Button icon="arrow-left" text={t('rules.back')} onClick={() => void navigate(rulesPath)} data-testid="rule-back" />
        {can({ action: 'allow', resource: 'deleteDocumentRule' }) && (
          <Button icon="trash" intent="danger" text={t('rules.delete')} disabled={!rule} onClick={() => setConfirming(true)} data-testid="rule-delete" />
        )}
      </PageHeader>
      <section className="page-panel">
        {isLoading && <Spinner size={24} aria-label={t('common.loading')} className="table-loader" />}
        {error && (
          <Callout intent="danger" icon="error" role="alert" className="form-error">
            {t('rules.loadFailed')}: {errorMessage(error)}
          </Callout>
        )}
        {rule && (
          <>
            <dl className="detail-fields" data-testid="rule-fields">
              <dt>{t('rules.columns.id')}</dt>
              <dd className="detail-fields__wrap">
                <code>{rule.id}</code>
              </dd>
              <dt>{t('rules.columns.documentType')}</dt>
              <dd>
                <Link to={`/tipologie/documenti/dettagli/${encodeURIComponent(rule.documentType.name)}`}>{rule.documentType.name}</Link>
              </dd>
              <dt>{t('rules.columns.state')}</dt>
              <dd>
                <RuleStateTag state={rule.state} />
              </dd>
              <dt>{t('rules.columns.createdAt')}</dt>
              <dd>{formatDateTime(rule.createdAt)}</dd>
              <dt>{t('rules.fields.updatedAt')}</dt>
              <dd>{formatDateTime(rule.updatedAt)}</dd>
              {rule.nota.trim() !== '' && (
                <>
                  <dt>{t('rules.fields.nota')}</dt>
                  <dd className="detail-fields__wrap">{rule.nota}</dd>
                </>
              )}
            </dl>
            <Tabs
              id="rule-tabs"
              animate={false}
              selectedTabId={tab}
              onChange={(next) =>
                setParams(
                  (current) => {
                    const updated = new URLSearchParams(current);
                    updated.set('tab', String(next));
                    return updated;
                  },
                  { replace: true },
                )
              }
              className="detail-tabs"
              renderActiveTabPanelOnly
            >
              <Tab id="codice" title={t('rules.tabs.code')} panel={viewer(rule.code, 'javascript', t('rules.codeLabel'), 'rule-code')} />
              <Tab id="package" title={t('rules.tabs.packageJson')} panel={viewer(prettyJson(rule.packageJSON), 'json', t('rules.packageLabel'), 'rule-package')} />
              <Tab
                id="datatables"
                title={t('rules.tabs.dataTables')}
                tagContent={rule.dataTables.length}
                tagProps={{ round: true }}
                panel={
                  rule.dataTables.length === 0 ? (
                    <NonIdealState icon="th" description={t('rules.noDataTables')} />
                  ) : (
                    <ul className="rules__tables" data-testid="rule-tables">
                      {rule.dataTables.map(({ name }) => (
                        <li key={name}>
                          <Link to={`/datatables/dettagli/${encodeURIComponent(name)}`}>{name}</Link>
                        </li>
                      ))}
                    </ul>
                  )
                }
              />
            </Tabs>
          </>
        )}
      </section>
      <DeleteConfirmDialog isOpen={confirming} loading={deleting} onCancel={() => setConfirming(false)} onConfirm={() => void remove()} />
    </>
  );
}
