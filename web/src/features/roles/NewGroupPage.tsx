import { Button } from '@blueprintjs/core';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../components/FormError';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { errorMessage, LIMITS } from '../../lib/validation';
import { addGroup, useRoles, useUserOptions } from './api';
import { rolesTabPath } from './tabs';

/** The user picker asks the server this long after the last key. */
export const USER_PICKER_DEBOUNCE_MS = 300;

interface GroupFields {
  subject: string;
  role: string;
}

/** /roles/new/gruppo: a user (picked by e-mail, searched on the server) and a role. */
export function NewGroupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const { data: roles, isLoading } = useRoles();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<GroupFields>({ defaultValues: { subject: '', role: '' } });
  const search = useDebouncedValue(watch('subject'), USER_PICKER_DEBOUNCE_MS);
  const { data: users } = useUserOptions(search);
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
      <PageHeader title={t('routes.groupNew')}>
        <Link to={rolesTabPath('groups')}>{t('roles.backToList')}</Link>
      </PageHeader>
      <section className="page-panel page-panel--form">
        <form noValidate onSubmit={handleSubmit(submit)} className="form-narrow" data-testid="group-form">
          <TextField
            label={t('roles.fields.user')}
            registration={register('subject', { required, maxLength: max(LIMITS.group.subject) })}
            error={errors.subject}
            helperText={t('roles.userHelp')}
            type="email"
            autoComplete="off"
            list={listId}
            leftIcon="person"
            autoFocus
            testId="group-subject"
          />
          <datalist id={listId} data-testid="group-user-options">
            {(users ?? []).map((user) => (
              <option key={user.email} value={user.email}>
                {`${user.firstName} ${user.lastName}`.trim()}
              </option>
            ))}
          </datalist>
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
