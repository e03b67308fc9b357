import { Button, ButtonGroup, Tag, Tooltip } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirmDialog } from '../../components/ConfirmDialog';
import type { Column } from '../../components/table';
import { toast } from '../../lib/toast';

/** Attiva: SI or NO. */
export function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag minimal round intent={active ? 'success' : 'none'} data-testid="rule-active" data-active={active}>
      {active ? t('playground.yes') : t('playground.no')}
    </Tag>
  );
}

/** A note in a cell: one or two lines, the whole of it in the tooltip of the cell. */
export function NoteCell({ nota }: { nota: string }) {
  if (nota.trim() === '') return <span className="pg-muted">—</span>;
  return (
    <span className="pg-note text-run" title={nota}>
      {nota}
    </span>
  );
}

interface RuleActionsProps {
  description: string;
  active: boolean;
  mayToggle: boolean;
  mayDelete: boolean;
  toggling: boolean;
  onToggle: () => void;
  onDelete: () => void;
  onOpen: () => void;
}

/** Azioni of a rule row: pause or activate, details, delete (each only if the user may). */
export function RuleActions({ description, active, mayToggle, mayDelete, toggling, onToggle, onDelete, onOpen }: RuleActionsProps) {
  const { t } = useTranslation();
  const toggleText = active ? t('playground.pause') : t('playground.activate');
  return (
    <ButtonGroup variant="minimal" className="pg-actions">
      {mayToggle && (
        <Tooltip content={toggleText}>
          <Button
            icon={active ? 'pause' : 'play'}
            intent={active ? 'warning' : 'success'}
            loading={toggling}
            aria-label={active ? t('playground.pauseRule', { description }) : t('playground.activateRule', { description })}
            onClick={onToggle}
            data-testid="rule-toggle"
          />
        </Tooltip>
      )}
      <Tooltip content={t('playground.details')}>
        <Button icon="edit" aria-label={t('playground.detailsOf', { description })} onClick={onOpen} data-testid="rule-details" />
      </Tooltip>
      {mayDelete && (
        <Tooltip content={t('common.delete')}>
          <Button icon="trash" intent="danger" aria-label={t('playground.deleteRule', { description })} onClick={onDelete} data-testid="rule-delete" />
        </Tooltip>
      )}
    </ButtonGroup>
  );
}

interface RuleRowActionsOptions {
  setActive: (id: string, active: boolean) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
  /** Reloads the list. */
  reload: () => Promise<unknown>;
}

/**
 * Pausing, activating and deleting the rules of a list (docs/domain.md#playgrounds, #rule-states, #messages): the list is
 * reloaded afterwards whatever happened; 'Impossibile aggiornare stato', 'Regola eliminata' and
 * 'Impossibile eliminare la regola'. Deleting asks first ("Azione irreversibile, continuare?").
 */
export function useRuleRowActions({ setActive, remove, reload }: RuleRowActionsOptions): {
  toggling: ReadonlySet<string>;
  toggle: (rule: { id: string; active: boolean }) => Promise<void>;
  askDelete: (id: string) => void;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const [toggling, setToggling] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const toggle = async ({ id, active }: { id: string; active: boolean }) => {
    setToggling((current) => new Set(current).add(id));
    try {
      await setActive(id, !active);
      void toast.success(active ? t('playground.paused') : t('playground.activated'));
    } catch (failure) {
      console.error('setting the rule active failed', failure);
      void toast.error(t('playground.stateFailed'));
    } finally {
      await reload().catch(() => undefined);
      setToggling((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  };

  const confirmDelete = async () => {
    if (toDelete === null) return;
    setDeleting(true);
    try {
      await remove(toDelete);
      void toast.success(t('playground.deleted'));
    } catch (failure) {
      console.error('deleting the rule failed', failure);
      void toast.error(t('playground.deleteFailed'));
    } finally {
      setDeleting(false);
      setToDelete(null);
      await reload().catch(() => undefined);
    }
  };

  // The playground's rule lists confirm with "Elimina" (the original specification, summarised in docs/domain.md, for document rules).
  const dialog = <DeleteConfirmDialog confirm="plain" isOpen={toDelete !== null} loading={deleting} onCancel={() => setToDelete(null)} onConfirm={() => void confirmDelete()} />;
  return { toggling, toggle, askDelete: setToDelete, dialog };
}

/** The Azioni column of a rule list: pause or activate, details, delete (each only if allowed). */
export function ruleActionsColumn<Row extends { id: string; description: string; active: boolean }>(
  header: string,
  actions: ReturnType<typeof useRuleRowActions>,
  allowed: { toggle: boolean; remove: boolean },
  open: (row: Row) => void,
): Column<Row> {
  return {
    id: 'actions',
    header,
    align: 'end',
    cell: (row) => (
      <RuleActions
        description={row.description}
        active={row.active}
        mayToggle={allowed.toggle}
        mayDelete={allowed.remove}
        toggling={actions.toggling.has(row.id)}
        onToggle={() => void actions.toggle(row)}
        onDelete={() => actions.askDelete(row.id)}
        onOpen={() => open(row)}
      />
    ),
  };
}
