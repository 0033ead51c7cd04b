import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validatePortalSearch, type PortalSearchParams } from '../../lib/search';
import { rootRoute, type RouterContext } from '../routes/root';

/**
 * The signed-in pages' two layouts. Their routes are in the first bundle (the router matches a URL
 * against the whole tree), but only as far as the query rules: the layouts, TanStack Query and the
 * context rules load with the first signed-in page (decision 024).
 */
const portalRouteOptions = {
  getParentRoute: () => rootRoute,
  validateSearch: validatePortalSearch,
  // The data layer is ready before the loader and the pages run: they find the client in the context.
  beforeLoad: async ({ context }: { context: RouterContext }) => ({ queryClient: await context.dataLayer.load() }),
  loaderDeps: ({ search }: { search: PortalSearchParams }) => ({ entity: search.entity, company_id: search.company_id, theme: search.theme }),
} as const;

export const defaultLayoutRoute = createRoute({
  ...portalRouteOptions,
  id: 'default',
  loader: async ({ deps, context }) => (await import('../portal-context')).loadPortalContext(deps, context.queryClient),
  component: lazyRouteComponent(() => import('./default-layout'), 'DefaultLayout'),
});

export const fullscreenLayoutRoute = createRoute({
  ...portalRouteOptions,
  id: 'fullscreen',
  loader: async ({ deps, context }) => (await import('../portal-context')).loadPortalContext(deps, context.queryClient),
  component: lazyRouteComponent(() => import('./fullscreen-layout'), 'FullscreenLayout'),
});
