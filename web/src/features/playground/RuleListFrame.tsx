import { Button } from '@blueprintjs/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable, type Column, type PageData, type TableController } from '../../components/table';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import {
  deleteDocumentRule,
  deleteDossierRule,
  documentRuleEditorPath,
  dossierRuleEditorPath,
  newDocumentRulePath,
  newDossierRulePath,
  setDocumentRuleActive,
  setDossierRuleActive,
} from './api';
import { ruleActionsColumn, useRuleRowActions } from './RuleListParts';

/** What differs between the two playground lists: the list's name, its rules' operations, their permissions and addresses. */
const RULE_LISTS = {
  document: {
    title: 'routes.playgroundDocuments',
    testId: 'document-rules-table',
    setActive: setDocumentRuleActive,
    remove: deleteDocumentRule,
    resources: { toggle: 'setDocumentRuleActive', remove: 'deleteDocumentRule', create: 'createDocumentRule' },
    editorPath: documentRuleEditorPath,
    newRulePath: newDocumentRulePath,
  },
  dossier: {
    title: 'routes.playgroundDossier',
    testId: 'dossier-rules-table',
    setActive: setDossierRuleActive,
    remove: deleteDossierRule,
    resources: { toggle: 'setDossierRuleActive', remove: 'deleteDossierRule', create: 'createDossierRule' },
    editorPath: dossierRuleEditorPath,
    newRulePath: newDossierRulePath,
  },
} as const;

interface RuleRow {
  id: string;
  description: string;
  active: boolean;
}

interface RuleListFrameProps<Row extends RuleRow> {
  kind: keyof typeof RULE_LISTS;
  table: TableController;
  /** The list's columns before Azioni. */
  columns: readonly Column<Row>[];
  /** The page of rules the server answered. */
  list: { data: PageData<Row> | undefined; error: unknown; isLoading: boolean; mutate: () => Promise<unknown> };
  /** More buttons in the header, before 'Nuova regola'. */
  headerActions?: ReactNode;
  toolbar?: ReactNode;
  expansion?: ((row: Row) => ReactNode) | undefined;
  /** The page's own dialogs. */
  children?: ReactNode;
}

/**
 * A playground list of rules (docs/domain.md#playgrounds): the page's columns and Azioni (pause or
 * activate, details, delete), paged, sorted and filtered on the server; 'Nuova regola'; a row opens
 * the rule's editor. Actions the user may not perform are not offered.
 */
export function RuleListFrame<Row extends RuleRow>({ kind, table, columns, list, headerActions, toolbar, expansion, children }: RuleListFrameProps<Row>) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const { title: titleKey, testId, setActive, remove, resources, editorPath, newRulePath } = RULE_LISTS[kind];
  const allowed = { toggle: can({ action: 'allow', resource: resources.toggle }), remove: can({ action: 'allow', resource: resources.remove }) };
  const open = (row: Row) => void navigate(editorPath(row.id));
  const actions = useRuleRowActions({ setActive, remove, reload: () => list.mutate() });
  useEffect(() => {
    if (list.error) void toast.error(t('playground.listFailed'));
  }, [list.error, t]);

  const title = t(titleKey);
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: title }]}>
        {headerActions}
        {can({ action: 'allow', resource: resources.create }) && (
          <Button intent="primary" icon="add" text={t('playground.newRule')} onClick={() => void navigate(newRulePath)} data-testid="playground-new-rule" />
        )}
      </PageHeader>
      <section className="page-panel">
        <ServerTable
          table={table}
          columns={[...columns, ruleActionsColumn(t('common.actions'), actions, allowed, open)]}
          data={list.data}
          loading={list.isLoading}
          error={list.error ? `${t('playground.listFailed')}: ${errorMessage(list.error)}` : null}
          rowKey={(row) => row.id}
          onRowOpen={open}
          onRefresh={() => void list.mutate()}
          label={title}
          testId={testId}
          toolbar={toolbar}
          expansion={expansion}
        />
      </section>
      {actions.dialog}
      {children}
    </>
  );
}
