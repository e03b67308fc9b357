import { Button, Callout, FormGroup, HTMLTable, InputGroup, NonIdealState, Spinner, Tooltip } from '@blueprintjs/core';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../lib/toast';
import { failedBecause, isEmail } from '../../lib/validation';
import { addNotificationReceiver, deleteNotificationReceiver, useNotificationReceivers } from './api';

/** /notifications: who receives the notification e-mails; add one, delete one. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useNotificationReceivers();
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  useEffect(() => {
    if (error) void toast.error(t('notifications.loadFailed'));
  }, [error, t]);

  const add = async ({ email }: { email: string }) => {
    const address = email.trim();
    // Already a recipient: said under the field, nothing sent.
    if ((data ?? []).some((receiver) => receiver.id.toLowerCase() === address.toLowerCase())) {
      setError('email', { type: 'duplicate', message: t('notifications.duplicate', { email: address }) }, { shouldFocus: true });
      return;
    }
    try {
      const receivers = await addNotificationReceiver(address);
      await mutate(receivers, { revalidate: false });
      reset();
      void toast.success(t('notifications.added', { email: address }));
    } catch (failure) {
      console.error('addNotificationReceiver failed', failure);
      void toast.error(failedBecause(t('notifications.addFailed'), failure));
    }
  };

  const confirmDelete = async () => {
    if (toDelete === null) return;
    setDeleting(true);
    try {
      const receivers = await deleteNotificationReceiver(toDelete);
      await mutate(receivers, { revalidate: false });
      void toast.success(t('notifications.deleted'));
    } catch (failure) {
      console.error('deleteNotificationReceiver failed', failure);
      void toast.error(failedBecause(t('notifications.deleteFailed'), failure));
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  const receivers = error ? [] : (data ?? []);
  const { ref: emailRef, ...emailField } = register('email', {
    required: t('notifications.emailRequired'),
    validate: (value) => isEmail(value) || t('login.emailInvalid'),
  });

  return (
    <>
      <PageHeader title={t('routes.notifications')} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t('routes.notifications') }]} />
      <section className="page-panel">
        <form noValidate onSubmit={handleSubmit(add)} className="inline-form" data-testid="notification-form">
          <FormGroup
            label={t('notifications.email')}
            labelFor={id}
            intent={errors.email ? 'danger' : 'none'}
            helperText={errors.email && <span id={`${id}-error`}>{errors.email.message}</span>}
          >
            <div className="inline-field">
              <InputGroup
                {...emailField}
                inputRef={emailRef}
                id={id}
                type="email"
                autoComplete="off"
                leftIcon="envelope"
                intent={errors.email ? 'danger' : 'none'}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? `${id}-error` : undefined}
                data-testid="notification-email"
              />
              <Button type="submit" intent="primary" icon="add" loading={isSubmitting} text={t('notifications.add')} data-testid="notification-add" />
            </div>
          </FormGroup>
        </form>
        {error && (
          <Callout intent="danger" icon="error" role="alert" className="form-error">
            {t('notifications.loadFailed')}
          </Callout>
        )}
        <div className="table-scroll">
          <HTMLTable className="data-table data-table--stack" striped data-testid="notifications-table">
            <thead>
              <tr>
                <th scope="col">{t('notifications.email')}</th>
                <th scope="col" className="data-table__actions">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {receivers.map((receiver) => (
                <tr key={receiver.id} data-testid={`notification-row-${receiver.id}`}>
                  <td data-label={t('notifications.email')}>{receiver.id}</td>
                  <td className="data-table__actions">
                    <Tooltip content={t('common.delete')}>
                      <Button
                        variant="minimal"
                        icon="trash"
                        intent="danger"
                        aria-label={t('notifications.deleteEmail', { email: receiver.id })}
                        onClick={() => setToDelete(receiver.id)}
                        data-testid="notification-delete"
                      />
                    </Tooltip>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {isLoading && <Spinner size={24} aria-label={t('common.loading')} className="table-loader" />}
          {!isLoading && !error && receivers.length === 0 && <NonIdealState icon="envelope" title={t('notifications.empty')} />}
        </div>
      </section>
      <ConfirmDialog isOpen={toDelete !== null} loading={deleting} onCancel={() => setToDelete(null)} onConfirm={() => void confirmDelete()}>
        {t('notifications.confirmDelete', { email: toDelete ?? '' })}
      </ConfirmDialog>
    </>
  );
}
