import { Button, Callout, HTMLTable, NonIdealState, Spinner, Tooltip } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { TextField } from '../../components/TextField';
import { toast } from '../../lib/toast';
import { isEmail } from '../../lib/validation';
import { addNotificationReceiver, deleteNotificationReceiver, useNotificationReceivers } from './api';

/** /notifications: who receives the notification e-mails; add one, delete one. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useNotificationReceivers();
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  useEffect(() => {
    if (error) void toast.error(t('notifications.loadFailed'));
  }, [error, t]);

  const add = async ({ email }: { email: string }) => {
    try {
      const receivers = await addNotificationReceiver(email.trim());
      await mutate(receivers, { revalidate: false });
      reset();
    } catch (failure) {
      console.error('addNotificationReceiver failed', failure);
      void toast.error(t('notifications.addFailed'));
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
      void toast.error(t('notifications.deleteFailed'));
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  const receivers = error ? [] : (data ?? []);

  return (
    <>
      <PageHeader title={t('routes.notifications')} />
      <section className="page-panel">
        <form noValidate onSubmit={handleSubmit(add)} className="inline-form" data-testid="notification-form">
          <TextField
            label={t('notifications.email')}
            registration={register('email', {
              required: t('notifications.emailRequired'),
              validate: (value) => isEmail(value) || t('login.emailInvalid'),
            })}
            error={errors.email}
            type="email"
            autoComplete="off"
            leftIcon="envelope"
            testId="notification-email"
          />
          <Button type="submit" intent="primary" icon="add" loading={isSubmitting} text={t('notifications.add')} data-testid="notification-add" />
        </form>
        {error && (
          <Callout intent="danger" icon="error" role="alert" className="form-error">
            {t('notifications.loadFailed')}
          </Callout>
        )}
        <div className="table-scroll">
          <HTMLTable className="data-table" striped data-testid="notifications-table">
            <thead>
              <tr>
                <th scope="col">{t('notifications.email')}</th>
                <th scope="col" className="data-table__actions">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {receivers.map((receiver) => (
                <tr key={receiver.id} data-testid={`notification-row-${receiver.id}`}>
                  <td>{receiver.id}</td>
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
