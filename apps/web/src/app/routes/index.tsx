import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defaultLayoutRoute } from '../layouts/portal-route';
import { loadIndexPageReads } from '../portal-preload';

export const indexRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/',
  loaderDeps: ({ search }) => ({ entity: search.entity }),
  // The projects list is asked for beside the layout's context check, not after it: the cards and their cover photos,
  // the page's largest paint, come a round trip sooner (docs/decisions/090-index-reads-beside-the-context-check.md).
  // Not awaited: the page shows its own spinner and error, as when it asks itself; the query's cache serves it then.
  // The picked project's cover is asked for as the check answers, before the page renders (decision 094); a hover's
  // preload fetches code, never data.
  loader: async ({ context, deps, preload }) => {
    // Code that does not arrive lets the navigation go on: the page asks for its data itself, and reports a failure.
    const loaded = await Promise.all([context.dataLayer.load(), loadIndexPageReads()]).catch(() => null);
    if (!loaded) return;
    const [queryClient, { myEntitiesQueryOptions, preloadProjectCover }] = loaded;
    void queryClient.prefetchQuery(myEntitiesQueryOptions());
    if (!preload && deps.entity !== undefined) void preloadProjectCover(queryClient, deps.entity);
  },
  component: lazyRouteComponent(() => import('../../features/project/components/project-page'), 'ProjectPage'),
});
