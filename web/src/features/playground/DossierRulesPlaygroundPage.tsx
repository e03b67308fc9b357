import { Button, InputGroup, Tag } from '@blueprintjs/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tableInputOf, useTableState, type Column } from '../../components/table';
import { useCan } from '../../lib/session';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { CODE_SEARCH_DEBOUNCE_MS, useDossierRulesList, type DossierRuleRow } from './api';
import { CodeMatches } from './CodeMatches';
import { ImportRulesDialog } from './ImportRulesDialog';
import { RuleListFrame } from './RuleListFrame';
import { ActiveTag, NoteCell } from './RuleListParts';
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
  const table = useTableState('dossierRules', { column: 'createdAt', descending: true });
  const [importing, setImporting] = useState(false);
  const mayImport = can({ action: 'allow', resource: 'importDossierRules' });

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

  const columns = useMemo<Column<DossierRuleRow>[]>(
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

  const list = useDossierRulesList(tableInputOf(table, [...columns, CODE_FILTER]));
  // The search the rows shown answer (the previous page stays while the next loads).
  const shownSearch = list.data?.codeSearch ?? '';

  const searchId = useId();
  return (
    <RuleListFrame
      kind="dossier"
      table={table}
      columns={columns}
      list={list}
      headerActions={mayImport && <Button icon="import" text={t('playground.importZip')} onClick={() => setImporting(true)} data-testid="playground-import" />}
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
    >
      {mayImport && <ImportRulesDialog isOpen={importing} onClose={() => setImporting(false)} onImported={() => void list.mutate()} />}
    </RuleListFrame>
  );
}
