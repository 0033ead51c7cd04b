import { createRoute, lazyRouteComponent, retainSearchParams } from '@tanstack/react-router';
import { validatePortalSearch, type PortalSearchParams } from '../../lib/search';
import { rootRoute, type RouterContext } from '../../root/root';

/**
 * The signed-in pages' two layouts. Their routes are in the first bundle (the router matches a URL
 * against the whole tree), but only as far as the query rules: the layouts, TanStack Query and the
 * context rules load with the first signed-in page (decision 024). They load in the loader, not in
 * beforeLoad, so the router fetches the layout's and the page's chunks at the same time.
 */
async function loadPortal({ deps, context }: { deps: PortalSearchParams; context: RouterContext }) {
  const [queryClient, { loadPortalContext }] = await Promise.all([context.dataLayer.load(), import('../portal-context')]);
  await loadPortalContext(deps, queryClient);
  // The layout provides the client to its pages (QueryClientProvider).
  return { queryClient };
}

/**
 * The company's theme stays in every link of the portal, so the sign-in page an expired session
 * leads to is still the company's (decision 030).
 */
const keepTheme = { middlewares: [retainSearchParams<PortalSearchParams>(['theme'])] };

const portalRouteOptions = {
  getParentRoute: () => rootRoute,
  validateSearch: validatePortalSearch,
  search: keepTheme,
  loaderDeps: ({ search }: { search: PortalSearchParams }) => ({ entity: search.entity, company_id: search.company_id, theme: search.theme }),
  loader: loadPortal,
} as const;

export const defaultLayoutRoute = createRoute({
  ...portalRouteOptions,
  id: 'default',
  component: lazyRouteComponent(() => import('./default-layout'), 'DefaultLayout'),
});

export const fullscreenLayoutRoute = createRoute({
  ...portalRouteOptions,
  id: 'fullscreen',
  component: lazyRouteComponent(() => import('./fullscreen-layout'), 'FullscreenLayout'),
});
