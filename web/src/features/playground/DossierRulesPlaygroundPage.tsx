import { Button, InputGroup, Tag } from '@blueprintjs/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable, tableInputOf, useTableState, type Column } from '../../components/table';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import {
  CODE_SEARCH_DEBOUNCE_MS,
  deleteDossierRule,
  dossierRuleEditorPath,
  newDossierRulePath,
  setDossierRuleActive,
  useDossierRulesList,
  type DossierRuleRow,
} from './api';
import { CodeMatches } from './CodeMatches';
import { ImportRulesDialog } from './ImportRulesDialog';
import { ActiveTag, NoteCell, ruleActionsColumn, useRuleRowActions } from './RuleListParts';
import './playground.css';

/** "Cerca codice" is a filter of the list's own, outside the columns: `code` (text). */
const CODE_FILTER: Column<DossierRuleRow> = { id: 'code', header: 'code', filter: { kind: 'text' }, cell: () => null };

/**
 * /playground/dossier (docs/domain.md#playgrounds): the dossier rules, paged, sorted and filtered on the
 * server — Description, Istituto, Stato (VALIDA or NON VALIDA), Gruppo, Nota, Attiva, Azioni —
 * with 'Import ZIP', 'Nuova regola' and 'Cerca codice': the rules whose code holds what is typed,
 * asked 1000 ms after the last key, each with its matching lines under it.
 */
export function DossierRulesPlaygroundPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const table = useTableState('dossierRules', { column: 'createdAt', descending: true });
  const [importing, setImporting] = useState(false);
  const mayToggle = can({ action: 'allow', resource: 'setDossierRuleActive' });
  const mayDelete = can({ action: 'allow', resource: 'deleteDossierRule' });
  const mayCreate = can({ action: 'allow', resource: 'createDossierRule' });
  const mayImport = can({ action: 'allow', resource: 'importDossierRules' });
  const open = (row: DossierRuleRow) => void navigate(dossierRuleEditorPath(row.id));

  // "Cerca codice": what is typed becomes the `code` filter (kept in the address like the
  // others) once typing has stopped for 1000 ms, or at once with Enter.
  const codeFilter = table.state.filters.code?.[0] ?? '';
  const [codeText, setCodeText] = useState(codeFilter);
  const typed = useDebouncedValue(codeText, CODE_SEARCH_DEBOUNCE_MS);
  const latest = useRef({ table, codeFilter });
  latest.current = { table, codeFilter };
  const search = (text: string) => {
    const { table: current, codeFilter: applied } = latest.current;
    if (text.trim() !== applied.trim()) current.setFilter('code', text.trim() === '' ? [] : [text]);
  };
  useEffect(() => search(typed), [typed]);
  // The filter changed elsewhere ("Azzera filtri", back, a remembered address): the box follows.
  useEffect(() => setCodeText(codeFilter), [codeFilter]);

  const filterColumns = useMemo<Column<DossierRuleRow>[]>(
    () => [
      { id: 'description', header: t('playground.columns.description'), sortable: true, filter: { kind: 'text' }, cell: (row) => row.description },
      { id: 'istituto', header: t('playground.columns.istituto'), cell: (row) => row.istitutoAppartenenza },
      {
        id: 'valid',
        header: t('playground.columns.valid'),
        cell: (row) => (
          <Tag minimal round intent={row.valid ? 'success' : 'danger'} data-testid="rule-valid">
            {row.valid ? t('playground.valid') : t('playground.notValid')}
          </Tag>
        ),
      },
      {
        id: 'gruppo',
        header: t('playground.columns.gruppo'),
        cell: (row) =>
          row.gruppo.length === 0 ? (
            <span className="pg-muted">—</span>
          ) : (
            <span className="pg-chips">
              {row.gruppo.map((group) => (
                <Tag key={group} minimal intent="primary">
                  {group}
                </Tag>
              ))}
            </span>
          ),
      },
      { id: 'nota', header: t('playground.columns.nota'), cell: (row) => <NoteCell nota={row.nota} /> },
      { id: 'active', header: t('playground.columns.active'), cell: (row) => <ActiveTag active={row.active} /> },
    ],
    [t],
  );

  const { data, error, isLoading, mutate } = useDossierRulesList(tableInputOf(table, [...filterColumns, CODE_FILTER]));
  // The search the rows shown answer (the previous page stays while the next loads).
  const shownSearch = data?.codeSearch ?? '';
  const actions = useRuleRowActions({ setActive: setDossierRuleActive, remove: deleteDossierRule, reload: () => mutate() });
  useEffect(() => {
    if (error) void toast.error(t('playground.listFailed'));
  }, [error, t]);

  const columns: Column<DossierRuleRow>[] = [
    ...filterColumns,
    ruleActionsColumn(t('common.actions'), actions, { toggle: mayToggle, remove: mayDelete }, open),
  ];

  const searchId = useId();
  const title = t('routes.playgroundDossier');
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: title }]}>
        {mayImport && <Button icon="import" text={t('playground.importZip')} onClick={() => setImporting(true)} data-testid="playground-import" />}
        {mayCreate && <Button intent="primary" icon="add" text={t('playground.newRule')} onClick={() => void navigate(newDossierRulePath)} data-testid="playground-new-rule" />}
      </PageHeader>
      <section className="page-panel">
        <ServerTable
          table={table}
          columns={columns}
          data={data}
          loading={isLoading}
          error={error ? `${t('playground.listFailed')}: ${errorMessage(error)}` : null}
          rowKey={(row) => row.id}
          onRowOpen={open}
          onRefresh={() => void mutate()}
          label={title}
          testId="dossier-rules-table"
          toolbar={
            <div className="pg-code-search" role="search">
              <label htmlFor={searchId} className="pg-visually-hidden">
                {t('playground.codeSearch.label')}
              </label>
              <InputGroup
                id={searchId}
                type="search"
                leftIcon="code"
                placeholder={t('playground.codeSearch.label')}
                value={codeText}
                onValueChange={setCodeText}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    search(codeText);
                  }
                }}
                spellCheck={false}
                autoComplete="off"
                dir="auto"
                data-testid="code-search"
              />
            </div>
          }
          expansion={shownSearch === '' ? undefined : (row) => row.codeMatches && <CodeMatches lines={row.codeMatches} search={shownSearch} description={row.description} />}
        />
      </section>
      {actions.dialog}
      {mayImport && <ImportRulesDialog isOpen={importing} onClose={() => setImporting(false)} onImported={() => void mutate()} />}
    </>
  );
}
