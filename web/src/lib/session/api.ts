import { rawGraphqlRequest as graphqlRequest } from '../graphql/client';
import { graphql } from '../graphql/generated';
import type { AuthSessionFieldsFragment, UserFieldsFragment } from '../graphql/generated/graphql';

graphql(`
  fragment UserFields on User {
    email
    firstName
    lastName
    avatar
    createdAt
  }
`);

graphql(`
  fragment AuthSessionFields on AuthSession {
    logged
    message
    messageCode
    user {
      ...UserFields
    }
    accessToken
    refreshToken
    accessUuid
    refreshUuid
    atExpires
    rtExpires
    permissions {
      resource
      action
    }
    impersonated
    impersonatedBy {
      ...UserFields
    }
  }
`);

const ImpersonatesMutation = graphql(`
  mutation Impersonates($email: String!) {
    impersonates(email: $email) {
      ...AuthSessionFields
    }
  }
`);

const EndImpersonationMutation = graphql(`
  mutation EndImpersonation {
    endImpersonation {
      ...AuthSessionFields
    }
  }
`);

const BasicLoginMutation = graphql(`
  mutation BasicLogin($username: String!, $password: String!) {
    basicLogin(username: $username, password: $password) {
      ...AuthSessionFields
    }
  }
`);

const GetNewAccessTokenMutation = graphql(`
  mutation GetNewAccessToken($refreshToken: String!) {
    getNewAccessToken(refreshToken: $refreshToken) {
      ...AuthSessionFields
    }
  }
`);

const LogoutMutation = graphql(`
  mutation Logout {
    logout
  }
`);

const LoggedUserQuery = graphql(`
  query LoggedUser {
    loggedUser {
      ...UserFields
    }
  }
`);

const SessionPingMutation = graphql(`
  mutation SessionPing {
    pingMutation
  }
`);

/** The session's permissions, again whenever an administrator's change alters them. */
export const PermissionsChangedSubscription = graphql(`
  subscription PermissionsChanged {
    permissionsChanged {
      resource
      action
    }
  }
`);

export type AuthSessionAnswer = AuthSessionFieldsFragment;
export type SessionUser = UserFieldsFragment;

/** The server calls of the session; the store takes them as a parameter so tests can fake them. */
export interface SessionApi {
  basicLogin(username: string, password: string): Promise<AuthSessionAnswer>;
  getNewAccessToken(refreshToken: string): Promise<AuthSessionAnswer>;
  logout(): Promise<boolean>;
  loggedUser(): Promise<SessionUser>;
  ping(): Promise<string>;
  impersonates(email: string): Promise<AuthSessionAnswer>;
  endImpersonation(): Promise<AuthSessionAnswer>;
}

/** The real calls, through `graphqlRequest` (which sends the bearer set with `setAccessToken`). */
export const graphqlSessionApi: SessionApi = {
  basicLogin: (username, password) =>
    graphqlRequest(BasicLoginMutation, { username, password }).then((result) => result.basicLogin),
  getNewAccessToken: (refreshToken) =>
    graphqlRequest(GetNewAccessTokenMutation, { refreshToken }).then((result) => result.getNewAccessToken),
  logout: () => graphqlRequest(LogoutMutation).then((result) => result.logout),
  loggedUser: () => graphqlRequest(LoggedUserQuery).then((result) => result.loggedUser),
  ping: () => graphqlRequest(SessionPingMutation).then((result) => result.pingMutation),
  impersonates: (email) => graphqlRequest(ImpersonatesMutation, { email }).then((result) => result.impersonates),
  endImpersonation: () => graphqlRequest(EndImpersonationMutation).then((result) => result.endImpersonation),
};
