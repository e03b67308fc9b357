import { Button, Checkbox, FormGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateInput } from '../../components/DateInput';
import { FormError } from '../../components/FormError';
import { PageHeader } from '../../components/PageHeader';
import { enterAddsTag, normalizeTags, TagListInput } from '../../components/TagListInput';
import { TextField } from '../../components/TextField';
import { addDays, todayIso } from '../../lib/dates';
import { useRoles } from '../../lib/roles';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import { apiKeysPath, createApiKey } from './api';
import { SecretReveal } from './SecretReveal';
import './apiKeys.css';

/** What the server accepts as a key's name (shared::services::api_keys). */
export const API_KEY_NAME = /^[A-Za-z0-9._-]{1,64}$/;

interface KeyFields {
  name: string;
  roles: string[];
  /** ISO date of the last day it works, or ''. */
  expires: string;
  allowedSources: string[];
}

/** The end of `date` (ISO day) in the user's time zone, as an instant. */
export function endOfDay(date: string): string {
  return new Date(`${date}T23:59:59.999`).toISOString();
}

/**
 * /api-keys/nuova: a key's name, its roles (whose permissions it has), optionally its last day
 * and the addresses it may be used from; once created, its secret is shown here, once.
 */
export function NewApiKeyPage() {
  const { t } = useTranslation();
  const roles = useRoles();
  const rolesId = useId();
  const sourcesId = useId();
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<KeyFields>({ defaultValues: { name: '', roles: [], expires: '', allowedSources: [] } });

  const submit = async (fields: KeyFields) => {
    try {
      const issued = await createApiKey({
        name: fields.name.trim(),
        roles: fields.roles,
        expiresAt: fields.expires === '' ? null : endOfDay(fields.expires),
        allowedSources: fields.allowedSources,
      });
      setCreated({ name: issued.apiKey.name, secret: issued.secret });
      void toast.success(t('apiKeys.created', { name: issued.apiKey.name }));
    } catch (error) {
      void toast.error(t('apiKeys.createFailed'));
      setError('root.server', { message: errorMessage(error) });
    }
  };

  const title = t('routes.apiKeyNew');
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t('routes.dashboard'), to: '/dashboard' }, { label: t('routes.apiKeys'), to: apiKeysPath }, { label: title }]}>
        <Link to={apiKeysPath}>{t('apiKeys.backToList')}</Link>
      </PageHeader>
      <section className="page-panel page-panel--form">
        {created ? (
          <div className="form-narrow">
            <SecretReveal name={created.name} secret={created.secret} />
            <p>
              <Link to={apiKeysPath} data-testid="api-key-back">
                {t('apiKeys.backToList')}
              </Link>
            </p>
          </div>
        ) : (
          <form noValidate onSubmit={handleSubmit(submit)} className="form-narrow" data-testid="api-key-form">
            <TextField
              label={t('apiKeys.fields.name')}
              registration={register('name', {
                required: t('validation.required'),
                validate: (value) => API_KEY_NAME.test(value.trim()) || t('apiKeys.nameRule'),
              })}
              error={errors.name}
              helperText={t('apiKeys.nameRule')}
              autoFocus
              autoComplete="off"
              testId="api-key-name-input"
            />
            <Controller
              control={control}
              name="roles"
              rules={{ validate: (value) => value.length > 0 || t('apiKeys.rolesRequired') }}
              render={({ field, fieldState }) => (
                <FormGroup
                  label={<span id={rolesId}>{t('apiKeys.fields.roles')}</span>}
                  intent={fieldState.error ? 'danger' : 'none'}
                  helperText={fieldState.error?.message ?? t('apiKeys.rolesHelp')}
                >
                  <div role="group" aria-labelledby={rolesId} className="api-keys__roles" data-testid="api-key-roles">
                    {roles.isLoading && <Spinner size={20} aria-label={t('common.loading')} />}
                    {roles.error && <NonIdealState icon="error" description={t('roles.loadFailed')} />}
                    {(roles.data ?? []).map((role) => (
                      <Checkbox
                        key={role.name}
                        label={role.name}
                        checked={field.value.includes(role.name)}
                        onChange={(event) =>
                          field.onChange(event.currentTarget.checked ? [...field.value, role.name] : field.value.filter((name) => name !== role.name))
                        }
                        onBlur={field.onBlur}
                        data-testid={`api-key-role-${role.name}`}
                      />
                    ))}
                  </div>
                </FormGroup>
              )}
            />
            <Controller
              control={control}
              name="expires"
              render={({ field }) => (
                <DateInput label={t('apiKeys.fields.expires')} value={field.value} onChange={field.onChange} min={addDays(todayIso(), 1)} testId="api-key-expires" />
              )}
            />
            <Controller
              control={control}
              name="allowedSources"
              render={({ field }) => (
                <FormGroup label={t('apiKeys.fields.allowedSources')} labelFor={sourcesId} helperText={t('apiKeys.sourcesHelp')}>
                  <TagListInput
                    values={field.value}
                    onChange={(values) => field.onChange(normalizeTags(values))}
                    onKeyDown={enterAddsTag}
                    addOnBlur
                    addOnPaste
                    separator={/[,\s]+/}
                    className="ltr-data"
                    placeholder="10.0.0.0/8, 192.0.2.7"
                    inputProps={{ id: sourcesId, onBlur: field.onBlur }}
                    inputRef={field.ref}
                  />
                </FormGroup>
              )}
            />
            <FormError message={errors.root?.server?.message} testId="api-key-error" />
            <Button type="submit" intent="primary" icon="key" loading={isSubmitting} text={t('apiKeys.create')} data-testid="api-key-submit" />
          </form>
        )}
      </section>
    </>
  );
}
