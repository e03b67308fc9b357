/** A permission check: may the current user perform `action` on `resource`? */
export interface Permission {
  action: 'allow';
  resource: string;
}

export type Can = (permission: Permission) => boolean;

/** Used until login brings the user's permissions: every check passes. */
export const allowEverything: Can = () => true;
