import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { isSignInPath } from '@portal/contract/routes';
import { authToken } from '../lib/auth-token';

export { isSignInPath };

/**
 * Pages an emailed link opens, reachable signed in or not (docs/decisions/032-account-settings-and-password-reset.md):
 * neither rule applies, so a reset link works on a device where someone is signed in, and an email
 * link on a device where nobody is.
 */
const ACCOUNT_LINK_PATH = /^\/(forgot-password|reset-password|confirm-email|unsubscribe|invitation)\/?$/;

export function isAccountLinkPath(pathname: string): boolean {
  return ACCOUNT_LINK_PATH.test(pathname);
}

/** The staff console keeps its own sign-in (docs/staff-console.md): the portal's rules never apply there. */
export function isStaffPath(pathname: string): boolean {
  return pathname === '/staff' || pathname.startsWith('/staff/');
}

/**
 * docs/requirements.md 3.2 and 3.3: a stored token on a sign-in page goes to /, no token anywhere else goes
 * to /login; either way the query is kept as it was.
 */
export function guardSignIn(location: Pick<ParsedLocation, 'pathname' | 'searchStr'>) {
  if (isAccountLinkPath(location.pathname) || isStaffPath(location.pathname)) return;
  const signedIn = authToken.get() !== null;
  const signInPage = isSignInPath(location.pathname);
  if (signInPage && signedIn) throw redirect({ href: `/${location.searchStr}`, replace: true });
  if (!signInPage && !signedIn) throw redirect({ href: `/login${location.searchStr}`, replace: true });
}
