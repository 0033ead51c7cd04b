import { createRootRouteWithContext, Outlet, SearchParamError, useLocation } from '@tanstack/react-router';
import { ErrorPage } from '../../components/error-page';
import { LoadingBar } from '../../components/loading-bar';
import { isStaleChunkError, mayReloadForStaleChunk } from '../../lib/reload-guard';
import { useToasts } from '../../lib/toast';
import { lazy, Suspense } from 'react';

// The toaster (and Radix's toast code) loads with the first toast, not with every page.
const Toaster = lazy(() => import('../../components/toaster').then((module) => ({ default: module.Toaster })));
import { guardSignIn } from '../auth-guard';
import type { DataLayer } from '../data-layer';

export interface RouterContext {
  /** TanStack Query, loaded by the signed-in pages only (decision 024). */
  dataLayer: DataLayer;
}

function Root() {
  const hasToasts = useToasts().length > 0;
  return (
    <>
      <LoadingBar />
      <Outlet />
      {hasToasts ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </>
  );
}

/** docs/product.md 3.9 and 9: a route whose validation fails is a 404; anything else unhandled a 500. */
function RouteError({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  if (error instanceof SearchParamError) return <ErrorPage status={404} title={`Page Not Found: ${pathname}`} />;
  // A chunk removed by a new deployment: reload once for this path, then show the error.
  if (isStaleChunkError(error) && mayReloadForStaleChunk(pathname)) {
    window.location.reload();
    return null;
  }
  return <ErrorPage status={500} />;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => guardSignIn(location),
  component: Root,
  // docs/product.md 3.9: an unknown route gives a "Page not found" error.
  notFoundComponent: () => <ErrorPage status={404} message="Page not found" />,
  errorComponent: RouteError,
});
