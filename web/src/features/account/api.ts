import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';

const UpdateOwnDataMutation = graphql(`
  mutation UpdateOwnData($email: String!, $user: UpdateUserInput!) {
    updateUser(email: $email, user: $user) {
      ...UserFields
    }
  }
`);

const UpdateSelfPasswordMutation = graphql(`
  mutation UpdateSelfPassword($email: String!, $oldPassword: String!, $newPassword: String!) {
    updateSelfPassword(email: $email, oldPassword: $oldPassword, newPassword: $newPassword)
  }
`);

const UpdateAvatarMutation = graphql(`
  mutation UpdateAvatar($email: String!, $avatar: String!) {
    updateAvatar(email: $email, avatar: $avatar) {
      ...UserFields
    }
  }
`);

export const updateOwnData = (email: string, firstName: string, lastName: string) =>
  graphqlRequest(UpdateOwnDataMutation, { email, user: { firstName, lastName } }).then((result) => result.updateUser);

export const updateSelfPassword = (email: string, oldPassword: string, newPassword: string) =>
  graphqlRequest(UpdateSelfPasswordMutation, { email, oldPassword, newPassword }).then((result) => result.updateSelfPassword);

export const updateAvatar = (email: string, avatar: string) =>
  graphqlRequest(UpdateAvatarMutation, { email, avatar }).then((result) => result.updateAvatar);
