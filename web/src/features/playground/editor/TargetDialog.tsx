import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, InputGroup, NonIdealState, Radio, RadioGroup, Spinner, type IconName } from '@blueprintjs/core';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStateLabel } from '../../../components/StateTag';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { useDocumentCheck, useDocuments, useDossiers, type DossierItem } from './api';
import type { RuleKind } from './contract';
import type { RunTarget } from './targets';

/** How long the searches wait after the last key. */
const SEARCH_DELAY_MS = 400;
const DOSSIER_PAGE_SIZE = 10;
/** A whole id or a hex prefix of one searches the dossiers' ids rather than their descriptions. */
const LOOKS_LIKE_ID = /^[0-9a-f]{8}(?:-[0-9a-f]{0,4}){0,4}[0-9a-f-]*$/i;
/** States in which a document has an extraction for a rule to read. */
const EXTRACTED = ['extracted', 'processed'];

export type TargetMode = 'run' | 'download';

interface TargetDialogProps {
  kind: RuleKind;
  mode: TargetMode;
  isOpen: boolean;
  /** The document or dossier chosen last time, chosen again at first. */
  initial: RunTarget | null;
  /** Document rules: the rule's document type (a document of another type is pointed out). */
  documentType?: string;
  /** The editor has unsaved changes (a download holds the saved rule). */
  dirty: boolean;
  /** helper.js has unsaved changes (a run uses the saved one). */
  busy: boolean;
  onClose: () => void;
  onConfirm: (target: RunTarget) => void;
  /** Offered with unsaved changes in a download: save, then download. */
  onSaveAndConfirm?: (target: RunTarget) => void;
}

