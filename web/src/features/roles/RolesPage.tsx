import { Button, Callout, HTMLTable, NonIdealState, Spinner, Tab, Tabs, Tag, Tooltip } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { deleteGroup, deletePolicy, deleteRole, useGroups, usePolicies, useRoles } from './api';
import { allowedTabs, NEW_PATHS, roleColor, tabOf, type RoleTab } from './tabs';

/**
 * /roles?tab=roles|policies|groups: three tabs kept in the query string. A tab shows only to a
 * user allowed on its resource (roles, policies, groups: reading it and changing it need the
 * same one); the screen's "new" button creates in the tab shown.
 */
export function RolesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tabs = allowedTabs(can);
  const asked = tabOf(params.get('tab'));
  const tab = tabs.includes(asked) ? asked : (tabs[0] ?? 'roles');
  const select = (next: RoleTab) => setParams((current) => {
    const updated = new URLSearchParams(current);
    updated.set('tab', next);
    return updated;
  });
  const newText = { roles: t('roles.newRole'), policies: t('roles.newPolicy'), groups: t('roles.newGroup') }[tab];
  const panels = { roles: <RolesTab />, policies: <PoliciesTab />, groups: <GroupsTab /> };
  return (
    <>
      <PageHeader title={t('routes.roles')} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t('routes.roles') }]}>
        {tabs.includes(tab) && (
          <Button intent="primary" icon="add" text={newText} onClick={() => void navigate(NEW_PATHS[tab])} data-testid={`${tab}-new`} />
        )}
      </PageHeader>
      <section className="page-panel">
        <Tabs id="roles-tabs" animate={false} selectedTabId={tab} onChange={(id) => select(tabOf(String(id)))} renderActiveTabPanelOnly large>
          {tabs.map((id) => (
            <Tab key={id} id={id} title={t(`roles.tabs.${id}`)} panel={panels[id]} data-testid={`tab-${id}`} />
          ))}
        </Tabs>
      </section>
    </>
  );
}

/** A role name as a coloured badge. */
export function RoleBadge({ name }: { name: string }) {
  return (
    <Tag round style={{ backgroundColor: roleColor(name), color: '#fff' }} data-testid="role-badge">
      {name}
    </Tag>
  );
}

interface TabFrameProps {
  testId: string;
  loading: boolean;
  failed: string | null;
  empty: boolean;
  head: ReactNode;
  children: ReactNode;
}

function TabFrame({ testId, loading, failed, empty, head, children }: TabFrameProps) {
  const { t } = useTranslation();
  return (
    <div className="tab-panel">
      {failed !== null && (
        <Callout intent="danger" icon="error" role="alert" className="form-error">
          {failed}
        </Callout>
      )}
      <div className="table-scroll">
        <HTMLTable className="data-table data-table--wide data-table--stack" striped data-testid={`${testId}-table`}>
          <thead>{head}</thead>
          <tbody>{children}</tbody>
        </HTMLTable>
        {loading && <Spinner size={24} aria-label={t('common.loading')} className="table-loader" />}
        {!loading && empty && failed === null && <NonIdealState icon="list" title={t('common.empty')} />}
      </div>
    </div>
  );
}

/** A delete button asking first, then calling `remove` and showing the outcome. */
function DeleteAction({ label, question, remove, done, failed }: { label: string; question: string; remove: () => Promise<unknown>; done: string; failed: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await remove();
      void toast.success(done);
    } catch (error) {
      console.error(error);
      void toast.error(failed);
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Tooltip content={t('common.delete')}>
        <Button variant="minimal" icon="trash" intent="danger" aria-label={label} onClick={() => setOpen(true)} data-testid="row-delete" />
      </Tooltip>
      <ConfirmDialog isOpen={open} loading={busy} onCancel={() => setOpen(false)} onConfirm={() => void confirm()}>
        {question}
      </ConfirmDialog>
    </>
  );
}

function useLoadFailedToast(error: unknown, message: string) {
  useEffect(() => {
    if (error) void toast.error(message);
  }, [error, message]);
}

