/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type PingQueryVariables = Exact<{ [key: string]: never; }>;


export type PingQuery = { ping: string };

export type PingWorkerMutationVariables = Exact<{ [key: string]: never; }>;


export type PingWorkerMutation = { pingWorker: { jobId: string, worker: string, roundTripMs: number } };

export type UserFieldsFragment = { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string };

export type AuthSessionFieldsFragment = { logged: boolean, message: string | null, accessToken: string | null, refreshToken: string | null, accessUuid: string | null, refreshUuid: string | null, atExpires: number | null, rtExpires: number | null, user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null, permissions: Array<{ resource: string, action: string }> };

export type BasicLoginMutationVariables = Exact<{
  username: string;
  password: string;
}>;


export type BasicLoginMutation = { basicLogin: { logged: boolean, message: string | null, accessToken: string | null, refreshToken: string | null, accessUuid: string | null, refreshUuid: string | null, atExpires: number | null, rtExpires: number | null, user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null, permissions: Array<{ resource: string, action: string }> } };

export type GetNewAccessTokenMutationVariables = Exact<{
  refreshToken: string;
}>;


export type GetNewAccessTokenMutation = { getNewAccessToken: { logged: boolean, message: string | null, accessToken: string | null, refreshToken: string | null, accessUuid: string | null, refreshUuid: string | null, atExpires: number | null, rtExpires: number | null, user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null, permissions: Array<{ resource: string, action: string }> } };

export type LogoutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutMutation = { logout: boolean };

export type LoggedUserQueryVariables = Exact<{ [key: string]: never; }>;


export type LoggedUserQuery = { loggedUser: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } };

export type SessionPingMutationVariables = Exact<{ [key: string]: never; }>;


export type SessionPingMutation = { pingMutation: string };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const UserFieldsFragmentDoc = new TypedDocumentString(`
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}
    `, {"fragmentName":"UserFields"}) as unknown as TypedDocumentString<UserFieldsFragment, unknown>;
export const AuthSessionFieldsFragmentDoc = new TypedDocumentString(`
    fragment AuthSessionFields on AuthSession {
  logged
  message
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
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}`, {"fragmentName":"AuthSessionFields"}) as unknown as TypedDocumentString<AuthSessionFieldsFragment, unknown>;
export const PingDocument = new TypedDocumentString(`
    query Ping {
  ping
}
    `) as unknown as TypedDocumentString<PingQuery, PingQueryVariables>;
export const PingWorkerDocument = new TypedDocumentString(`
    mutation PingWorker {
  pingWorker {
    jobId
    worker
    roundTripMs
  }
}
    `) as unknown as TypedDocumentString<PingWorkerMutation, PingWorkerMutationVariables>;
export const BasicLoginDocument = new TypedDocumentString(`
    mutation BasicLogin($username: String!, $password: String!) {
  basicLogin(username: $username, password: $password) {
    ...AuthSessionFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}
fragment AuthSessionFields on AuthSession {
  logged
  message
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
}`) as unknown as TypedDocumentString<BasicLoginMutation, BasicLoginMutationVariables>;
export const GetNewAccessTokenDocument = new TypedDocumentString(`
    mutation GetNewAccessToken($refreshToken: String!) {
  getNewAccessToken(refreshToken: $refreshToken) {
    ...AuthSessionFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}
fragment AuthSessionFields on AuthSession {
  logged
  message
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
}`) as unknown as TypedDocumentString<GetNewAccessTokenMutation, GetNewAccessTokenMutationVariables>;
export const LogoutDocument = new TypedDocumentString(`
    mutation Logout {
  logout
}
    `) as unknown as TypedDocumentString<LogoutMutation, LogoutMutationVariables>;
export const LoggedUserDocument = new TypedDocumentString(`
    query LoggedUser {
  loggedUser {
    ...UserFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}`) as unknown as TypedDocumentString<LoggedUserQuery, LoggedUserQueryVariables>;
export const SessionPingDocument = new TypedDocumentString(`
    mutation SessionPing {
  pingMutation
}
    `) as unknown as TypedDocumentString<SessionPingMutation, SessionPingMutationVariables>;