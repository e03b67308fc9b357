import { Button } from '@blueprintjs/core';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../components/FormError';
import { EmailField } from '../../components/forms/EmailField';
import { PasswordFields, type NewPasswordFields } from '../../components/forms/PasswordFields';
import { PersonFields, trimmedNames, type PersonNames } from '../../components/forms/PersonFields';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import { createUser } from './api';

type NewUserFields = { email: string } & NewPasswordFields & PersonNames;

/** /users/new: `createUser`; 'Utente creato' and back to /users, or the server's message. */
export function UserNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<NewUserFields>({ defaultValues: { email: '', password: '', confirmPassword: '', firstName: '', lastName: '' } });
  const {
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const submit = async (fields: NewUserFields) => {
    try {
      await createUser({ ...trimmedNames(fields), email: fields.email.trim() });
      void toast.success(t('users.created'));
      await navigate('/users');
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  };

  return (
    <>
      <PageHeader title={t('routes.userNew')} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t('routes.users'), to: '/users' }, { label: t('routes.userNew') }]}>
        <Link to="/users">{t('users.backToList')}</Link>
      </PageHeader>
      <section className="page-panel page-panel--form">
        <FormProvider {...form}>
          <form noValidate onSubmit={handleSubmit(submit)} className="form-narrow" data-testid="user-new-form">
            <EmailField testId="user-email" />
            <PasswordFields testIdPrefix="user" />
            <PersonFields testIdPrefix="user" />
            <FormError message={errors.root?.server?.message} testId="user-new-error" />
            <Button type="submit" intent="primary" icon="floppy-disk" loading={isSubmitting} text={t('common.save')} data-testid="user-new-submit" />
          </form>
        </FormProvider>
      </section>
    </>
  );
}
