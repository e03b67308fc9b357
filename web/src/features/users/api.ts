import useSWR from 'swr';
import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';
import type { CreateUserInput, UpdateUserInput } from '../../lib/graphql/generated/graphql';

const UsersQuery = graphql(`
  query Users($search: String) {
    users(search: $search) {
      ...UserFields
    }
  }
`);

const UserQuery = graphql(`
  query User($email: String!) {
    user(email: $email) {
      ...UserFields
    }
  }
`);

const CreateUserMutation = graphql(`
  mutation CreateUser($user: CreateUserInput!) {
    createUser(user: $user) {
      ...UserFields
    }
  }
`);

const UpdateUserMutation = graphql(`
  mutation UpdateUser($email: String!, $user: UpdateUserInput!) {
    updateUser(email: $email, user: $user) {
      ...UserFields
    }
  }
`);

const UpdateUserPasswordMutation = graphql(`
  mutation UpdateUserPassword($email: String!, $newPassword: String!) {
    updateUserPassword(email: $email, newPassword: $newPassword)
  }
`);

const DeleteUserMutation = graphql(`
  mutation DeleteUser($email: String!) {
    deleteUser(email: $email)
  }
`);

/** The users matching `search` (server side: e-mail or name), sorted by e-mail. */
export function useUsers(search: string) {
  const term = search.trim();
  return useSWR(
    ['Users', term],
    () => graphqlRequest(UsersQuery, { search: term === '' ? null : term }).then((result) => result.users),
    { keepPreviousData: true }, // the table stays while a search runs
  );
}

/** One user by e-mail; `null` when there is none. */
export function useUser(email: string) {
  return useSWR(['User', email], () => graphqlRequest(UserQuery, { email }).then((result) => result.user));
}

export const createUser = (user: CreateUserInput) =>
  graphqlRequest(CreateUserMutation, { user }).then((result) => result.createUser);

export const updateUser = (email: string, user: UpdateUserInput) =>
  graphqlRequest(UpdateUserMutation, { email, user }).then((result) => result.updateUser);

export const updateUserPassword = (email: string, newPassword: string) =>
  graphqlRequest(UpdateUserPasswordMutation, { email, newPassword }).then((result) => result.updateUserPassword);

export const deleteUser = (email: string) =>
  graphqlRequest(DeleteUserMutation, { email }).then((result) => result.deleteUser);
