import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { userRules } from '../../lib/validation';
import { TextField } from '../TextField';

/** A person's names as the user forms hold them. */
export interface PersonNames {
  firstName: string;
  lastName: string;
}

interface PersonFieldsProps {
  /** The fields' test ids are `<testIdPrefix>-first-name` and `<testIdPrefix>-last-name`. */
  testIdPrefix: string;
  /** The names are the user's own (registration, account): the browser may fill them in. */
  own?: boolean;
}

/**
 * Nome and Cognome of a user form (inside its react-hook-form `FormProvider`), required and at most
 * 30 characters each (docs/domain.md#input-rules-and-limits).
 */
export function PersonFields({ testIdPrefix, own = false }: PersonFieldsProps) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<PersonNames>();
  const rules = userRules(t);
  return (
    <>
      <TextField
        label={t('users.fields.firstName')}
        registration={register('firstName', rules.name)}
        error={errors.firstName}
        autoComplete={own ? 'given-name' : undefined}
        testId={`${testIdPrefix}-first-name`}
      />
      <TextField
        label={t('users.fields.lastName')}
        registration={register('lastName', rules.name)}
        error={errors.lastName}
        autoComplete={own ? 'family-name' : undefined}
        testId={`${testIdPrefix}-last-name`}
      />
    </>
  );
}

/** The fields with their names trimmed, as the server is sent them. */
export function trimmedNames<Fields extends PersonNames>(fields: Fields): Fields {
  return { ...fields, firstName: fields.firstName.trim(), lastName: fields.lastName.trim() };
}
