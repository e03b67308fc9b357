import { Alert, Button, Callout, Classes, Radio, SegmentedControl, Tooltip } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyCodeDiff } from '../../../components/code/LazyCodeDiff';
import { ServerTable, tableInputOf, useTableState, type Column } from '../../../components/table';
import { formatDateTime, prettyJson } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { errorMessage } from '../../../lib/validation';
import { restoreRuleVersion, useRuleVersions, type RuleVersionRow } from './api';
import type { RuleKind } from './contract';

/** What the diff compares. */
const DIFF_FILES = ['code', 'helper', 'package', 'metadata'] as const;
type DiffFile = (typeof DIFF_FILES)[number];

/** The rest of a version as one JSON text: its name and its metadata. */
export function metadataText(version: RuleVersionRow): string {
  let metadata: unknown = {};
  try {
    metadata = JSON.parse(version.metadata);
  } catch {
    metadata = version.metadata;
  }
  return prettyJson(JSON.stringify({ description: version.description, ...(metadata && typeof metadata === 'object' ? metadata : { metadata }) }));
}

const textOf = (version: RuleVersionRow, file: DiffFile): string =>
  file === 'code' ? version.code : file === 'helper' ? version.helper : file === 'package' ? prettyJson(version.packageJSON) : metadataText(version);

interface HistoryPanelProps {
  ruleId: string;
  kind: RuleKind;
  canRestore: boolean;
  /** The editor has unsaved edits (a restore replaces them). */
  dirty: boolean;
  /** After a restore: the editor reads the rule again. */
  onRestored: () => Promise<void>;
}

/**
 * Storia: the rule's saved versions (the server-side table, newest first), the difference of any
 * two (code, helper.js, package.json, metadata) in CodeMirror's merge view, and the restore of one
 * (after a confirmation; the restore is a new version).
 */
