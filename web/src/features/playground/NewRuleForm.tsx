import { Button } from '@blueprintjs/core';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError } from '../../components/FormError';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import './playground.css';

interface NewRuleFormProps {
  title: string;
  /** The list the page belongs to (breadcrumbs, Annulla). */
  list: { label: string; path: string };
  testId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  /** The server's refusal of the last Salva. */
  serverError: string | undefined;
  /** The fields. */
  children: ReactNode;
}

/** The frame of both new-rule pages: title and breadcrumbs, the form, its server error, Salva and Annulla. */
export function NewRuleForm({ title, list, testId, onSubmit, submitting, serverError, children }: NewRuleFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: list.label, to: list.path }, { label: title }]} />
      <section className="page-panel page-panel--form">
        <form noValidate onSubmit={onSubmit} className="pg-form" data-testid={testId}>
          {children}
          <FormError message={serverError} testId="rule-form-error" />
          <div className="pg-form__actions">
            <Button type="submit" intent="primary" icon="floppy-disk" loading={submitting} text={t('common.save')} data-testid="rule-submit" />
            <Button icon="arrow-left" text={t('common.cancel')} onClick={() => void navigate(list.path)} data-testid="rule-cancel" />
          </div>
        </form>
      </section>
    </>
  );
}

/**
 * Salva of a new rule: `create` it, say so and open its editor (`editorPath`); a refusal is said
 * and handed to `refused` (the form shows it). `explain`, when given, reports a refusal its own
 * way instead and answers true (e.g. a dossier rule failing on its validation file); it answers
 * false to leave the refusal to the usual message.
 */
export function useCreateRule() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return async (
    create: () => Promise<string>,
    editorPath: (id: string) => string,
    refused: (message: string) => void,
    explain?: (failure: unknown) => boolean,
  ) => {
    try {
      const id = await create();
      void toast.success(t('playground.saved'));
      await navigate(editorPath(id));
    } catch (failure) {
      if (explain?.(failure)) return;
      void toast.error(t('playground.saveFailed'));
      refused(errorMessage(failure));
    }
  };
}
