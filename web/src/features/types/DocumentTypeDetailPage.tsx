import { Button, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ServerTable, tableInputOf, useTableState, type Column } from '../../components/table';
import { useCan } from '../../lib/session';
import { errorMessage } from '../../lib/validation';
import { TYPE_RESOURCES, useDocumentType, useDocumentTypeRules } from './api';
import { TypeDetailFrame } from './TypeDetailFrame';
import { TypeRuleCode, toggled } from './TypeRuleCode';
import './types.css';

interface RuleRow {
  id: string;
  description: string;
  state: string;
  code: string;
  packageJSON: string;
}

/**
 * /tipologie/documenti/dettagli/{name}: the type, and its rules (paged on the server) in rows that
 * open on their code and package.json.
 */
export function DocumentTypeDetailPage() {
  const can = useCan();
  const name = useParams().name ?? '';
  const { data: type, error, isLoading } = useDocumentType(name);
  return (
    <TypeDetailFrame kind="document" name={name} type={type} error={error} isLoading={isLoading}>
      {(found) => can({ action: 'allow', resource: TYPE_RESOURCES.document.rules }) && <DocumentTypeRules name={found.name} />}
    </TypeDetailFrame>
  );
}

function DocumentTypeRules({ name }: { name: string }) {
  const { t } = useTranslation();
  const table = useTableState('typeRules', { column: 'createdAt', descending: true });
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  const columns = useMemo<Column<RuleRow>[]>(
    () => [
      {
        id: 'expand',
        header: t('types.rules.code'),
        cell: (row) => (
          <Button
            variant="minimal"
            size="small"
            icon={open.has(row.id) ? 'chevron-down' : 'chevron-right'}
            aria-expanded={open.has(row.id)}
            aria-label={t(open.has(row.id) ? 'types.rules.collapse' : 'types.rules.expand', { description: row.description })}
            onClick={() => setOpen((current) => toggled(current, row.id))}
            data-testid="type-rule-toggle"
          />
        ),
      },
      {
        id: 'id',
        header: t('types.rules.id'),
        filter: { kind: 'text' },
        cell: (row) => (
          <Link to={`/regole/dettagli/${row.id}`} className="types__rule-id" title={row.id}>
            {row.id}
          </Link>
        ),
      },
      { id: 'description', header: t('types.rules.description'), sortable: true, filter: { kind: 'text' }, cell: (row) => row.description },
      {
        id: 'state',
        header: t('types.rules.state'),
        cell: (row) => (
          <Tag minimal={row.state !== 'active'} round intent={row.state === 'active' ? 'success' : 'warning'}>
            {t(row.state === 'active' ? 'types.rules.active' : 'types.rules.paused')}
          </Tag>
        ),
      },
    ],
    [t, open],
  );
  const { data, error, isLoading, mutate } = useDocumentTypeRules(name, tableInputOf(table, columns));

  return (
    <section className="detail-section" aria-labelledby="type-rules-title">
      <h2 id="type-rules-title" className="page-panel__title">
        {t('types.rules.title')}
      </h2>
      <ServerTable
        table={table}
        columns={columns}
        data={data}
        loading={isLoading}
        error={error ? errorMessage(error) : null}
        rowKey={(row) => row.id}
        onRowOpen={(row) => setOpen((current) => toggled(current, row.id))}
        onRefresh={() => void mutate()}
        label={t('types.rules.title')}
        testId="type-rules-table"
        expansion={(row) => (open.has(row.id) ? <TypeRuleCode code={row.code} packageJson={row.packageJSON} /> : null)}
      />
    </section>
  );
}
