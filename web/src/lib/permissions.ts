/** A permission check: may the current user perform `action` on `resource`? */
export interface Permission {
  action: 'allow';
  resource: string;
  /**
   * Other resources, any of which passes the check too (a screen reached with either of two
   * permissions, e.g. /validazione/nuova: uploading or starting an existing document).
   */
  orResources?: readonly string[];
}

export type Can = (permission: Permission) => boolean;

/** A permission as the server hands it over with the session: lowercased resource and action. */
export interface GrantedPermission {
  resource: string;
  action: string;
}

/** The resource that stands for every resource. */
export const ANY_RESOURCE = '*';

/** Every check passes (tests, and screens that need no permission). */
export const allowEverything: Can = () => true;

/**
 * The checks of a user holding `granted` (docs/domain.md#roles-policies-and-groups): "allow on R" passes when some permission on R
 * or on "*" allows, and none on R denies. Resources compare lowercased, as the server sends them.
 */
export function canWith(granted: readonly GrantedPermission[]): Can {
  const normalized = granted.map((permission) => ({
    resource: permission.resource.toLowerCase(),
    action: permission.action.toLowerCase(),
  }));
  const one = (action: string, resource: string) => {
    const wanted = resource.toLowerCase();
    const allowed = normalized.some(
      (permission) => (permission.resource === wanted || permission.resource === ANY_RESOURCE) && permission.action === action,
    );
    const denied = normalized.some((permission) => permission.resource === wanted && permission.action === 'deny');
    return allowed && !denied;
  };
  return ({ action, resource, orResources = [] }) => [resource, ...orResources].some((candidate) => one(action, candidate));
}
