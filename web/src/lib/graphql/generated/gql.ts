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
    "\n  query Ping {\n    ping\n  }\n": typeof types.PingDocument,
    "\n  mutation PingWorker {\n    pingWorker {\n      jobId\n      worker\n      roundTripMs\n    }\n  }\n": typeof types.PingWorkerDocument,
    "\n  fragment UserFields on User {\n    email\n    firstName\n    lastName\n    avatar\n    createdAt\n  }\n": typeof types.UserFieldsFragmentDoc,
    "\n  fragment AuthSessionFields on AuthSession {\n    logged\n    message\n    user {\n      ...UserFields\n    }\n    accessToken\n    refreshToken\n    accessUuid\n    refreshUuid\n    atExpires\n    rtExpires\n    permissions {\n      resource\n      action\n    }\n  }\n": typeof types.AuthSessionFieldsFragmentDoc,
    "\n  mutation BasicLogin($username: String!, $password: String!) {\n    basicLogin(username: $username, password: $password) {\n      ...AuthSessionFields\n    }\n  }\n": typeof types.BasicLoginDocument,
    "\n  mutation GetNewAccessToken($refreshToken: String!) {\n    getNewAccessToken(refreshToken: $refreshToken) {\n      ...AuthSessionFields\n    }\n  }\n": typeof types.GetNewAccessTokenDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  query LoggedUser {\n    loggedUser {\n      ...UserFields\n    }\n  }\n": typeof types.LoggedUserDocument,
    "\n  mutation SessionPing {\n    pingMutation\n  }\n": typeof types.SessionPingDocument,
};
const documents: Documents = {
    "\n  query Ping {\n    ping\n  }\n": types.PingDocument,
    "\n  mutation PingWorker {\n    pingWorker {\n      jobId\n      worker\n      roundTripMs\n    }\n  }\n": types.PingWorkerDocument,
    "\n  fragment UserFields on User {\n    email\n    firstName\n    lastName\n    avatar\n    createdAt\n  }\n": types.UserFieldsFragmentDoc,
    "\n  fragment AuthSessionFields on AuthSession {\n    logged\n    message\n    user {\n      ...UserFields\n    }\n    accessToken\n    refreshToken\n    accessUuid\n    refreshUuid\n    atExpires\n    rtExpires\n    permissions {\n      resource\n      action\n    }\n  }\n": types.AuthSessionFieldsFragmentDoc,
    "\n  mutation BasicLogin($username: String!, $password: String!) {\n    basicLogin(username: $username, password: $password) {\n      ...AuthSessionFields\n    }\n  }\n": types.BasicLoginDocument,
    "\n  mutation GetNewAccessToken($refreshToken: String!) {\n    getNewAccessToken(refreshToken: $refreshToken) {\n      ...AuthSessionFields\n    }\n  }\n": types.GetNewAccessTokenDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  query LoggedUser {\n    loggedUser {\n      ...UserFields\n    }\n  }\n": types.LoggedUserDocument,
    "\n  mutation SessionPing {\n    pingMutation\n  }\n": types.SessionPingDocument,
};

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
export function graphql(source: "\n  fragment UserFields on User {\n    email\n    firstName\n    lastName\n    avatar\n    createdAt\n  }\n"): typeof import('./graphql').UserFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AuthSessionFields on AuthSession {\n    logged\n    message\n    user {\n      ...UserFields\n    }\n    accessToken\n    refreshToken\n    accessUuid\n    refreshUuid\n    atExpires\n    rtExpires\n    permissions {\n      resource\n      action\n    }\n  }\n"): typeof import('./graphql').AuthSessionFieldsFragmentDoc;
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