/** The input items of a dossier (its `input` is the JSON text of a list). */
export function inputItems(input: string | null | undefined): unknown[] {
  try {
    const parsed: unknown = JSON.parse(input ?? '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

const short = (value: unknown, max = 90) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/**
 * Esegui's and Playground's choice (docs/domain.md#playgrounds): a document (document rules; searched by file name)
 * or a dossier and the input item to show first (dossier rules; searched by description or id).
 */
export function TargetDialog({ kind, mode, isOpen, initial, documentType, dirty, busy, onClose, onConfirm, onSaveAndConfirm }: TargetDialogProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<RunTarget | null>(initial);
  useEffect(() => {
    if (isOpen) setChosen(initial);
  }, [isOpen, initial]);

  const title =
    mode === 'run' ? t(kind === 'document' ? 'ruleEditor.picker.runDocument' : 'ruleEditor.picker.runDossier') : t(kind === 'document' ? 'ruleEditor.picker.downloadDocument' : 'ruleEditor.picker.downloadDossier');
  const confirm = () => chosen && onConfirm(chosen);

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} icon={mode === 'run' ? 'play' : 'download'} className="rule-editor__dialog">
      <div data-testid="target-dialog">
      <DialogBody>
        {kind === 'document' ? (
          <DocumentChoice open={isOpen} chosen={chosen} onChoose={setChosen} documentType={documentType} />
        ) : (
          <DossierChoice open={isOpen} chosen={chosen} onChoose={setChosen} />
        )}
        {mode === 'download' && dirty && (
          <Callout intent="warning" icon="warning-sign" className="rule-editor__note" data-testid="target-unsaved">
            {t('ruleEditor.picker.unsavedDownload')}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('ruleEditor.picker.cancel')} onClick={onClose} />
            {mode === 'download' && dirty && onSaveAndConfirm && (
              <Button text={t('ruleEditor.picker.saveAndDownload')} icon="floppy-disk" disabled={!chosen || busy} onClick={() => chosen && onSaveAndConfirm(chosen)} data-testid="target-save-download" />
            )}
            <Button
              intent="primary"
              icon={mode === 'run' ? 'play' : 'download'}
              text={mode === 'run' ? t('ruleEditor.picker.run') : t('ruleEditor.picker.download')}
              disabled={!chosen}
              loading={busy}
              onClick={confirm}
              data-testid="target-confirm"
            />
          </>
        }
      />
      </div>
    </Dialog>
  );
}

interface ChoiceProps {
  open: boolean;
  chosen: RunTarget | null;
  onChoose: (target: RunTarget) => void;
}

function DocumentChoice({ open, chosen, onChoose, documentType }: ChoiceProps & { documentType?: string }) {
  const { t } = useTranslation();
  const stateLabel = useStateLabel();
  const [search, setSearch] = useState('');
  const [pages, setPages] = useState(1);
  const query = useDebouncedValue(search, SEARCH_DELAY_MS);
  useEffect(() => setPages(1), [query]);
  const { data, error, isLoading } = useDocuments(query, documentType ?? null, pages, open);
  const check = useDocumentCheck(open ? (chosen?.id ?? null) : null);
  useEffect(() => {
    if (error) void toast.error(t('ruleEditor.documentsFailed'));
  }, [error, t]);

  const items = data?.items ?? [];
  // The remembered document stays offered although it is not among the newest ones.
  const shown = chosen && !items.some((item) => item.id === chosen.id) ? [{ id: chosen.id, name: chosen.label, description: null, dossier: { id: chosen.dossierId ?? '', description: null } }, ...items] : items;

  const document = check.data;
  const warnings: string[] = [];
  if (document) {
    if (!EXTRACTED.includes(document.state)) warnings.push(t('ruleEditor.picker.notExtracted', { state: stateLabel('document', document.state) }));
    if (documentType && !document.documentType) warnings.push(t('ruleEditor.picker.noType'));
    else if (documentType && document.documentType && document.documentType.name !== documentType) {
      warnings.push(t('ruleEditor.picker.wrongType', { type: document.documentType.name, ruleType: documentType }));
    }
  }

  return (
    <div className="rule-editor__choice">
      <ChoiceList
        search={search}
        onSearch={setSearch}
        searchLabel={t('ruleEditor.picker.searchDocuments')}
        label={t('ruleEditor.picker.documents')}
        testId="target-documents"
        loading={isLoading && !data}
        empty={data !== undefined && shown.length === 0}
        emptyIcon="document"
        emptyText={t('ruleEditor.picker.noDocuments')}
        items={shown}
        chosenId={chosen?.id}
        onSelect={(item) => onChoose({ id: item.id, label: item.name, dossierId: item.dossier.id || undefined })}
        itemTestId={(item) => `target-document-${item.id}`}
        renderItem={(item) => (
          <span className="rule-editor__choice-text">
            <strong>{item.name}</strong>
            {item.description && <span>{item.description}</span>}
            {item.dossier.description ? (
              <span className={`${Classes.TEXT_MUTED} text-run`}>{t('ruleEditor.picker.inDossier', { dossier: item.dossier.description })}</span>
            ) : (
              item.dossier.id && (
                <span className={`${Classes.TEXT_MUTED} text-run`}>
                  {t('ruleEditor.picker.inDossier', { dossier: '' })}
                  <code className="id-cell">{item.dossier.id}</code>
                </span>
              )
            )}
          </span>
        )}
      >
        {data?.more && (
          <Button variant="minimal" icon="more" text={t('ruleEditor.picker.more')} onClick={() => setPages((count) => count + 1)} data-testid="target-more" />
        )}
      </ChoiceList>
      {chosen && check.isLoading && <p className={Classes.TEXT_MUTED}>{t('ruleEditor.picker.checkingDocument')}</p>}
      {warnings.map((warning) => (
        <Callout key={warning} intent="warning" icon="warning-sign" className="rule-editor__note" data-testid="target-warning">
          {warning}
        </Callout>
      ))}
    </div>
  );
}

function DossierChoice({ open, chosen, onChoose }: ChoiceProps) {
  const { t } = useTranslation();
  const stateLabel = useStateLabel();
  const itemsLabel = useId();
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [itemSearch, setItemSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  useEffect(() => setPageIndex(0), [query]);
  const input = useMemo(
    () => ({
      pageSize: DOSSIER_PAGE_SIZE,
      pageIndex,
      order: 'createdAt DESC',
      filters: query === '' ? [] : [{ column: LOOKS_LIKE_ID.test(query) ? 'id' : 'description', type: 'text' as const, value: [query] }],
    }),
    [pageIndex, query],
  );
  const { data, error, isLoading } = useDossiers(input, open);
  useEffect(() => {
    if (error) void toast.error(t('ruleEditor.dossiersFailed'));
  }, [error, t]);

  const [chosenDossier, setChosenDossier] = useState<DossierItem | null>(null);
  const dossiers = data?.items ?? [];
  const selected = dossiers.find((each) => each.id === chosen?.id) ?? (chosenDossier?.id === chosen?.id ? chosenDossier : null);
  const items = inputItems(selected?.input);
  const filteredItems = items.map((value, index) => ({ value, index })).filter(({ value }) => itemSearch.trim() === '' || (JSON.stringify(value) ?? '').toLowerCase().includes(itemSearch.trim().toLowerCase()));
  const shown = chosen && !dossiers.some((each) => each.id === chosen.id) && !selected ? [{ id: chosen.id, description: chosen.label, state: '', createdAt: '', input: '[]', dossierType: { name: '' } }, ...dossiers] : dossiers;

  return (
    <div className="rule-editor__choice">
      <ChoiceList
        search={search}
        onSearch={setSearch}
        searchLabel={t('ruleEditor.picker.searchDossiers')}
        label={t('ruleEditor.picker.dossiers')}
        testId="target-dossiers"
        loading={isLoading && !data}
        empty={data !== undefined && shown.length === 0}
        emptyIcon="folder-close"
        emptyText={t('ruleEditor.picker.noDossiers')}
        items={shown}
        chosenId={chosen?.id}
        onSelect={(dossier) => {
          setChosenDossier(dossier);
          setItemSearch('');
          onChoose({ id: dossier.id, label: dossier.description || dossier.id, item: null });
        }}
        itemTestId={(dossier) => `target-dossier-${dossier.id}`}
        renderItem={(dossier) => (
          <span className="rule-editor__choice-text">
            {/* A dossier without a description is named by its whole id, shown as an id. */}
            <strong>{dossier.description || <code className="id-cell">{dossier.id}</code>}</strong>
            <span className={Classes.TEXT_MUTED}>
              {[dossier.dossierType.name, stateLabel('dossier', dossier.state)].filter(Boolean).join(' · ')}
              {dossier.createdAt && (
                <>
                  {' · '}
                  {formatDateTime(dossier.createdAt)}
                </>
              )}
            </span>
          </span>
        )}
      />
      {data && data.pages > 1 && (
        <div className="rule-editor__pager">
          <Button variant="minimal" icon="chevron-left" aria-label={t('ruleEditor.picker.previous')} disabled={pageIndex === 0} onClick={() => setPageIndex((page) => page - 1)} />
          <span>{t('ruleEditor.picker.page', { page: pageIndex + 1, pages: data.pages })}</span>
          <Button variant="minimal" icon="chevron-right" aria-label={t('ruleEditor.picker.next')} disabled={pageIndex + 1 >= data.pages} onClick={() => setPageIndex((page) => page + 1)} />
        </div>
      )}
      {chosen && selected && selected.createdAt !== '' && (
        <>
          <p id={itemsLabel} className="rule-editor__choice-label">
            {t('ruleEditor.picker.items')}
          </p>
          {items.length === 0 ? (
            <Callout intent="warning" icon="warning-sign" className="rule-editor__note" data-testid="target-no-items">
              {t('ruleEditor.picker.noItems')}
            </Callout>
          ) : (
            <>
              {items.length > 5 && (
                <InputGroup
                  type="search"
                  leftIcon="search"
                  size="small"
                  value={itemSearch}
                  onValueChange={setItemSearch}
                  placeholder={t('ruleEditor.picker.searchItems')}
                  aria-label={t('ruleEditor.picker.searchItems')}
                  data-testid="target-item-search"
                />
              )}
              <div className="rule-editor__choice-list rule-editor__choice-list--items" data-testid="target-items">
                <RadioGroup
                  aria-labelledby={itemsLabel}
                  selectedValue={chosen.item == null ? 'all' : String(chosen.item)}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    onChoose({ ...chosen, item: value === 'all' ? null : Number(value) });
                  }}
                >
                  <Radio value="all" label={t('ruleEditor.picker.allItems')} data-testid="target-item-all" />
                  {filteredItems.map(({ value, index }) => (
                    <Radio
                      key={index}
                      value={String(index)}
                      data-testid={`target-item-${index}`}
                      labelElement={
                        <span className="rule-editor__choice-text">
                          <strong>{t('ruleEditor.picker.itemN', { n: index + 1 })}</strong>
                          <code>{short(value)}</code>
                        </span>
                      }
                    />
                  ))}
                </RadioGroup>
              </div>
              <p className={Classes.TEXT_MUTED}>{t('ruleEditor.picker.itemsNote')}</p>
            </>
          )}
        </>
      )}
    </div>
  );
}

