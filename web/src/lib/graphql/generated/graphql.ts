/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type CreateUserInput = {
  confirmPassword: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
};

/** The fields of `register` (the same rules as `createUser`). */
export type RegisterInput = {
  confirmPassword: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
};

export type UpdateUserInput = {
  firstName: string;
  lastName: string;
};

export type UpdateOwnDataMutationVariables = Exact<{
  email: string;
  user: UpdateUserInput;
}>;


export type UpdateOwnDataMutation = { updateUser: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } };

export type UpdateSelfPasswordMutationVariables = Exact<{
  email: string;
  oldPassword: string;
  newPassword: string;
}>;


export type UpdateSelfPasswordMutation = { updateSelfPassword: boolean };

export type UpdateAvatarMutationVariables = Exact<{
  email: string;
  avatar: string;
}>;


export type UpdateAvatarMutation = { updateAvatar: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } };

export type RegisterMutationVariables = Exact<{
  input: RegisterInput;
}>;


export type RegisterMutation = { register: { logged: boolean, message: string | null, accessToken: string | null, refreshToken: string | null, accessUuid: string | null, refreshUuid: string | null, atExpires: number | null, rtExpires: number | null, impersonated: boolean, user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null, permissions: Array<{ resource: string, action: string }>, impersonatedBy: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null } };

export type RecoverPasswordMutationVariables = Exact<{
  email: string;
}>;


export type RecoverPasswordMutation = { recoverPassword: boolean };

export type ResetPasswordMutationVariables = Exact<{
  email: string;
  code: string;
  newPassword: string;
}>;


export type ResetPasswordMutation = { resetPassword: { logged: boolean, message: string | null, accessToken: string | null, refreshToken: string | null, accessUuid: string | null, refreshUuid: string | null, atExpires: number | null, rtExpires: number | null, impersonated: boolean, user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null, permissions: Array<{ resource: string, action: string }>, impersonatedBy: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null } };

export type PingQueryVariables = Exact<{ [key: string]: never; }>;


export type PingQuery = { ping: string };

export type PingWorkerMutationVariables = Exact<{ [key: string]: never; }>;


export type PingWorkerMutation = { pingWorker: { jobId: string, worker: string, roundTripMs: number } };

export type JobQueuesQueryVariables = Exact<{ [key: string]: never; }>;


export type JobQueuesQuery = { jobQueues: Array<{ name: string, waiting: number, retrying: number, running: number, failed: number }> };

export type FailedJobsQueryVariables = Exact<{
  queueName: string;
  pageSize: number;
  pageIndex: number;
}>;


export type FailedJobsQuery = { failedJobs: { total: number, items: Array<{ id: string, queue: string, failedAt: number | null, attempts: number, error: string, payload: string }> } };

export type RetryFailedJobMutationVariables = Exact<{
  queueName: string;
  id: string | number;
}>;


export type RetryFailedJobMutation = { retryFailedJob: boolean };

export type DiscardFailedJobMutationVariables = Exact<{
  queueName: string;
  id: string | number;
}>;


export type DiscardFailedJobMutation = { discardFailedJob: boolean };

export type NotificationReceiversQueryVariables = Exact<{ [key: string]: never; }>;


export type NotificationReceiversQuery = { notificationReceivers: Array<{ id: string }> };

export type AddNotificationReceiverMutationVariables = Exact<{
  receiver: string;
}>;


export type AddNotificationReceiverMutation = { addNotificationReceiver: Array<{ id: string }> };

export type DeleteNotificationReceiverMutationVariables = Exact<{
  receiver: string;
}>;


export type DeleteNotificationReceiverMutation = { deleteNotificationReceiver: Array<{ id: string }> };

export type RolesQueryVariables = Exact<{ [key: string]: never; }>;


export type RolesQuery = { roles: Array<{ name: string, description: string }> };

export type PoliciesQueryVariables = Exact<{ [key: string]: never; }>;


export type PoliciesQuery = { getPolicies: Array<{ subject: string, domain: string, object: string, action: string }> };

export type GroupsQueryVariables = Exact<{ [key: string]: never; }>;


export type GroupsQuery = { getGroups: Array<{ subject: string, domain: string, role: string }> };

export type UserOptionsQueryVariables = Exact<{
  search?: string | null | undefined;
  limit?: number | null | undefined;
}>;


export type UserOptionsQuery = { users: Array<{ email: string, firstName: string, lastName: string }> };

export type CreateRoleMutationVariables = Exact<{
  name: string;
  description?: string | null | undefined;
}>;


export type CreateRoleMutation = { createRole: { name: string, description: string } };

export type DeleteRoleMutationVariables = Exact<{
  name: string;
}>;


