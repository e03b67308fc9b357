import useSWR from 'swr';
import { graphqlRequest } from './graphql/client';
import { graphql } from './graphql/generated';

const RolesQuery = graphql(`
  query Roles {
    roles {
      name
      description
    }
  }
`);

/** The key of the roles list in the SWR cache (revalidated after a role is created or deleted). */
export const ROLES_KEY = 'Roles';

/** Every role, by name: the access-control screens and the API keys' role choice. */
export const useRoles = () => useSWR(ROLES_KEY, () => graphqlRequest(RolesQuery).then((result) => result.roles));
