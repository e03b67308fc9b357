import { Spinner, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** How each state shows (docs/domain.md#states-at-a-glance): its label key and colour; `busy` adds a spinner. */
interface StateLook {
  labelKey: string;
  intent: Intent;
  busy?: boolean;
}

const DOSSIER: Record<string, StateLook> = {
  processing: { labelKey: 'states.dossier.processing', intent: 'primary', busy: true },
  processed: { labelKey: 'states.dossier.processed', intent: 'success' },
  conflicts: { labelKey: 'states.dossier.conflicts', intent: 'warning' },
  'cannot process': { labelKey: 'states.dossier.cannotProcess', intent: 'danger' },
};

const DOCUMENT: Record<string, StateLook> = {
  uploaded: { labelKey: 'states.document.uploaded', intent: 'none' },
  extracted: { labelKey: 'states.document.extracted', intent: 'primary', busy: true },
  processed: { labelKey: 'states.document.processed', intent: 'success' },
  'cannot process': { labelKey: 'states.document.cannotProcess', intent: 'danger' },
};

const EXECUTION: Record<string, StateLook> = {
  created: { labelKey: 'states.execution.created', intent: 'primary', busy: true },
  executed: { labelKey: 'states.execution.executed', intent: 'success' },
  error: { labelKey: 'states.execution.error', intent: 'danger' },
};

const LOOKS = { dossier: DOSSIER, document: DOCUMENT, execution: EXECUTION } as const;
export type StateKind = keyof typeof LOOKS;

/** The values a list filters each kind of state by, in the order the filters offer them. */
export const DOSSIER_STATES = ['processed', 'processing', 'cannot process', 'conflicts'] as const;
export const DOCUMENT_STATES = Object.keys(DOCUMENT);
export const EXECUTION_STATES = Object.keys(EXECUTION);

/** The label of a state (`-` for a value docs/domain.md#states-at-a-glance does not know). */
export function useStateLabel() {
  const { t } = useTranslation();
  return (kind: StateKind, state: string) => {
    const look = LOOKS[kind][state];
    return look ? t(look.labelKey) : '-';
  };
}

/** A state as a coloured tag (IN CORSO with a spinner, IMPORTATO, ERRORE, …). */
export function StateTag({ kind, state }: { kind: StateKind; state: string }) {
  const label = useStateLabel();
  const look = LOOKS[kind][state];
  return (
    <Tag intent={look?.intent ?? 'none'} minimal={!look || look.intent === 'none'} round data-testid="state-tag" data-state={state} icon={look?.busy ? <Spinner size={12} className="state-tag__spinner" /> : undefined}>
      {label(kind, state)}
    </Tag>
  );
}
