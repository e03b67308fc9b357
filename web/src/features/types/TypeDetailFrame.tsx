import { Button, Callout, Spinner, Tooltip } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { errorMessage, failedBecause } from '../../lib/validation';
import { TYPE_RESOURCES, deleteType, typesPath, type TypeKind } from './api';

interface TypeSummary {
  name: string;
  createdAt: string;
  ruleCount: number;
}

interface TypeDetailFrameProps<Type extends TypeSummary> {
  kind: TypeKind;
  name: string;
  type: Type | null | undefined;
  error: unknown;
  isLoading: boolean;
  /** What the type's page shows below its fields (its rules, its required metas). */
  children: (type: Type) => ReactNode;
}

/**
 * The frame of a type's detail (docs/domain.md#types): breadcrumbs, back, delete — disabled
 * while the type has rules, after the confirmation — and the type's fields; the page adds the rest.
 */
export function TypeDetailFrame<Type extends TypeSummary>({ kind, name, type, error, isLoading, children }: TypeDetailFrameProps<Type>) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (error) void toast.error(t('types.loadFailed'));
  }, [error, t]);

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteType(kind, name);
      void toast.success(t('types.deleted'));
      await navigate(typesPath(kind));
    } catch (failure) {
      void toast.error(failedBecause(t('types.deleteFailed'), failure));
      setDeleting(false);
      setConfirming(false);
    }
  };

  const list = t(kind === 'document' ? 'routes.documentTypes' : 'routes.dossierTypes');
  return (
    <>
      <PageHeader title={name} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: list, to: typesPath(kind) }, { label: name }]}>
        <Button icon="arrow-left" text={t('types.back')} onClick={() => void navigate(typesPath(kind))} data-testid="type-back" />
        {type && can({ action: 'allow', resource: TYPE_RESOURCES[kind].delete }) && (
          <Tooltip content={type.ruleCount > 0 ? t('types.hasRules', { count: type.ruleCount }) : t('common.delete')}>
            <span className="types__action-wrap">
              <Button icon="trash" intent="danger" text={t('common.delete')} disabled={type.ruleCount > 0} onClick={() => setConfirming(true)} data-testid="type-detail-delete" />
            </span>
          </Tooltip>
        )}
      </PageHeader>
      <section className="page-panel">
        {isLoading && <Spinner size={24} aria-label={t('common.loading')} className="table-loader" />}
        {error !== undefined && error !== null && (
          <Callout intent="danger" icon="error" role="alert" className="form-error">
            {t('types.loadFailed')}: {errorMessage(error)}
          </Callout>
        )}
        {type && (
          <>
            <dl className="detail-fields" data-testid="type-fields">
              <dt>{t('types.columns.name')}</dt>
              <dd>{type.name}</dd>
              <dt>{t('types.columns.createdAt')}</dt>
              <dd>{formatDateTime(type.createdAt)}</dd>
              {/* A dossier type's page lists the rules of every type too: this counts its own. */}
              <dt>{t(kind === 'dossier' ? 'types.ownRules' : 'types.columns.rules')}</dt>
              <dd>{type.ruleCount}</dd>
            </dl>
            {children(type)}
          </>
        )}
      </section>
      <DeleteConfirmDialog isOpen={confirming} loading={deleting} onCancel={() => setConfirming(false)} onConfirm={() => void remove()} />
    </>
  );
}
