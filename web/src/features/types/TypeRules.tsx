import { Button } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerTable, useTableState, type Column, type PageData } from '../../components/table';
import { prettyJson } from '../../lib/format';
import { useToggleSet } from '../../lib/useToggleSet';
import { errorMessage } from '../../lib/validation';

interface TypeRule {
  id: string;
  description: string;
}

/** The state of a type's rules table (`typeRules.*` in the address, newest first) and which rows are open on their code. */
export function useTypeRulesTable() {
  const table = useTableState('typeRules', { column: 'createdAt', descending: true });
  const [open, toggle] = useToggleSet();
  return { table, open, toggle };
}

type TypeRulesTable = ReturnType<typeof useTypeRulesTable>;

/** The column whose button opens a rule's row on its code, or closes it. */
export function codeToggleColumn<Row extends TypeRule>(id: string, t: TFunction, { open, toggle }: Pick<TypeRulesTable, 'open' | 'toggle'>): Column<Row> {
  return {
    id,
    header: t('types.rules.code'),
    cell: (row) => (
      <Button
        variant="minimal"
        size="small"
        icon={open.has(row.id) ? 'chevron-down' : 'chevron-right'}
        aria-expanded={open.has(row.id)}
        aria-label={t(open.has(row.id) ? 'types.rules.collapse' : 'types.rules.expand', { description: row.description })}
        onClick={() => toggle(row.id)}
        data-testid="type-rule-toggle"
      />
    ),
  };
}

interface TypeRulesSectionProps<Row extends TypeRule> {
  title: string;
  rules: TypeRulesTable;
  columns: readonly Column<Row>[];
  /** The page of rules the server answered. */
  page: { data: PageData<Row> | undefined; error: unknown; isLoading: boolean; mutate: () => unknown };
  /** What an open row shows: its code. */
  code: (row: Row) => ReactNode;
}

/** The rules a type's page lists: paged on the server, a row (Enter, or its button) opening on its code. */
export function TypeRulesSection<Row extends TypeRule>({ title, rules, columns, page, code }: TypeRulesSectionProps<Row>) {
  const { table, open, toggle } = rules;
  return (
    <section className="detail-section" aria-labelledby="type-rules-title">
      <h2 id="type-rules-title" className="page-panel__title">
        {title}
      </h2>
      <ServerTable
        table={table}
        columns={columns}
        data={page.data}
        loading={page.isLoading}
        error={page.error ? errorMessage(page.error) : null}
        rowKey={(row) => row.id}
        onRowOpen={(row) => toggle(row.id)}
        onRefresh={() => void page.mutate()}
        label={title}
        testId="type-rules-table"
        expansion={(row) => (open.has(row.id) ? code(row) : null)}
      />
    </section>
  );
}

/** A rule's code (and package.json when given) under its row, read-only. */
export function TypeRuleCode({ code, packageJson }: { code: string; packageJson?: string }) {
  const { t } = useTranslation();
  return (
    <div className={`types__rule-code${packageJson === undefined ? ' types__rule-code--single' : ''}`}>
      <section>
        <h3 className="detail-subtitle">{t('types.rules.code')}</h3>
        <pre className="code-block" data-testid="type-rule-code">
          <code>{code}</code>
        </pre>
      </section>
      {packageJson !== undefined && (
        <section>
          <h3 className="detail-subtitle">{t('types.rules.packageJson')}</h3>
          <pre className="code-block" data-testid="type-rule-package">
            <code>{prettyJson(packageJson)}</code>
          </pre>
        </section>
      )}
    </div>
  );
}
