import { Button } from '@blueprintjs/core';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/validation';
import { FormError } from '../FormError';
import { PersonFields, trimmedNames, type PersonNames } from './PersonFields';

interface PersonFormProps {
  /** The names as they are. */
  initial: PersonNames;
  /** Test ids `<testIdPrefix>-data-form`, `-data-error`, `-data-submit`, and those of `PersonFields`. */
  testIdPrefix: string;
  /** The user's own names (the account page): the browser may fill them in. */
  own?: boolean;
  /** Sends the names (trimmed); what it throws shows under the fields. */
  onSave: (names: PersonNames) => Promise<unknown>;
}

/** A user's Nome and Cognome changed: Salva sends them, 'Utente aggiornato con successo' or the server's refusal. */
export function PersonForm({ initial, testIdPrefix, own = false, onSave }: PersonFormProps) {
  const { t } = useTranslation();
  const form = useForm<PersonNames>({ defaultValues: initial });
  const {
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const submit = async (fields: PersonNames) => {
    try {
      await onSave(trimmedNames(fields));
      void toast.success(t('users.updated'));
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={handleSubmit(submit)} data-testid={`${testIdPrefix}-data-form`}>
        <PersonFields testIdPrefix={testIdPrefix} own={own} />
        <FormError message={errors.root?.server?.message} testId={`${testIdPrefix}-data-error`} />
        <Button type="submit" intent="primary" icon="floppy-disk" loading={isSubmitting} text={t('common.save')} data-testid={`${testIdPrefix}-data-submit`} />
      </form>
    </FormProvider>
  );
}
