import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';
import type { RegisterInput } from '../../lib/graphql/generated/graphql';

const RegisterMutation = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input)
  }
`);

const ConfirmRegistrationMutation = graphql(`
  mutation ConfirmRegistration($email: String!, $code: String!) {
    confirmRegistration(email: $email, code: $code) {
      ...AuthSessionFields
    }
  }
`);

const RecoverPasswordMutation = graphql(`
  mutation RecoverPassword($email: String!) {
    recoverPassword(email: $email)
  }
`);

const ResetPasswordMutation = graphql(`
  mutation ResetPassword($email: String!, $code: String!, $newPassword: String!) {
    resetPassword(email: $email, code: $code, newPassword: $newPassword) {
      ...AuthSessionFields
    }
  }
`);

/** Always true for valid input: the mailbox gets a code, or a note that it already has an account. */
export const registerUser = (input: RegisterInput) =>
  graphqlRequest(RegisterMutation, { input }).then((result) => result.register);

export const confirmRegistration = (email: string, code: string) =>
  graphqlRequest(ConfirmRegistrationMutation, { email, code }).then((result) => result.confirmRegistration);

export const recoverPassword = (email: string) =>
  graphqlRequest(RecoverPasswordMutation, { email }).then((result) => result.recoverPassword);

export const resetPassword = (email: string, code: string, newPassword: string) =>
  graphqlRequest(ResetPasswordMutation, { email, code, newPassword }).then((result) => result.resetPassword);
