/**
 * A visit with a stored token goes to a portal page (a sign-in page sends it to /): main.tsx, and the sign-in build
 * as the user signs in, start loading what the portal's loader needs before the router asks for it.
 */
export function preloadPortal(): void {
  // A failure here is the loader's to report, when it imports the same chunks.
  Promise.all([import('../lib/query-client'), import('./portal-context')]).catch(() => undefined);
}