export function HistoryPanel({ ruleId, canRestore, dirty, onRestored }: HistoryPanelProps) {
  const { t } = useTranslation();
  const table = useTableState('versions', { column: 'version', descending: true });
  const narrow = useMediaQuery('(max-width: 800px)');
  const [sideA, setSideA] = useState<RuleVersionRow | null>(null);
  const [sideB, setSideB] = useState<RuleVersionRow | null>(null);
  const [file, setFile] = useState<DiffFile>('code');
  const [restoring, setRestoring] = useState<RuleVersionRow | null>(null);
  const [busy, setBusy] = useState(false);

  const columns = useMemo<Column<RuleVersionRow>[]>(
    () => [
      { id: 'version', header: t('ruleEditor.history.version'), sortable: true, cell: (row) => <strong>{row.version}</strong> },
      {
        id: 'sideA',
        header: t('ruleEditor.history.sideA'),
        cell: (row) => (
          <Radio
            name="version-a"
            checked={sideA?.version === row.version}
            onChange={() => setSideA(row)}
            aria-label={t('ruleEditor.history.chooseA', { n: row.version })}
            className="rule-editor__version-radio"
            data-testid={`version-a-${row.version}`}
          />
        ),
      },
      {
        id: 'sideB',
        header: t('ruleEditor.history.sideB'),
        cell: (row) => (
          <Radio
            name="version-b"
            checked={sideB?.version === row.version}
            onChange={() => setSideB(row)}
            aria-label={t('ruleEditor.history.chooseB', { n: row.version })}
            className="rule-editor__version-radio"
            data-testid={`version-b-${row.version}`}
          />
        ),
      },
      { id: 'createdAt', header: t('ruleEditor.history.createdAt'), cell: (row) => formatDateTime(row.createdAt), className: 'rule-editor__nowrap' },
      { id: 'author', header: t('ruleEditor.history.author'), cell: (row) => row.author ?? <span className={Classes.TEXT_MUTED}>{t('ruleEditor.history.system')}</span> },
      { id: 'description', header: t('ruleEditor.history.description'), cell: (row) => row.description },
      ...(canRestore
        ? [
            {
              id: 'actions',
              header: t('common.actions'),
              align: 'end' as const,
              cell: (row: RuleVersionRow) => (
                <Tooltip content={t('ruleEditor.history.restoreVersion', { n: row.version })}>
                  <Button
                    variant="minimal"
                    icon="history"
                    aria-label={t('ruleEditor.history.restoreVersion', { n: row.version })}
                    onClick={() => setRestoring(row)}
                    data-testid={`version-restore-${row.version}`}
                  />
                </Tooltip>
              ),
            },
          ]
        : []),
    ],
    [t, sideA, sideB, canRestore],
  );

  const versions = useRuleVersions(ruleId, tableInputOf(table, columns));
  useEffect(() => {
    if (versions.error) void toast.error(t('ruleEditor.history.listFailed'));
  }, [versions.error, t]);

  // At first, the newest version against the one before it.
  const items = versions.data?.items;
  useEffect(() => {
    if (!items || items.length === 0 || sideA || sideB) return;
    const sorted = [...items].sort((a, b) => b.version - a.version);
    setSideB(sorted[0] ?? null);
    setSideA(sorted[1] ?? sorted[0] ?? null);
  }, [items, sideA, sideB]);

  const restore = async () => {
    if (!restoring) return;
    setBusy(true);
    try {
      const made = await restoreRuleVersion(ruleId, restoring.version);
      void toast.success(t('ruleEditor.history.restored', { n: restoring.version, version: made.version }));
      setRestoring(null);
      setSideA(null);
      setSideB(null);
      await Promise.all([versions.mutate(), onRestored()]);
    } catch (error) {
      console.error('restoreRuleVersion failed', error);
      void toast.error(`${t('ruleEditor.history.restoreFailed')}: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const changed = (each: DiffFile) => sideA !== null && sideB !== null && textOf(sideA, each) !== textOf(sideB, each);
  const fileLabel = (each: DiffFile) =>
    each === 'code' ? 'rule.js' : each === 'helper' ? 'helper.js' : each === 'package' ? 'package.json' : t('ruleEditor.history.metadata');

  return (
    <div className="rule-editor__history" data-testid="rule-history">
      <ServerTable
        table={table}
        columns={columns}
        data={versions.data}
        loading={versions.isLoading}
        error={versions.error ? t('ruleEditor.history.listFailed') : null}
        rowKey={(row) => String(row.version)}
        onRefresh={() => void versions.mutate()}
        label={t('ruleEditor.history.table')}
        testId="versions-table"
      />
      <h3 className={Classes.HEADING}>{t('ruleEditor.history.diff')}</h3>
      {!sideA || !sideB ? (
        <p className={Classes.TEXT_MUTED}>{t('ruleEditor.history.chooseTwo')}</p>
      ) : (
        <>
          {sideA.version === sideB.version && (
            <Callout intent="primary" icon="info-sign" className="rule-editor__note">
              {t('ruleEditor.history.same')}
            </Callout>
          )}
          <SegmentedControl
            aria-label={t('ruleEditor.history.files')}
            value={file}
            onValueChange={(value) => setFile(value as DiffFile)}
            options={DIFF_FILES.map((each) => ({ value: each, label: changed(each) ? `${fileLabel(each)} •` : fileLabel(each) }))}
            className="rule-editor__diff-files"
            data-testid="diff-files"
          />
          <p className="rule-editor__diff-sides" data-testid="diff-sides" dir="ltr">
            <span>
              {t('ruleEditor.history.sideA')}: {t('ruleEditor.history.versionLabel', { n: sideA.version })} · {formatDateTime(sideA.createdAt)}
            </span>
            <span>
              {t('ruleEditor.history.sideB')}: {t('ruleEditor.history.versionLabel', { n: sideB.version })} · {formatDateTime(sideB.createdAt)}
            </span>
          </p>
          {!changed(file) && sideA.version !== sideB.version && <p className={Classes.TEXT_MUTED}>{t('ruleEditor.history.noChanges')}</p>}
          <LazyCodeDiff
            a={textOf(sideA, file)}
            b={textOf(sideB, file)}
            language={file === 'code' || file === 'helper' ? 'javascript' : 'json'}
            labelA={`${fileLabel(file)} · ${t('ruleEditor.history.versionLabel', { n: sideA.version })}`}
            labelB={`${fileLabel(file)} · ${t('ruleEditor.history.versionLabel', { n: sideB.version })}`}
            layout={narrow ? 'unified' : 'split'}
            className="rule-editor__diff"
            testId="version-diff"
          />
        </>
      )}
      <Alert
        isOpen={restoring !== null}
        onCancel={() => setRestoring(null)}
        onConfirm={() => void restore()}
        cancelButtonText={t('common.cancel')}
        confirmButtonText={t('ruleEditor.history.restore')}
        intent="warning"
        icon="history"
        loading={busy}
        canEscapeKeyCancel
      >
        <p data-testid="version-restore-confirm">{t('ruleEditor.history.restoreConfirm', { n: restoring?.version ?? '' })}</p>
        {dirty && <p>{t('ruleEditor.history.restoreDirty')}</p>}
      </Alert>
    </div>
  );
}
