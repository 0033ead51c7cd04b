import { createRouter, type AnyRoute } from '@tanstack/react-router';
import { parseSearch, stringifySearch } from '../lib/search-string';
import type { DataLayer } from './data-layer';

/** The router of one app: `staffConsole` says which, so a path of the other app is loaded whole rather than shown as a 404. */
export function createAppRouter<TRouteTree extends AnyRoute>(dataLayer: DataLayer, routeTree: TRouteTree, staffConsole: boolean) {
  return createRouter({
    routeTree,
    context: { dataLayer, staffConsole },
    defaultPreload: 'intent',
    scrollRestoration: true,
    // The sign-in build reads and writes queries with the same functions (docs/decisions/089-sign-in-pages-without-the-router.md).
    parseSearch,
    stringifySearch,
  });
}
