import { useLocation, type Location } from 'react-router-dom';

/** What the sign-in guard leaves in the history state when it sends a visitor to /auth. */
export interface AuthRedirectState {
  from: string;
}

export const DEFAULT_SIGNED_IN_PATH = '/dashboard';

/** The state to send to /auth so that signing in returns to `location`. */
export function authRedirectState(location: Pick<Location, 'pathname' | 'search' | 'hash'>): AuthRedirectState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/** Only paths of this app (never another origin, never /auth itself). */
function isSafeReturnPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !/^\/auth(?:[/?#]|$)/.test(path);
}

export function intendedPathOf(state: unknown): string {
  const from = (state as Partial<AuthRedirectState> | null)?.from;
  return typeof from === 'string' && isSafeReturnPath(from) ? from : DEFAULT_SIGNED_IN_PATH;
}

/** Where to go after signing in: the page the guard turned the visitor away from, or /dashboard. */
export function useIntendedPath(): string {
  return intendedPathOf(useLocation().state);
}
