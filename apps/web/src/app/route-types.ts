import type { createAppRouter } from './app-router';
import { authLayoutRoute } from '../root/auth-layout';
import { portalLayouts, portalSignInRoutes } from '../portal/router';
import { rootRoute } from '../root/root';
import { staffLayouts, staffSignInRoutes } from '../console/staff-router';

/**
 * Both apps' pages in one tree, for the types only: links and navigations anywhere are checked against every page.
 * Never called, and imported by nothing, so no build contains it: at run time each app builds its own tree (docs/decisions/101-the-portal-and-the-console-route-apart.md), and building this one would take the
 * shared root and sign-in layout from it.
 */
function _bothApps() {
  return rootRoute.addChildren([authLayoutRoute.addChildren([...portalSignInRoutes(), ...staffSignInRoutes()]), ...portalLayouts(), ...staffLayouts()]);
}

declare module '@tanstack/react-router' {
  interface Register {
    // Links and navigations are checked against both apps' pages; each app runs its own tree.
    router: ReturnType<typeof createAppRouter<ReturnType<typeof _bothApps>>>;
  }
}