function RolesTab() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useRoles();
  useLoadFailedToast(error, t('roles.loadFailed'));
  const roles = error ? [] : (data ?? []); // a failed load empties the list
  return (
    <TabFrame
      testId="roles"
      loading={isLoading}
      failed={error ? t('roles.loadFailed') : null}
      empty={roles.length === 0}
      head={
        <tr>
          <th scope="col">{t('roles.columns.name')}</th>
          <th scope="col">{t('roles.columns.description')}</th>
          <th scope="col" className="data-table__actions">{t('common.actions')}</th>
        </tr>
      }
    >
      {roles.map((role) => (
        <tr key={role.name} data-testid={`role-row-${role.name}`}>
          <td data-label={t('roles.columns.name')}>
            <RoleBadge name={role.name} />
          </td>
          <td data-label={t('roles.columns.description')}>{role.description}</td>
          <td className="data-table__actions">
            <DeleteAction
              label={t('roles.deleteRole', { name: role.name })}
              question={t('roles.confirmDeleteRole', { name: role.name })}
              remove={() => deleteRole(role.name).then(() => mutate())}
              done={t('roles.roleDeleted')}
              failed={t('roles.roleDeleteFailed')}
            />
          </td>
        </tr>
      ))}
    </TabFrame>
  );
}

function PoliciesTab() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = usePolicies();
  useLoadFailedToast(error, t('roles.policiesLoadFailed'));
  const policies = error ? [] : (data ?? []);
  return (
    <TabFrame
      testId="policies"
      loading={isLoading}
      failed={error ? t('roles.policiesLoadFailed') : null}
      empty={policies.length === 0}
      head={
        <tr>
          <th scope="col">{t('roles.columns.subject')}</th>
          <th scope="col">{t('roles.columns.object')}</th>
          <th scope="col">{t('roles.columns.action')}</th>
          <th scope="col" className="data-table__actions">{t('common.actions')}</th>
        </tr>
      }
    >
      {policies.map((policy) => {
        const key = `${policy.subject}|${policy.domain}|${policy.object}|${policy.action}`;
        return (
          <tr key={key} data-testid="policy-row">
            <td data-label={t('roles.columns.subject')}>
              <RoleBadge name={policy.subject} />
            </td>
            <td data-label={t('roles.columns.object')}>{policy.object}</td>
            <td data-label={t('roles.columns.action')}>
              <Tag minimal intent={policy.action === 'deny' ? 'danger' : 'success'}>
                {policy.action === 'deny' ? t('roles.actions.deny') : policy.action === 'allow' ? t('roles.actions.allow') : policy.action}
              </Tag>
            </td>
            <td className="data-table__actions">
              <DeleteAction
                label={t('roles.deletePolicy', { subject: policy.subject, object: policy.object })}
                question={t('roles.confirmDeletePolicy', { subject: policy.subject, object: policy.object })}
                remove={() => deletePolicy(policy).then(() => mutate())}
                done={t('roles.policyDeleted')}
                failed={t('roles.policyDeleteFailed')}
              />
            </td>
          </tr>
        );
      })}
    </TabFrame>
  );
}

function GroupsTab() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useGroups();
  useLoadFailedToast(error, t('roles.groupsLoadFailed'));
  const groups = error ? [] : (data ?? []);
  return (
    <TabFrame
      testId="groups"
      loading={isLoading}
      failed={error ? t('roles.groupsLoadFailed') : null}
      empty={groups.length === 0}
      head={
        <tr>
          <th scope="col">{t('roles.columns.subject')}</th>
          <th scope="col">{t('roles.columns.domain')}</th>
          <th scope="col">{t('roles.columns.role')}</th>
          <th scope="col" className="data-table__actions">{t('common.actions')}</th>
        </tr>
      }
    >
      {groups.map((group) => (
        <tr key={`${group.subject}|${group.domain}|${group.role}`} data-testid="group-row">
          <td data-label={t('roles.columns.subject')}>{group.subject}</td>
          <td data-label={t('roles.columns.domain')}>{group.domain}</td>
          <td data-label={t('roles.columns.role')}>
            <RoleBadge name={group.role} />
          </td>
          <td className="data-table__actions">
            <DeleteAction
              label={t('roles.deleteGroup', { subject: group.subject, role: group.role })}
              question={t('roles.confirmDeleteGroup', { subject: group.subject, role: group.role })}
              remove={() => deleteGroup(group).then(() => mutate())}
              done={t('roles.groupDeleted')}
              failed={t('roles.groupDeleteFailed')}
            />
          </td>
        </tr>
      ))}
    </TabFrame>
  );
}