interface ChoiceListProps<Item extends { id: string }> {
  search: string;
  onSearch: (search: string) => void;
  searchLabel: string;
  /** Names the list of radios. */
  label: string;
  testId: string;
  loading: boolean;
  empty: boolean;
  emptyIcon: IconName;
  emptyText: string;
  items: readonly Item[];
  chosenId: string | undefined;
  onSelect: (item: Item) => void;
  itemTestId: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
  /** Under the radios, inside the list (e.g. "more"). */
  children?: ReactNode;
}

/** A search box over a list of radios: the documents or the dossiers a rule may run on. */
function ChoiceList<Item extends { id: string }>({ search, onSearch, searchLabel, label, testId, loading, empty, emptyIcon, emptyText, items, chosenId, onSelect, itemTestId, renderItem, children }: ChoiceListProps<Item>) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <>
      <InputGroup type="search" leftIcon="search" value={search} onValueChange={onSearch} placeholder={searchLabel} aria-label={searchLabel} data-testid="target-search" autoFocus />
      <p id={labelId} className="rule-editor__choice-label">
        {label}
      </p>
      <div className="rule-editor__choice-list" data-testid={testId}>
        {loading && <Spinner size={20} aria-label={t('common.loading')} />}
        {empty && <NonIdealState icon={emptyIcon} description={emptyText} />}
        {items.length > 0 && (
          <RadioGroup
            aria-labelledby={labelId}
            selectedValue={chosenId}
            onChange={(event) => {
              const item = items.find((each) => each.id === event.currentTarget.value);
              if (item) onSelect(item);
            }}
          >
            {items.map((item) => (
              <Radio key={item.id} value={item.id} className="rule-editor__choice-item" data-testid={itemTestId(item)} labelElement={renderItem(item)} />
            ))}
          </RadioGroup>
        )}
        {children}
      </div>
    </>
  );
}
