import { Button, Callout, HTMLTable, SegmentedControl, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText } from '../../../lib/format';
import { useAggregate } from '../api';

/** The raw aggregate's download name (docs/domain.md#constants). */
export const RAW_AGGREGATE_FILE = 'rawAggregato.json';

interface RuleResult {
  ruleId?: string | null;
  ruleName: string;
  success: boolean;
  result?: unknown;
  error?: string | null;
}

export interface AggregateEntry {
  Input: Record<string, unknown>;
  AggregateResult: boolean;
  Result: RuleResult[];
}

/** The entries with a false result first (docs/domain.md#aggregation), each keeping its input order otherwise. */
export function falseFirst(entries: readonly AggregateEntry[]): AggregateEntry[] {
  return [...entries].sort((a, b) => Number(a.AggregateResult) - Number(b.AggregateResult));
}

/** Risultato regole aggregato: per input item, the AND of the rules and each rule's outcome. */
export function AggregateTab({ dossierId }: { dossierId: string }) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useAggregate(dossierId);
  const [view, setView] = useState<'table' | 'pretty'>('table');

  if (isLoading) return <Spinner aria-label={t('common.loading')} />;
  if (error || data === undefined) {
    return (
      <Callout intent="danger" role="alert">
        {t('dossierDetail.runFailed')}
      </Callout>
    );
  }
  let entries: AggregateEntry[] = [];
  try {
    entries = falseFirst(JSON.parse(data) as AggregateEntry[]);
  } catch {
    entries = [];
  }

  return (
    <div>
      <div className="tab-panel__toolbar tab-panel__toolbar--spread">
        <SegmentedControl
          size="small"
          value={view}
          onValueChange={(value) => setView(value as 'table' | 'pretty')}
          options={[
            { label: t('dossierDetail.aggregate.tableView'), value: 'table' },
            { label: t('dossierDetail.aggregate.prettyView'), value: 'pretty' },
          ]}
          aria-label={t('dossierDetail.aggregate.view')}
        />
        <Button icon="download" text={RAW_AGGREGATE_FILE} onClick={() => downloadText(data, RAW_AGGREGATE_FILE)} data-testid="aggregate-download" />
      </div>
      {entries.length === 0 ? (
        <p className="server-table__empty">{t('table.empty')}</p>
      ) : view === 'pretty' ? (
        <pre className="code-block" tabIndex={0} data-testid="aggregate-pretty">
          {JSON.stringify(entries, null, 2)}
        </pre>
      ) : (
        <div className="table-scroll">
          <HTMLTable className="data-table data-table--stack" striped data-testid="aggregate-table">
            <thead>
              <tr>
                <th scope="col">{t('dossierDetail.aggregate.input')}</th>
                <th scope="col">{t('dossierDetail.aggregate.result')}</th>
                <th scope="col">{t('dossierDetail.aggregate.rules')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, index) => (
                <tr key={index} data-testid="aggregate-row" data-result={String(entry.AggregateResult)}>
                  <td data-label={t('dossierDetail.aggregate.input')}>
                    {Object.entries(entry.Input).map(([key, value]) => (
                      <div key={key}>
                        {/* Data: "key: value" in its own order on a right-to-left page too. */}
                        <bdi dir="ltr">
                          <code>{key}</code>: {typeof value === 'string' ? value || '""' : JSON.stringify(value)}
                        </bdi>
                      </div>
                    ))}
                  </td>
                  <td data-label={t('dossierDetail.aggregate.result')}>
                    <Tag intent={entry.AggregateResult ? 'success' : 'danger'} round>
                      {String(entry.AggregateResult)}
                    </Tag>
                  </td>
                  <td data-label={t('dossierDetail.aggregate.rules')}>
                    {entry.Result.map((rule) => (
                      <div key={`${rule.ruleId ?? ''}${rule.ruleName}`} className="aggregate-rule">
                        <Tag minimal intent={rule.success ? 'success' : 'danger'}>
                          {String(rule.success)}
                        </Tag>{' '}
                        {rule.ruleName}
                        {rule.error && <span className="aggregate-rule__error"> — {rule.error}</span>}
                      </div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </div>
  );
}
