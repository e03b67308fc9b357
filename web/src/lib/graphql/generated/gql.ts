/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation UpdateOwnData($email: String!, $user: UpdateUserInput!) {\n    updateUser(email: $email, user: $user) {\n      ...UserFields\n    }\n  }\n": typeof types.UpdateOwnDataDocument,
    "\n  mutation UpdateSelfPassword($email: String!, $oldPassword: String!, $newPassword: String!) {\n    updateSelfPassword(email: $email, oldPassword: $oldPassword, newPassword: $newPassword)\n  }\n": typeof types.UpdateSelfPasswordDocument,
    "\n  mutation UpdateAvatar($email: String!, $avatar: String!) {\n    updateAvatar(email: $email, avatar: $avatar) {\n      ...UserFields\n    }\n  }\n": typeof types.UpdateAvatarDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...AuthSessionFields\n    }\n  }\n": typeof types.RegisterDocument,
    "\n  mutation RecoverPassword($email: String!) {\n    recoverPassword(email: $email)\n  }\n": typeof types.RecoverPasswordDocument,
    "\n  mutation ResetPassword($email: String!, $code: String!, $newPassword: String!) {\n    resetPassword(email: $email, code: $code, newPassword: $newPassword) {\n      ...AuthSessionFields\n    }\n  }\n": typeof types.ResetPasswordDocument,
    "\n  query Ping {\n    ping\n  }\n": typeof types.PingDocument,
    "\n  mutation PingWorker {\n    pingWorker {\n      jobId\n      worker\n      roundTripMs\n    }\n  }\n": typeof types.PingWorkerDocument,
    "\n  query JobQueues {\n    jobQueues {\n      name\n      waiting\n      retrying\n      running\n      failed\n    }\n  }\n": typeof types.JobQueuesDocument,
    "\n  query FailedJobs($queueName: String!, $pageSize: Int!, $pageIndex: Int!) {\n    failedJobs(queueName: $queueName, pageSize: $pageSize, pageIndex: $pageIndex) {\n      total\n      items {\n        id\n        queue\n        failedAt\n        attempts\n        error\n        payload\n      }\n    }\n  }\n": typeof types.FailedJobsDocument,
    "\n  mutation RetryFailedJob($queueName: String!, $id: ID!) {\n    retryFailedJob(queueName: $queueName, id: $id)\n  }\n": typeof types.RetryFailedJobDocument,
    "\n  mutation DiscardFailedJob($queueName: String!, $id: ID!) {\n    discardFailedJob(queueName: $queueName, id: $id)\n  }\n": typeof types.DiscardFailedJobDocument,
    "\n  query NotificationReceivers {\n    notificationReceivers {\n      id\n    }\n  }\n": typeof types.NotificationReceiversDocument,
    "\n  mutation AddNotificationReceiver($receiver: String!) {\n    addNotificationReceiver(receiver: $receiver) {\n      id\n    }\n  }\n": typeof types.AddNotificationReceiverDocument,
    "\n  mutation DeleteNotificationReceiver($receiver: String!) {\n    deleteNotificationReceiver(receiver: $receiver) {\n      id\n    }\n  }\n": typeof types.DeleteNotificationReceiverDocument,
    "\n  query Roles {\n    roles {\n      name\n      description\n    }\n  }\n": typeof types.RolesDocument,
    "\n  query Policies {\n    getPolicies {\n      subject\n      domain\n      object\n      action\n    }\n  }\n": typeof types.PoliciesDocument,
    "\n  query Groups {\n    getGroups {\n      subject\n      domain\n      role\n    }\n  }\n": typeof types.GroupsDocument,
    "\n  query UserOptions($search: String, $limit: Int) {\n    users(search: $search, limit: $limit) {\n      email\n      firstName\n      lastName\n    }\n  }\n": typeof types.UserOptionsDocument,
    "\n  mutation CreateRole($name: String!, $description: String) {\n    createRole(name: $name, description: $description) {\n      name\n      description\n    }\n  }\n": typeof types.CreateRoleDocument,
    "\n  mutation DeleteRole($name: String!) {\n    deleteRole(name: $name)\n  }\n": typeof types.DeleteRoleDocument,
    "\n  mutation AddPolicy($subject: String!, $object: String!, $action: String!) {\n    AddPolicy(subject: $subject, object: $object, action: $action) {\n      subject\n      domain\n      object\n      action\n    }\n  }\n": typeof types.AddPolicyDocument,
    "\n  mutation DeletePolicy($subject: String!, $object: String!, $action: String!, $domain: String) {\n    deletePolicy(subject: $subject, object: $object, action: $action, domain: $domain)\n  }\n": typeof types.DeletePolicyDocument,
    "\n  mutation AddGroup($subject: String!, $role: String!) {\n    AddGroup(subject: $subject, role: $role) {\n      subject\n      domain\n      role\n    }\n  }\n": typeof types.AddGroupDocument,
    "\n  mutation DeleteGroup($subject: String!, $role: String!, $domain: String) {\n    deleteGroup(subject: $subject, role: $role, domain: $domain)\n  }\n": typeof types.DeleteGroupDocument,
    "\n  query Users($search: String) {\n    users(search: $search) {\n      ...UserFields\n    }\n  }\n": typeof types.UsersDocument,
    "\n  query User($email: String!) {\n    user(email: $email) {\n      ...UserFields\n    }\n  }\n": typeof types.UserDocument,
    "\n  mutation CreateUser($user: CreateUserInput!) {\n    createUser(user: $user) {\n      ...UserFields\n    }\n  }\n": typeof types.CreateUserDocument,
    "\n  mutation UpdateUser($email: String!, $user: UpdateUserInput!) {\n    updateUser(email: $email, user: $user) {\n      ...UserFields\n    }\n  }\n": typeof types.UpdateUserDocument,
    "\n  mutation UpdateUserPassword($email: String!, $newPassword: String!) {\n    updateUserPassword(email: $email, newPassword: $newPassword)\n  }\n": typeof types.UpdateUserPasswordDocument,
    "\n  mutation DeleteUser($email: String!) {\n    deleteUser(email: $email)\n  }\n": typeof types.DeleteUserDocument,
    "\n  fragment UserFields on User {\n    email\n    firstName\n    lastName\n    avatar\n    createdAt\n  }\n": typeof types.UserFieldsFragmentDoc,
    "\n  fragment AuthSessionFields on AuthSession {\n    logged\n    message\n    user {\n      ...UserFields\n    }\n    accessToken\n    refreshToken\n    accessUuid\n    refreshUuid\n    atExpires\n    rtExpires\n    permissions {\n      resource\n      action\n    }\n    impersonated\n    impersonatedBy {\n      ...UserFields\n    }\n  }\n": typeof types.AuthSessionFieldsFragmentDoc,
    "\n  mutation Impersonates($email: String!) {\n    impersonates(email: $email) {\n      ...AuthSessionFields\n    }\n  }\n": typeof types.ImpersonatesDocument,
    "\n  mutation EndImpersonation {\n    endImpersonation {\n      ...AuthSessionFields\n    }\n  }\n": typeof types.EndImpersonationDocument,
    "\n  mutation BasicLogin($username: String!, $password: String!) {\n    basicLogin(username: $username, password: $password) {\n      ...AuthSessionFields\n    }\n  }\n": typeof types.BasicLoginDocument,
    "\n  mutation GetNewAccessToken($refreshToken: String!) {\n    getNewAccessToken(refreshToken: $refreshToken) {\n      ...AuthSessionFields\n    }\n  }\n": typeof types.GetNewAccessTokenDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  query LoggedUser {\n    loggedUser {\n      ...UserFields\n    }\n  }\n": typeof types.LoggedUserDocument,
    "\n  mutation SessionPing {\n    pingMutation\n  }\n": typeof types.SessionPingDocument,
};
const documents: Documents = {
    "\n  mutation UpdateOwnData($email: String!, $user: UpdateUserInput!) {\n    updateUser(email: $email, user: $user) {\n      ...UserFields\n    }\n  }\n": types.UpdateOwnDataDocument,
    "\n  mutation UpdateSelfPassword($email: String!, $oldPassword: String!, $newPassword: String!) {\n    updateSelfPassword(email: $email, oldPassword: $oldPassword, newPassword: $newPassword)\n  }\n": types.UpdateSelfPasswordDocument,
    "\n  mutation UpdateAvatar($email: String!, $avatar: String!) {\n    updateAvatar(email: $email, avatar: $avatar) {\n      ...UserFields\n    }\n  }\n": types.UpdateAvatarDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...AuthSessionFields\n    }\n  }\n": types.RegisterDocument,
    "\n  mutation RecoverPassword($email: String!) {\n    recoverPassword(email: $email)\n  }\n": types.RecoverPasswordDocument,
    "\n  mutation ResetPassword($email: String!, $code: String!, $newPassword: String!) {\n    resetPassword(email: $email, code: $code, newPassword: $newPassword) {\n      ...AuthSessionFields\n    }\n  }\n": types.ResetPasswordDocument,
    "\n  query Ping {\n    ping\n  }\n": types.PingDocument,
    "\n  mutation PingWorker {\n    pingWorker {\n      jobId\n      worker\n      roundTripMs\n    }\n  }\n": types.PingWorkerDocument,
    "\n  query JobQueues {\n    jobQueues {\n      name\n      waiting\n      retrying\n      running\n      failed\n    }\n  }\n": types.JobQueuesDocument,
    "\n  query FailedJobs($queueName: String!, $pageSize: Int!, $pageIndex: Int!) {\n    failedJobs(queueName: $queueName, pageSize: $pageSize, pageIndex: $pageIndex) {\n      total\n      items {\n        id\n        queue\n        failedAt\n        attempts\n        error\n        payload\n      }\n    }\n  }\n": types.FailedJobsDocument,
    "\n  mutation RetryFailedJob($queueName: String!, $id: ID!) {\n    retryFailedJob(queueName: $queueName, id: $id)\n  }\n": types.RetryFailedJobDocument,
    "\n  mutation DiscardFailedJob($queueName: String!, $id: ID!) {\n    discardFailedJob(queueName: $queueName, id: $id)\n  }\n": types.DiscardFailedJobDocument,
    "\n  query NotificationReceivers {\n    notificationReceivers {\n      id\n    }\n  }\n": types.NotificationReceiversDocument,
    "\n  mutation AddNotificationReceiver($receiver: String!) {\n    addNotificationReceiver(receiver: $receiver) {\n      id\n    }\n  }\n": types.AddNotificationReceiverDocument,
    "\n  mutation DeleteNotificationReceiver($receiver: String!) {\n    deleteNotificationReceiver(receiver: $receiver) {\n      id\n    }\n  }\n": types.DeleteNotificationReceiverDocument,
    "\n  query Roles {\n    roles {\n      name\n      description\n    }\n  }\n": types.RolesDocument,
    "\n  query Policies {\n    getPolicies {\n      subject\n      domain\n      object\n      action\n    }\n  }\n": types.PoliciesDocument,
    "\n  query Groups {\n    getGroups {\n      subject\n      domain\n      role\n    }\n  }\n": types.GroupsDocument,
    "\n  query UserOptions($search: String, $limit: Int) {\n    users(search: $search, limit: $limit) {\n      email\n      firstName\n      lastName\n    }\n  }\n": types.UserOptionsDocument,
    "\n  mutation CreateRole($name: String!, $description: String) {\n    createRole(name: $name, description: $description) {\n      name\n      description\n    }\n  }\n": types.CreateRoleDocument,
    "\n  mutation DeleteRole($name: String!) {\n    deleteRole(name: $name)\n  }\n": types.DeleteRoleDocument,
    "\n  mutation AddPolicy($subject: String!, $object: String!, $action: String!) {\n    AddPolicy(subject: $subject, object: $object, action: $action) {\n      subject\n      domain\n      object\n      action\n    }\n  }\n": types.AddPolicyDocument,
    "\n  mutation DeletePolicy($subject: String!, $object: String!, $action: String!, $domain: String) {\n    deletePolicy(subject: $subject, object: $object, action: $action, domain: $domain)\n  }\n": types.DeletePolicyDocument,
    "\n  mutation AddGroup($subject: String!, $role: String!) {\n    AddGroup(subject: $subject, role: $role) {\n      subject\n      domain\n      role\n    }\n  }\n": types.AddGroupDocument,
    "\n  mutation DeleteGroup($subject: String!, $role: String!, $domain: String) {\n    deleteGroup(subject: $subject, role: $role, domain: $domain)\n  }\n": types.DeleteGroupDocument,
    "\n  query Users($search: String) {\n    users(search: $search) {\n      ...UserFields\n    }\n  }\n": types.UsersDocument,
    "\n  query User($email: String!) {\n    user(email: $email) {\n      ...UserFields\n    }\n  }\n": types.UserDocument,
    "\n  mutation CreateUser($user: CreateUserInput!) {\n    createUser(user: $user) {\n      ...UserFields\n    }\n  }\n": types.CreateUserDocument,
    "\n  mutation UpdateUser($email: String!, $user: UpdateUserInput!) {\n    updateUser(email: $email, user: $user) {\n      ...UserFields\n    }\n  }\n": types.UpdateUserDocument,
    "\n  mutation UpdateUserPassword($email: String!, $newPassword: String!) {\n    updateUserPassword(email: $email, newPassword: $newPassword)\n  }\n": types.UpdateUserPasswordDocument,
    "\n  mutation DeleteUser($email: String!) {\n    deleteUser(email: $email)\n  }\n": types.DeleteUserDocument,
    "\n  fragment UserFields on User {\n    email\n    firstName\n    lastName\n    avatar\n    createdAt\n  }\n": types.UserFieldsFragmentDoc,
    "\n  fragment AuthSessionFields on AuthSession {\n    logged\n    message\n    user {\n      ...UserFields\n    }\n    accessToken\n    refreshToken\n    accessUuid\n    refreshUuid\n    atExpires\n    rtExpires\n    permissions {\n      resource\n      action\n    }\n    impersonated\n    impersonatedBy {\n      ...UserFields\n    }\n  }\n": types.AuthSessionFieldsFragmentDoc,
    "\n  mutation Impersonates($email: String!) {\n    impersonates(email: $email) {\n      ...AuthSessionFields\n    }\n  }\n": types.ImpersonatesDocument,
    "\n  mutation EndImpersonation {\n    endImpersonation {\n      ...AuthSessionFields\n    }\n  }\n": types.EndImpersonationDocument,
    "\n  mutation BasicLogin($username: String!, $password: String!) {\n    basicLogin(username: $username, password: $password) {\n      ...AuthSessionFields\n    }\n  }\n": types.BasicLoginDocument,
    "\n  mutation GetNewAccessToken($refreshToken: String!) {\n    getNewAccessToken(refreshToken: $refreshToken) {\n      ...AuthSessionFields\n    }\n  }\n": types.GetNewAccessTokenDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  query LoggedUser {\n    loggedUser {\n      ...UserFields\n    }\n  }\n": types.LoggedUserDocument,
    "\n  mutation SessionPing {\n    pingMutation\n  }\n": types.SessionPingDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOwnData($email: String!, $user: UpdateUserInput!) {\n    updateUser(email: $email, user: $user) {\n      ...UserFields\n    }\n  }\n"): typeof import('./graphql').UpdateOwnDataDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSelfPassword($email: String!, $oldPassword: String!, $newPassword: String!) {\n    updateSelfPassword(email: $email, oldPassword: $oldPassword, newPassword: $newPassword)\n  }\n"): typeof import('./graphql').UpdateSelfPasswordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAvatar($email: String!, $avatar: String!) {\n    updateAvatar(email: $email, avatar: $avatar) {\n      ...UserFields\n    }\n  }\n"): typeof import('./graphql').UpdateAvatarDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...AuthSessionFields\n    }\n  }\n"): typeof import('./graphql').RegisterDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecoverPassword($email: String!) {\n    recoverPassword(email: $email)\n  }\n"): typeof import('./graphql').RecoverPasswordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPassword($email: String!, $code: String!, $newPassword: String!) {\n    resetPassword(email: $email, code: $code, newPassword: $newPassword) {\n      ...AuthSessionFields\n    }\n  }\n"): typeof import('./graphql').ResetPasswordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Ping {\n    ping\n  }\n"): typeof import('./graphql').PingDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PingWorker {\n    pingWorker {\n      jobId\n      worker\n      roundTripMs\n    }\n  }\n"): typeof import('./graphql').PingWorkerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query JobQueues {\n    jobQueues {\n      name\n      waiting\n      retrying\n      running\n      failed\n    }\n  }\n"): typeof import('./graphql').JobQueuesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FailedJobs($queueName: String!, $pageSize: Int!, $pageIndex: Int!) {\n    failedJobs(queueName: $queueName, pageSize: $pageSize, pageIndex: $pageIndex) {\n      total\n      items {\n        id\n        queue\n        failedAt\n        attempts\n        error\n        payload\n      }\n    }\n  }\n"): typeof import('./graphql').FailedJobsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryFailedJob($queueName: String!, $id: ID!) {\n    retryFailedJob(queueName: $queueName, id: $id)\n  }\n"): typeof import('./graphql').RetryFailedJobDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DiscardFailedJob($queueName: String!, $id: ID!) {\n    discardFailedJob(queueName: $queueName, id: $id)\n  }\n"): typeof import('./graphql').DiscardFailedJobDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationReceivers {\n    notificationReceivers {\n      id\n    }\n  }\n"): typeof import('./graphql').NotificationReceiversDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddNotificationReceiver($receiver: String!) {\n    addNotificationReceiver(receiver: $receiver) {\n      id\n    }\n  }\n"): typeof import('./graphql').AddNotificationReceiverDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteNotificationReceiver($receiver: String!) {\n    deleteNotificationReceiver(receiver: $receiver) {\n      id\n    }\n  }\n"): typeof import('./graphql').DeleteNotificationReceiverDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Roles {\n    roles {\n      name\n      description\n    }\n  }\n"): typeof import('./graphql').RolesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Policies {\n    getPolicies {\n      subject\n      domain\n      object\n      action\n    }\n  }\n"): typeof import('./graphql').PoliciesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Groups {\n    getGroups {\n      subject\n      domain\n      role\n    }\n  }\n"): typeof import('./graphql').GroupsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UserOptions($search: String, $limit: Int) {\n    users(search: $search, limit: $limit) {\n      email\n      firstName\n      lastName\n    }\n  }\n"): typeof import('./graphql').UserOptionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateRole($name: String!, $description: String) {\n    createRole(name: $name, description: $description) {\n      name\n      description\n    }\n  }\n"): typeof import('./graphql').CreateRoleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteRole($name: String!) {\n    deleteRole(name: $name)\n  }\n"): typeof import('./graphql').DeleteRoleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddPolicy($subject: String!, $object: String!, $action: String!) {\n    AddPolicy(subject: $subject, object: $object, action: $action) {\n      subject\n      domain\n      object\n      action\n    }\n  }\n"): typeof import('./graphql').AddPolicyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeletePolicy($subject: String!, $object: String!, $action: String!, $domain: String) {\n    deletePolicy(subject: $subject, object: $object, action: $action, domain: $domain)\n  }\n"): typeof import('./graphql').DeletePolicyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddGroup($subject: String!, $role: String!) {\n    AddGroup(subject: $subject, role: $role) {\n      subject\n      domain\n      role\n    }\n  }\n"): typeof import('./graphql').AddGroupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteGroup($subject: String!, $role: String!, $domain: String) {\n    deleteGroup(subject: $subject, role: $role, domain: $domain)\n  }\n"): typeof import('./graphql').DeleteGroupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Users($search: String) {\n    users(search: $search) {\n      ...UserFields\n    }\n  }\n"): typeof import('./graphql').UsersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query User($email: String!) {\n    user(email: $email) {\n      ...UserFields\n    }\n  }\n"): typeof import('./graphql').UserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateUser($user: CreateUserInput!) {\n    createUser(user: $user) {\n      ...UserFields\n    }\n  }\n"): typeof import('./graphql').CreateUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateUser($email: String!, $user: UpdateUserInput!) {\n    updateUser(email: $email, user: $user) {\n      ...UserFields\n    }\n  }\n"): typeof import('./graphql').UpdateUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateUserPassword($email: String!, $newPassword: String!) {\n    updateUserPassword(email: $email, newPassword: $newPassword)\n  }\n"): typeof import('./graphql').UpdateUserPasswordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteUser($email: String!) {\n    deleteUser(email: $email)\n  }\n"): typeof import('./graphql').DeleteUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UserFields on User {\n    email\n    firstName\n    lastName\n    avatar\n    createdAt\n  }\n"): typeof import('./graphql').UserFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AuthSessionFields on AuthSession {\n    logged\n    message\n    user {\n      ...UserFields\n    }\n    accessToken\n    refreshToken\n    accessUuid\n    refreshUuid\n    atExpires\n    rtExpires\n    permissions {\n      resource\n      action\n    }\n    impersonated\n    impersonatedBy {\n      ...UserFields\n    }\n  }\n"): typeof import('./graphql').AuthSessionFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Impersonates($email: String!) {\n    impersonates(email: $email) {\n      ...AuthSessionFields\n    }\n  }\n"): typeof import('./graphql').ImpersonatesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EndImpersonation {\n    endImpersonation {\n      ...AuthSessionFields\n    }\n  }\n"): typeof import('./graphql').EndImpersonationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BasicLogin($username: String!, $password: String!) {\n    basicLogin(username: $username, password: $password) {\n      ...AuthSessionFields\n    }\n  }\n"): typeof import('./graphql').BasicLoginDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GetNewAccessToken($refreshToken: String!) {\n    getNewAccessToken(refreshToken: $refreshToken) {\n      ...AuthSessionFields\n    }\n  }\n"): typeof import('./graphql').GetNewAccessTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): typeof import('./graphql').LogoutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LoggedUser {\n    loggedUser {\n      ...UserFields\n    }\n  }\n"): typeof import('./graphql').LoggedUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SessionPing {\n    pingMutation\n  }\n"): typeof import('./graphql').SessionPingDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
