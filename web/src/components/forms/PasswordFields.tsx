import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { userRules } from '../../lib/validation';
import { TextField } from '../TextField';

/** A new password and its confirmation as the user forms hold them. */
export interface NewPasswordFields {
  password: string;
  confirmPassword: string;
}

interface PasswordFieldsProps {
  /**
   * The fields' test ids: `<testIdPrefix>-password` (`<testIdPrefix>-new-password` when
   * `replacing`) and `<testIdPrefix>-confirm-password`.
   */
  testIdPrefix: string;
  /** The password replaces the current one typed beside it (the account page): labelled "Nuova password". */
  replacing?: boolean;
}

/**
 * Password and Conferma password of a user form (inside its react-hook-form `FormProvider`): the
 * password 7 to 20 characters, the confirmation at most 30 and equal to it
 * (docs/domain.md#input-rules-and-limits).
 */
export function PasswordFields({ testIdPrefix, replacing = false }: PasswordFieldsProps) {
  const { t } = useTranslation();
  const {
    register,
    getValues,
    formState: { errors },
  } = useFormContext<NewPasswordFields>();
  const rules = userRules(t, () => getValues('password'));
  return (
    <>
      <TextField
        label={t(replacing ? 'reset.newPassword' : 'users.fields.password')}
        registration={register('password', rules.password)}
        error={errors.password}
        type="password"
        autoComplete="new-password"
        testId={`${testIdPrefix}-${replacing ? 'new-password' : 'password'}`}
      />
      <TextField
        label={t('users.fields.confirmPassword')}
        registration={register('confirmPassword', rules.confirmPassword)}
        error={errors.confirmPassword}
        type="password"
        autoComplete="new-password"
        testId={`${testIdPrefix}-confirm-password`}
      />
    </>
  );
}
