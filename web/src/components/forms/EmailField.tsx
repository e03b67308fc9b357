import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { userRules } from '../../lib/validation';
import { TextField } from '../TextField';

interface EmailFieldProps {
  testId: string;
  /** The user's own e-mail (registration): the browser may fill it in. */
  own?: boolean;
}

/**
 * The e-mail of a new user (inside its form's react-hook-form `FormProvider`), focused first:
 * required, at most 60 characters, an e-mail (docs/domain.md#input-rules-and-limits).
 */
export function EmailField({ testId, own = false }: EmailFieldProps) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<{ email: string }>();
  return (
    <TextField
      label={t('users.fields.email')}
      registration={register('email', userRules(t).email)}
      error={errors.email}
      type="email"
      autoComplete={own ? 'email' : 'off'}
      autoFocus
      testId={testId}
    />
  );
}
