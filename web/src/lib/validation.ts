import { GraphQLRequestError } from './graphql/client';
import { translateIfKnown } from './i18n';

/** Something, an @, something with a dot: the server has the final word on the address. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Field limits of spec §5 and §9. */
export const LIMITS = {
  /** E-mail on login, password recovery and reset. */
  loginEmail: 255,
  resetPassword: { min: 7, max: 255 },
  user: { name: 30, email: 60, password: { min: 7, max: 20 }, confirmPassword: 30 },
  role: { name: 20, description: 40 },
  policy: { subject: 60, resource: 60 },
  group: { subject: 60, role: 40 },
} as const;

/**
 * The message of an error thrown by a call, in the user's language: a server error whose code
 * the catalogue knows (`serverErrors.<CODE>`, with the error's extensions as parameters) is
 * translated; any other says the server's own text.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof GraphQLRequestError && error.code !== undefined) {
    const translated = translateIfKnown(`serverErrors.${error.code}`, { ...error.extensions });
    if (translated !== null) return translated;
  }
  return error instanceof Error ? error.message : String(error);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * react-hook-form rules of the user fields of spec §5 ("New user", "Edit user password"):
 * names required, at most 30; e-mail required, at most 60; password 7 to 20; confirmation at most
 * 30 and equal to the password.
 */
export function userRules(t: Translate, password: () => string) {
  const required = t('validation.required');
  const max = (value: number) => ({ value, message: t('validation.maxLength', { max: value }) });
  return {
    name: { required, maxLength: max(LIMITS.user.name) },
    email: {
      required,
      maxLength: max(LIMITS.user.email),
      validate: (value: string) => isEmail(value) || t('login.emailInvalid'),
    },
    password: {
      required,
      minLength: { value: LIMITS.user.password.min, message: t('validation.minLength', { min: LIMITS.user.password.min }) },
      maxLength: max(LIMITS.user.password.max),
    },
    confirmPassword: {
      required,
      maxLength: max(LIMITS.user.confirmPassword),
      validate: (value: string) => value === password() || t('validation.passwordsMustMatch'),
    },
  };
}
