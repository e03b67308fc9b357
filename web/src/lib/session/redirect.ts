/** Where the guard sends a visitor without a session. */
export const LOGIN_PATH = '/authentication/login';

/** The navigation state the guard hands to the login screen: the path the visitor asked for. */
export interface LoginRedirectState {
  from: string;
}

/**
 * The path to go to after login: the remembered one when it is a path of this app outside the
 * authentication screens, otherwise the dashboard.
 */
export function rememberedPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (from === '/authentication' || from.startsWith('/authentication/')) return '/';
  return from;
}
