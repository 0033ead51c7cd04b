import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defaultLayoutRoute } from '../layouts/portal-route';
import { loadProjectsListQuery } from '../portal-preload';

export const indexRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/',
  // The projects list is asked for beside the layout's context check, not after it: the cards and their cover photos,
  // the page's largest paint, come a round trip sooner (docs/decisions/090-index-reads-beside-the-context-check.md).
  // Not awaited: the page shows its own spinner and error, as when it asks itself; the query's cache serves it then.
  loader: async ({ context }) => {
    const [queryClient, { myEntitiesQueryOptions }] = await Promise.all([context.dataLayer.load(), loadProjectsListQuery()]);
    void queryClient.prefetchQuery(myEntitiesQueryOptions());
  },
  component: lazyRouteComponent(() => import('../features/project/components/project-page'), 'ProjectPage'),
});
