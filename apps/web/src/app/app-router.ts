import { createRouter, type AnyRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { BareErrorPage } from '../components/error-page';
import { parseSearch, stringifySearch } from '../lib/search-string';
import type { DataLayer } from '../root/data-layer';

// The portal's header needs TanStack Query: it loads with the first error page that shows it. A
// chunk that no longer loads (a new deployment) leaves the bare error page rather than a blank one.
const PortalErrorPage = lazy(() =>
  import('../portal/layouts/portal-error-page').then(
    (module) => ({ default: module.PortalErrorPage }),
    () => ({ default: BareErrorPage }),
  ),
);

/** The router of one app: `staffConsole` says which, so a path of the other app is loaded whole rather than shown as a 404. */
export function createAppRouter<TRouteTree extends AnyRoute>(dataLayer: DataLayer, routeTree: TRouteTree, staffConsole: boolean) {
  return createRouter({
    routeTree,
    context: { dataLayer, staffConsole, signedInErrorPage: PortalErrorPage },
    defaultPreload: 'intent',
    scrollRestoration: true,
    // The sign-in build reads and writes queries with the same functions (docs/decisions/089-sign-in-pages-without-the-router.md).
    parseSearch,
    stringifySearch,
  });
}
