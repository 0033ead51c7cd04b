import { isSignInPath } from '@portal/contract/routes';

/** The index page's projects list query, which its route's loader asks for beside the context check (decision 090). */
export const loadProjectsListQuery = () => import('./features/project/api/get-entities');

/**
 * A visit with a stored token goes to a portal page (a sign-in page sends it to /): main.tsx, and the sign-in build
 * as the user signs in, start loading what the portal's loader needs before the router asks for it.
 */
export function preloadPortal(): void {
  const { pathname } = window.location;
  const chunks: Promise<unknown>[] = [import('../lib/query-client'), import('./portal-context')];
  // The list query's code comes with the loader's own, or the index route's loader would wait for it. A sign-in page
  // sends the user to / once signed in.
  if (pathname === '/' || isSignInPath(pathname)) chunks.push(loadProjectsListQuery());
  // A failure here is the loader's to report, when it imports the same chunks.
  Promise.all(chunks).catch(() => undefined);
}
