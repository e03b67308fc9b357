import { Alert, type IconName, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  isOpen: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
  confirmText?: string;
  intent?: Intent;
  /** The dialog's icon (a bin by default). */
  icon?: IconName;
  loading?: boolean;
}

/** Asks before an irreversible action (buttons Annulla and Elimina by default). */
export function ConfirmDialog({ isOpen, onCancel, onConfirm, children, confirmText, intent = 'danger', icon = 'trash', loading }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Alert
      isOpen={isOpen}
      onCancel={onCancel}
      onConfirm={onConfirm}
      cancelButtonText={t('common.cancel')}
      confirmButtonText={confirmText ?? t('common.delete')}
      intent={intent}
      icon={icon}
      loading={loading}
      canEscapeKeyCancel
    >
      <div data-testid="confirm-dialog">{children}</div>
    </Alert>
  );
}

/**
 * The delete confirmation of every list (docs/domain.md#shared-table-behaviour): "Azione
 * irreversibile, continuare?" with "Elimina definitivamente" — or, where the original
 * specification says so (the playground's rule lists), `confirm` "Elimina".
 */
export function DeleteConfirmDialog({ confirm = 'forever', ...props }: Omit<ConfirmDialogProps, 'children' | 'confirmText'> & { children?: ReactNode; confirm?: 'forever' | 'plain' }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog {...props} confirmText={t(confirm === 'forever' ? 'confirm.deleteForever' : 'common.delete')}>
      {props.children ?? t('confirm.irreversible')}
    </ConfirmDialog>
  );
}