export type DeleteRoleMutation = { deleteRole: boolean };

export type AddPolicyMutationVariables = Exact<{
  subject: string;
  object: string;
  action: string;
}>;


export type AddPolicyMutation = { AddPolicy: { subject: string, domain: string, object: string, action: string } };

export type DeletePolicyMutationVariables = Exact<{
  subject: string;
  object: string;
  action: string;
  domain?: string | null | undefined;
}>;


export type DeletePolicyMutation = { deletePolicy: boolean };

export type AddGroupMutationVariables = Exact<{
  subject: string;
  role: string;
}>;


export type AddGroupMutation = { AddGroup: { subject: string, domain: string, role: string } };

export type DeleteGroupMutationVariables = Exact<{
  subject: string;
  role: string;
  domain?: string | null | undefined;
}>;


export type DeleteGroupMutation = { deleteGroup: boolean };

export type UsersQueryVariables = Exact<{
  search?: string | null | undefined;
}>;


export type UsersQuery = { users: Array<{ email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string }> };

export type UserQueryVariables = Exact<{
  email: string;
}>;


export type UserQuery = { user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null };

export type CreateUserMutationVariables = Exact<{
  user: CreateUserInput;
}>;


export type CreateUserMutation = { createUser: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } };

export type UpdateUserMutationVariables = Exact<{
  email: string;
  user: UpdateUserInput;
}>;


export type UpdateUserMutation = { updateUser: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } };

export type UpdateUserPasswordMutationVariables = Exact<{
  email: string;
  newPassword: string;
}>;


export type UpdateUserPasswordMutation = { updateUserPassword: boolean };

export type DeleteUserMutationVariables = Exact<{
  email: string;
}>;


export type DeleteUserMutation = { deleteUser: boolean };

export type UserFieldsFragment = { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string };

export type AuthSessionFieldsFragment = { logged: boolean, message: string | null, accessToken: string | null, refreshToken: string | null, accessUuid: string | null, refreshUuid: string | null, atExpires: number | null, rtExpires: number | null, impersonated: boolean, user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null, permissions: Array<{ resource: string, action: string }>, impersonatedBy: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null };

export type ImpersonatesMutationVariables = Exact<{
  email: string;
}>;


export type ImpersonatesMutation = { impersonates: { logged: boolean, message: string | null, accessToken: string | null, refreshToken: string | null, accessUuid: string | null, refreshUuid: string | null, atExpires: number | null, rtExpires: number | null, impersonated: boolean, user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null, permissions: Array<{ resource: string, action: string }>, impersonatedBy: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null } };

export type EndImpersonationMutationVariables = Exact<{ [key: string]: never; }>;


export type EndImpersonationMutation = { endImpersonation: { logged: boolean, message: string | null, accessToken: string | null, refreshToken: string | null, accessUuid: string | null, refreshUuid: string | null, atExpires: number | null, rtExpires: number | null, impersonated: boolean, user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null, permissions: Array<{ resource: string, action: string }>, impersonatedBy: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null } };

export type BasicLoginMutationVariables = Exact<{
  username: string;
  password: string;
}>;


export type BasicLoginMutation = { basicLogin: { logged: boolean, message: string | null, accessToken: string | null, refreshToken: string | null, accessUuid: string | null, refreshUuid: string | null, atExpires: number | null, rtExpires: number | null, impersonated: boolean, user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null, permissions: Array<{ resource: string, action: string }>, impersonatedBy: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null } };

export type GetNewAccessTokenMutationVariables = Exact<{
  refreshToken: string;
}>;


