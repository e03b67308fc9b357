import { Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { tableInputOf, type Column } from '../../components/table';
import { useCan } from '../../lib/session';
import { TYPE_RESOURCES, useDocumentType, useDocumentTypeRules } from './api';
import { TypeDetailFrame } from './TypeDetailFrame';
import { codeToggleColumn, TypeRuleCode, TypeRulesSection, useTypeRulesTable } from './TypeRules';
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
  const rules = useTypeRulesTable();
  const { open, toggle } = rules;

  const columns = useMemo<Column<RuleRow>[]>(
    () => [
      codeToggleColumn('expand', t, { open, toggle }),
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
    [t, open, toggle],
  );
  const page = useDocumentTypeRules(name, tableInputOf(rules.table, columns));

  return (
    <TypeRulesSection
      title={t('types.rules.title')}
      rules={rules}
      columns={columns}
      page={page}
      code={(row) => <TypeRuleCode code={row.code} packageJson={row.packageJSON} />}
    />
  );
}
