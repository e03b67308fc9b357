import { Button } from '@blueprintjs/core';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../components/FormError';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import { toast } from '../../lib/toast';
import { errorMessage, LIMITS } from '../../lib/validation';
import { addGroup, useRoles } from './api';
import { rolesTabPath } from './tabs';
import { UserPicker } from './UserPicker';

interface GroupFields {
  subject: string;
  role: string;
}

/** /roles/new/gruppo: a user (picked by e-mail among those the server finds) and a role. */
export function NewGroupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: roles, isLoading } = useRoles();
  // Something typed in the user picker that is not a chosen user yet.
  const typing = useRef(false);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GroupFields>({ defaultValues: { subject: '', role: '' } });
  const required = t('validation.required');
  const max = (value: number) => ({ value, message: t('validation.maxLength', { max: value }) });

  const submit = async ({ subject, role }: GroupFields) => {
    try {
      await addGroup(subject.trim(), role);
      void toast.success(t('roles.groupCreated'));
      await navigate(rolesTabPath('groups'));
    } catch (error) {
      void toast.error(t('roles.groupCreateFailed'));
      setError('root.server', { message: errorMessage(error) });
    }
  };

  return (
    <>
      <PageHeader title={t('routes.groupNew')} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t('routes.roles'), to: rolesTabPath('groups') }, { label: t('routes.groupNew') }]}>
        <Link to={rolesTabPath('groups')}>{t('roles.backToList')}</Link>
      </PageHeader>
      <section className="page-panel page-panel--form">
        <form noValidate onSubmit={handleSubmit(submit)} className="form-narrow" data-testid="group-form">
          <Controller
            name="subject"
            control={control}
            rules={{
              validate: (value) => value !== '' || (typing.current ? t('roles.pickUser') : required),
              maxLength: max(LIMITS.group.subject),
            }}
            render={({ field }) => (
              <UserPicker
                label={t('roles.fields.user')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                onTypingChange={(now) => {
                  typing.current = now;
                }}
                inputRef={field.ref}
                error={errors.subject?.message}
                autoFocus
                testId="group-subject"
              />
            )}
          />
          <SelectField
            label={t('roles.fields.role')}
            registration={register('role', { required, maxLength: max(LIMITS.group.role) })}
            options={(roles ?? []).map((role) => ({ value: role.name, label: role.name }))}
            placeholder={isLoading ? t('common.loading') : t('roles.chooseRole')}
            error={errors.role}
            testId="group-role"
          />
          <FormError message={errors.root?.server?.message} testId="group-error" />
          <Button type="submit" intent="primary" icon="floppy-disk" loading={isSubmitting} text={t('common.save')} data-testid="group-submit" />
        </form>
      </section>
    </>
  );
}
