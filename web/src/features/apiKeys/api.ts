import useSWR from 'swr';
import type { TableInput } from '../../components/table';
import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';

export const apiKeysPath = '/api-keys';
export const newApiKeyPath = '/api-keys/nuova';

const ApiKeysQuery = graphql(`
  query ApiKeys($input: TableInput) {
    apiKeys(input: $input) {
      items {
        id
        name
        prefix
        subject
        roles
        allowedSources
        expiresAt
        createdBy
        createdAt
        rotatedAt
        previousValidUntil
        lastUsedAt
        revokedAt
        state
      }
      pages
      total
      more
    }
  }
`);

const CreateApiKeyMutation = graphql(`
  mutation CreateApiKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) {
      apiKey {
        id
        name
        prefix
      }
      secret
    }
  }
`);

const RotateApiKeyMutation = graphql(`
  mutation RotateApiKey($id: ID!, $previousValidForHours: Int!) {
    rotateApiKey(id: $id, previousValidForHours: $previousValidForHours) {
      apiKey {
        id
        name
        prefix
        previousValidUntil
      }
      secret
    }
  }
`);

const RevokeApiKeyMutation = graphql(`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      id
      state
    }
  }
`);

const CallbackSecretMutation = graphql(`
  mutation CallbackSecret($consumer: String!) {
    callbackSecret(consumer: $consumer) {
      consumer
      secret
      previousValidUntil
    }
  }
`);

const RotateCallbackSecretMutation = graphql(`
  mutation RotateCallbackSecret($consumer: String!, $previousValidForHours: Int!) {
    rotateCallbackSecret(consumer: $consumer, previousValidForHours: $previousValidForHours) {
      consumer
      secret
      previousValidUntil
    }
  }
`);

const fetchPage = (input: TableInput) => graphqlRequest(ApiKeysQuery, { input }).then((result) => result.apiKeys);

export type ApiKeyRow = Awaited<ReturnType<typeof fetchPage>>['items'][number];

/** One page of the keys (the previous page stays while the next loads). */
export function useApiKeys(input: TableInput) {
  return useSWR(['ApiKeys', input], () => fetchPage(input), { keepPreviousData: true });
}

export interface NewApiKey {
  name: string;
  roles: string[];
  /** ISO instant, or null for a key that does not expire. */
  expiresAt: string | null;
  allowedSources: string[];
}

/** The key created and its secret, shown once. */
export const createApiKey = (input: NewApiKey) => graphqlRequest(CreateApiKeyMutation, { input }).then((result) => result.createApiKey);

export const rotateApiKey = (id: string, previousValidForHours: number) =>
  graphqlRequest(RotateApiKeyMutation, { id, previousValidForHours }).then((result) => result.rotateApiKey);

export const revokeApiKey = (id: string) => graphqlRequest(RevokeApiKeyMutation, { id }).then((result) => result.revokeApiKey);

/** The secret the callbacks of `consumer` (a key's subject) are signed with (revealing it is audited). */
export const revealCallbackSecret = (consumer: string) => graphqlRequest(CallbackSecretMutation, { consumer }).then((result) => result.callbackSecret);

export const rotateCallbackSecret = (consumer: string, previousValidForHours: number) =>
  graphqlRequest(RotateCallbackSecretMutation, { consumer, previousValidForHours }).then((result) => result.rotateCallbackSecret);

export type CallbackSecret = Awaited<ReturnType<typeof revealCallbackSecret>>;
