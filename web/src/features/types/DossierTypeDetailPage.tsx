import { Button, FormGroup, Tag } from '@blueprintjs/core';
import { TagListInput } from '../../components/TagListInput';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { tableInputOf, type Column } from '../../components/table';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { failedBecause } from '../../lib/validation';
import { TYPE_RESOURCES, setRequiredMetas, useDossierType, useDossierTypeRules } from './api';
import { TypeDetailFrame } from './TypeDetailFrame';
import { codeToggleColumn, TypeRuleCode, TypeRulesSection, useTypeRulesTable } from './TypeRules';
import './types.css';

interface RuleRow {
  id: string;
  description: string;
  code: string;
  /** `null`: a rule of every dossier type. */
  dossierType: { name: string } | null;
}

/**
 * /tipologie/dossier/dettagli/{name}: the type, the metas its dossiers must have before its
 * dossier rules run (edited here), and the dossier rules its dossiers run — its own and those of
 * every type — paged on the server: index, ID, description, scope, and the code in an
 * expandable row.
 */
export function DossierTypeDetailPage() {
  const can = useCan();
  const name = useParams().name ?? '';
  const { data: type, error, isLoading, mutate } = useDossierType(name);
  return (
    <TypeDetailFrame kind="dossier" name={name} type={type} error={error} isLoading={isLoading}>
      {(found) => (
        <>
          <RequiredMetas
            name={found.name}
            saved={found.requiredMetas}
            editable={can({ action: 'allow', resource: 'setDossierTypeRequiredMetas' })}
            onSaved={() => void mutate()}
          />
          {can({ action: 'allow', resource: TYPE_RESOURCES.dossier.rules }) && <DossierTypeRules name={found.name} />}
        </>
      )}
    </TypeDetailFrame>
  );
}

/** Meta names as the server keeps them: trimmed, no empty one, each once, sorted. */
export function normalizeMetas(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))].sort();
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, index) => value === b[index]);

/** The required metas of the type as tags: Enter (or a comma) adds one, the cross removes it, Salva saves them. */
function RequiredMetas({ name, saved, editable, onSaved }: { name: string; saved: readonly string[]; editable: boolean; onSaved: () => void }) {
  const { t } = useTranslation();
  const [metas, setMetas] = useState<string[]>(() => normalizeMetas(saved));
  const [saving, setSaving] = useState(false);
  const savedKey = saved.join('\n');
  // The server's list changed (saved here or elsewhere): show it.
  useEffect(() => setMetas(normalizeMetas(savedKey === '' ? [] : savedKey.split('\n'))), [savedKey]);
  const changed = !sameList(metas, normalizeMetas(saved));

  const save = async () => {
    setSaving(true);
    try {
      const result = await setRequiredMetas(name, metas);
      setMetas(normalizeMetas(result.requiredMetas));
      void toast.success(t('types.metas.saved'));
      onSaved();
    } catch (failure) {
      void toast.error(failedBecause(t('types.metas.saveFailed'), failure));
    } finally {
      setSaving(false);
    }
  };

  if (!editable) {
    return (
      <section className="detail-section" data-testid="type-metas">
        <h2 className="page-panel__title">{t('types.metas.title')}</h2>
        {metas.length === 0 ? (
          <p className="muted">{t('types.metas.none')}</p>
        ) : (
          <div className="types__metas">
            {metas.map((meta) => (
              <Tag key={meta}>{meta}</Tag>
            ))}
          </div>
        )}
      </section>
    );
  }

  return (
    <section className="detail-section" data-testid="type-metas">
      <h2 className="page-panel__title">{t('types.metas.title')}</h2>
      <FormGroup labelFor="type-metas-input" label={t('types.metas.label')} helperText={t('types.metas.help')} className="types__metas-field">
        <TagListInput
          values={metas}
          onChange={(values) => setMetas(normalizeMetas(values.map(String)))}
          addOnBlur
          addOnPaste
          separator={/[,\n\r]/}
          leftIcon="tag"
          placeholder={t('types.metas.placeholder')}
          inputProps={{ id: 'type-metas-input', 'aria-label': t('types.metas.label') }}
          tagProps={{ minimal: true }}
          data-testid="type-metas-input"
        />
      </FormGroup>
      <div className="types__metas-actions">
        <Button intent="primary" icon="floppy-disk" text={t('types.metas.save')} disabled={!changed} loading={saving} onClick={() => void save()} data-testid="type-metas-save" />
        {changed && <Button variant="minimal" text={t('types.metas.reset')} onClick={() => setMetas(normalizeMetas(saved))} data-testid="type-metas-reset" />}
      </div>
    </section>
  );
}

/** The filters of the rules table (what its `TableInput` needs before the columns exist). */
const RULE_FILTERS: readonly Column<RuleRow>[] = [
  { id: 'id', header: 'id', filter: { kind: 'text' }, cell: () => null },
  { id: 'description', header: 'description', filter: { kind: 'text' }, cell: () => null },
];

function DossierTypeRules({ name }: { name: string }) {
  const { t } = useTranslation();
  const rules = useTypeRulesTable();
  const { table, open, toggle } = rules;
  const page = useDossierTypeRules(name, tableInputOf(table, RULE_FILTERS));
  const { data } = page;
  const { pageIndex, pageSize } = table.state;

  const columns = useMemo<Column<RuleRow>[]>(() => {
    // The index column: each rule's place in the whole ordered list.
    const positions = new Map((data?.items ?? []).map((rule, index) => [rule.id, pageIndex * pageSize + index + 1]));
    return [
      { id: 'index', header: t('types.rules.index'), align: 'end', cell: (row) => positions.get(row.id) ?? '' },
      {
        id: 'id',
        header: t('types.rules.id'),
        filter: { kind: 'text' },
        cell: (row) => (
          <span className="types__rule-id" title={row.id}>
            {row.id}
          </span>
        ),
      },
      { id: 'description', header: t('types.rules.description'), sortable: true, filter: { kind: 'text' }, cell: (row) => row.description },
      {
        id: 'scope',
        header: t('types.rules.scope'),
        cell: (row) => (
          <Tag minimal intent={row.dossierType ? 'primary' : 'none'} data-testid="type-rule-scope">
            {row.dossierType ? t('types.rules.scopeType') : t('types.rules.scopeAll')}
          </Tag>
        ),
      },
      codeToggleColumn('code', t, { open, toggle }),
    ];
  }, [t, open, toggle, data, pageIndex, pageSize]);

  return <TypeRulesSection title={t('types.rules.dossierTitle')} rules={rules} columns={columns} page={page} code={(row) => <TypeRuleCode code={row.code} />} />;
}
