import useSWR, { mutate } from 'swr';
import { graphqlRequest } from '../../lib/graphql/client';
import { graphql } from '../../lib/graphql/generated';
import { ROLES_KEY } from '../../lib/roles';

const PoliciesQuery = graphql(`
  query Policies {
    getPolicies {
      subject
      domain
      object
      action
    }
  }
`);

const GroupsQuery = graphql(`
  query Groups {
    getGroups {
      subject
      domain
      role
    }
  }
`);

const UserOptionsQuery = graphql(`
  query UserOptions($search: String, $limit: Int) {
    users(search: $search, limit: $limit) {
      email
      firstName
      lastName
    }
  }
`);

const CreateRoleMutation = graphql(`
  mutation CreateRole($name: String!, $description: String) {
    createRole(name: $name, description: $description) {
      name
      description
    }
  }
`);

const DeleteRoleMutation = graphql(`
  mutation DeleteRole($name: String!) {
    deleteRole(name: $name)
  }
`);

const AddPolicyMutation = graphql(`
  mutation AddPolicy($subject: String!, $object: String!, $action: String!) {
    AddPolicy(subject: $subject, object: $object, action: $action) {
      subject
      domain
      object
      action
    }
  }
`);

const DeletePolicyMutation = graphql(`
  mutation DeletePolicy($subject: String!, $object: String!, $action: String!, $domain: String) {
    deletePolicy(subject: $subject, object: $object, action: $action, domain: $domain)
  }
`);

const AddGroupMutation = graphql(`
  mutation AddGroup($subject: String!, $role: String!) {
    AddGroup(subject: $subject, role: $role) {
      subject
      domain
      role
    }
  }
`);

const DeleteGroupMutation = graphql(`
  mutation DeleteGroup($subject: String!, $role: String!, $domain: String) {
    deleteGroup(subject: $subject, role: $role, domain: $domain)
  }
`);

export { useRoles } from '../../lib/roles';
export const usePolicies = () => useSWR('Policies', () => graphqlRequest(PoliciesQuery).then((result) => result.getPolicies));
export const useGroups = () => useSWR('Groups', () => graphqlRequest(GroupsQuery).then((result) => result.getGroups));

/** Users whose e-mail or name matches `search`, for the group form's user picker. */
export function useUserOptions(search: string) {
  const term = search.trim();
  return useSWR(['UserOptions', term], () =>
    graphqlRequest(UserOptionsQuery, { search: term === '' ? null : term, limit: 20 }).then((result) => result.users),
  );
}

/** After a change, the lists that show it are read again (the forms live on other routes). */
const refreshing =
  (key: string) =>
  <T,>(value: T): Promise<T> =>
    mutate(key).then(() => value);

export const createRole = (name: string, description: string) =>
  graphqlRequest(CreateRoleMutation, { name, description })
    .then((result) => result.createRole)
    .then(refreshing(ROLES_KEY));
export const deleteRole = (name: string) => graphqlRequest(DeleteRoleMutation, { name }).then((result) => result.deleteRole);

export const addPolicy = (subject: string, object: string, action: string) =>
  graphqlRequest(AddPolicyMutation, { subject, object, action })
    .then((result) => result.AddPolicy)
    .then(refreshing('Policies'));
export const deletePolicy = (policy: { subject: string; object: string; action: string; domain: string }) =>
  graphqlRequest(DeletePolicyMutation, policy).then((result) => result.deletePolicy);

export const addGroup = (subject: string, role: string) =>
  graphqlRequest(AddGroupMutation, { subject, role })
    .then((result) => result.AddGroup)
    .then(refreshing('Groups'));
export const deleteGroup = (group: { subject: string; role: string; domain: string }) =>
  graphqlRequest(DeleteGroupMutation, group).then((result) => result.deleteGroup);
