import { isSignInPath } from '@portal/contract/routes';

/**
 * The index page's first reads: the projects list, which its route's loader asks for beside the context check
 * (decision 090), and the picked project's cover, asked for when the check answers (decision 094).
 */
export const loadIndexPageReads = () => import('../features/project/api/index-page-reads');

/**
 * A visit with a stored token goes to a portal page (a sign-in page sends it to /): main.tsx, and the sign-in build
 * as the user signs in, start loading what the portal's loader needs before the router asks for it.
 */
export function preloadPortal(): void {
  const { pathname } = window.location;
  const chunks: Promise<unknown>[] = [import('../lib/query-client'), import('./portal-context')];
  // The index page's reads come with the loader's own code, or the index route's loader would wait for them. A sign-in page
  // sends the user to / once signed in.
  if (pathname === '/' || isSignInPath(pathname)) chunks.push(loadIndexPageReads());
  // A failure here is the loader's to report, when it imports the same chunks.
  Promise.all(chunks).catch(() => undefined);
}