export type GetNewAccessTokenMutation = { getNewAccessToken: { logged: boolean, message: string | null, accessToken: string | null, refreshToken: string | null, accessUuid: string | null, refreshUuid: string | null, atExpires: number | null, rtExpires: number | null, impersonated: boolean, user: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null, permissions: Array<{ resource: string, action: string }>, impersonatedBy: { email: string, firstName: string, lastName: string, avatar: string | null, createdAt: string } | null } };

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
  impersonated
  impersonatedBy {
    ...UserFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}`, {"fragmentName":"AuthSessionFields"}) as unknown as TypedDocumentString<AuthSessionFieldsFragment, unknown>;
export const UpdateOwnDataDocument = new TypedDocumentString(`
    mutation UpdateOwnData($email: String!, $user: UpdateUserInput!) {
  updateUser(email: $email, user: $user) {
    ...UserFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}`) as unknown as TypedDocumentString<UpdateOwnDataMutation, UpdateOwnDataMutationVariables>;
export const UpdateSelfPasswordDocument = new TypedDocumentString(`
    mutation UpdateSelfPassword($email: String!, $oldPassword: String!, $newPassword: String!) {
  updateSelfPassword(
    email: $email
    oldPassword: $oldPassword
    newPassword: $newPassword
  )
}
    `) as unknown as TypedDocumentString<UpdateSelfPasswordMutation, UpdateSelfPasswordMutationVariables>;
export const UpdateAvatarDocument = new TypedDocumentString(`
    mutation UpdateAvatar($email: String!, $avatar: String!) {
  updateAvatar(email: $email, avatar: $avatar) {
    ...UserFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}`) as unknown as TypedDocumentString<UpdateAvatarMutation, UpdateAvatarMutationVariables>;
export const RegisterDocument = new TypedDocumentString(`
    mutation Register($input: RegisterInput!) {
  register(input: $input) {
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
  impersonated
  impersonatedBy {
    ...UserFields
  }
}`) as unknown as TypedDocumentString<RegisterMutation, RegisterMutationVariables>;
export const RecoverPasswordDocument = new TypedDocumentString(`
    mutation RecoverPassword($email: String!) {
  recoverPassword(email: $email)
}
    `) as unknown as TypedDocumentString<RecoverPasswordMutation, RecoverPasswordMutationVariables>;
export const ResetPasswordDocument = new TypedDocumentString(`
    mutation ResetPassword($email: String!, $code: String!, $newPassword: String!) {
  resetPassword(email: $email, code: $code, newPassword: $newPassword) {
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
  impersonated
  impersonatedBy {
    ...UserFields
  }
}`) as unknown as TypedDocumentString<ResetPasswordMutation, ResetPasswordMutationVariables>;
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
export const JobQueuesDocument = new TypedDocumentString(`
    query JobQueues {
  jobQueues {
    name
    waiting
    retrying
    running
    failed
  }
}
    `) as unknown as TypedDocumentString<JobQueuesQuery, JobQueuesQueryVariables>;
export const FailedJobsDocument = new TypedDocumentString(`
    query FailedJobs($queueName: String!, $pageSize: Int!, $pageIndex: Int!) {
  failedJobs(queueName: $queueName, pageSize: $pageSize, pageIndex: $pageIndex) {
    total
    items {
      id
      queue
      failedAt
      attempts
      error
      payload
    }
  }
}
    `) as unknown as TypedDocumentString<FailedJobsQuery, FailedJobsQueryVariables>;
export const RetryFailedJobDocument = new TypedDocumentString(`
    mutation RetryFailedJob($queueName: String!, $id: ID!) {
  retryFailedJob(queueName: $queueName, id: $id)
}
    `) as unknown as TypedDocumentString<RetryFailedJobMutation, RetryFailedJobMutationVariables>;
export const DiscardFailedJobDocument = new TypedDocumentString(`
    mutation DiscardFailedJob($queueName: String!, $id: ID!) {
  discardFailedJob(queueName: $queueName, id: $id)
}
    `) as unknown as TypedDocumentString<DiscardFailedJobMutation, DiscardFailedJobMutationVariables>;
export const NotificationReceiversDocument = new TypedDocumentString(`
    query NotificationReceivers {
  notificationReceivers {
    id
  }
}
    `) as unknown as TypedDocumentString<NotificationReceiversQuery, NotificationReceiversQueryVariables>;
export const AddNotificationReceiverDocument = new TypedDocumentString(`
    mutation AddNotificationReceiver($receiver: String!) {
  addNotificationReceiver(receiver: $receiver) {
    id
  }
}
    `) as unknown as TypedDocumentString<AddNotificationReceiverMutation, AddNotificationReceiverMutationVariables>;
export const DeleteNotificationReceiverDocument = new TypedDocumentString(`
    mutation DeleteNotificationReceiver($receiver: String!) {
  deleteNotificationReceiver(receiver: $receiver) {
    id
  }
}
    `) as unknown as TypedDocumentString<DeleteNotificationReceiverMutation, DeleteNotificationReceiverMutationVariables>;
export const RolesDocument = new TypedDocumentString(`
    query Roles {
  roles {
    name
    description
  }
}
    `) as unknown as TypedDocumentString<RolesQuery, RolesQueryVariables>;
export const PoliciesDocument = new TypedDocumentString(`
    query Policies {
  getPolicies {
    subject
    domain
    object
    action
  }
}
    `) as unknown as TypedDocumentString<PoliciesQuery, PoliciesQueryVariables>;
export const GroupsDocument = new TypedDocumentString(`
    query Groups {
  getGroups {
    subject
    domain
    role
  }
}
    `) as unknown as TypedDocumentString<GroupsQuery, GroupsQueryVariables>;
export const UserOptionsDocument = new TypedDocumentString(`
    query UserOptions($search: String, $limit: Int) {
  users(search: $search, limit: $limit) {
    email
    firstName
    lastName
  }
}
    `) as unknown as TypedDocumentString<UserOptionsQuery, UserOptionsQueryVariables>;
export const CreateRoleDocument = new TypedDocumentString(`
    mutation CreateRole($name: String!, $description: String) {
  createRole(name: $name, description: $description) {
    name
    description
  }
}
    `) as unknown as TypedDocumentString<CreateRoleMutation, CreateRoleMutationVariables>;
export const DeleteRoleDocument = new TypedDocumentString(`
    mutation DeleteRole($name: String!) {
  deleteRole(name: $name)
}
    `) as unknown as TypedDocumentString<DeleteRoleMutation, DeleteRoleMutationVariables>;
export const AddPolicyDocument = new TypedDocumentString(`
    mutation AddPolicy($subject: String!, $object: String!, $action: String!) {
  AddPolicy(subject: $subject, object: $object, action: $action) {
    subject
    domain
    object
    action
  }
}
    `) as unknown as TypedDocumentString<AddPolicyMutation, AddPolicyMutationVariables>;
export const DeletePolicyDocument = new TypedDocumentString(`
    mutation DeletePolicy($subject: String!, $object: String!, $action: String!, $domain: String) {
  deletePolicy(
    subject: $subject
    object: $object
    action: $action
    domain: $domain
  )
}
    `) as unknown as TypedDocumentString<DeletePolicyMutation, DeletePolicyMutationVariables>;
export const AddGroupDocument = new TypedDocumentString(`
    mutation AddGroup($subject: String!, $role: String!) {
  AddGroup(subject: $subject, role: $role) {
    subject
    domain
    role
  }
}
    `) as unknown as TypedDocumentString<AddGroupMutation, AddGroupMutationVariables>;
export const DeleteGroupDocument = new TypedDocumentString(`
    mutation DeleteGroup($subject: String!, $role: String!, $domain: String) {
  deleteGroup(subject: $subject, role: $role, domain: $domain)
}
    `) as unknown as TypedDocumentString<DeleteGroupMutation, DeleteGroupMutationVariables>;
export const UsersDocument = new TypedDocumentString(`
    query Users($search: String) {
  users(search: $search) {
    ...UserFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}`) as unknown as TypedDocumentString<UsersQuery, UsersQueryVariables>;
export const UserDocument = new TypedDocumentString(`
    query User($email: String!) {
  user(email: $email) {
    ...UserFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}`) as unknown as TypedDocumentString<UserQuery, UserQueryVariables>;
export const CreateUserDocument = new TypedDocumentString(`
    mutation CreateUser($user: CreateUserInput!) {
  createUser(user: $user) {
    ...UserFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}`) as unknown as TypedDocumentString<CreateUserMutation, CreateUserMutationVariables>;
export const UpdateUserDocument = new TypedDocumentString(`
    mutation UpdateUser($email: String!, $user: UpdateUserInput!) {
  updateUser(email: $email, user: $user) {
    ...UserFields
  }
}
    fragment UserFields on User {
  email
  firstName
  lastName
  avatar
  createdAt
}`) as unknown as TypedDocumentString<UpdateUserMutation, UpdateUserMutationVariables>;
export const UpdateUserPasswordDocument = new TypedDocumentString(`
    mutation UpdateUserPassword($email: String!, $newPassword: String!) {
  updateUserPassword(email: $email, newPassword: $newPassword)
}
    `) as unknown as TypedDocumentString<UpdateUserPasswordMutation, UpdateUserPasswordMutationVariables>;
export const DeleteUserDocument = new TypedDocumentString(`
    mutation DeleteUser($email: String!) {
  deleteUser(email: $email)
}
    `) as unknown as TypedDocumentString<DeleteUserMutation, DeleteUserMutationVariables>;
export const ImpersonatesDocument = new TypedDocumentString(`
    mutation Impersonates($email: String!) {
  impersonates(email: $email) {
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
  impersonated
  impersonatedBy {
    ...UserFields
  }
}`) as unknown as TypedDocumentString<ImpersonatesMutation, ImpersonatesMutationVariables>;
export const EndImpersonationDocument = new TypedDocumentString(`
    mutation EndImpersonation {
  endImpersonation {
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
  impersonated
  impersonatedBy {
    ...UserFields
  }
}`) as unknown as TypedDocumentString<EndImpersonationMutation, EndImpersonationMutationVariables>;
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
  impersonated
  impersonatedBy {
    ...UserFields
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
  impersonated
  impersonatedBy {
    ...UserFields
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