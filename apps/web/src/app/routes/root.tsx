import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, SearchParamError, useLocation } from '@tanstack/react-router';
import { ErrorPage } from '../../components/error-page';
import { LoadingBar } from '../../components/loading-bar';
import { Toaster } from '../../components/toaster';
import { isStaleChunkError, mayReloadForStaleChunk } from '../../lib/reload-guard';
import { Tooltip } from 'radix-ui';
import { guardSignIn } from '../auth-guard';

export interface RouterContext {
  queryClient: QueryClient;
}

/** Spec §9: tooltips open after 700 ms; moving between them within 300 ms skips the delay. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

function Root() {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <LoadingBar />
      <Outlet />
      <Toaster />
    </Tooltip.Provider>
  );
}

/** Spec §2 rule 9 and §8: a route whose validation fails is a 404; anything else unhandled a 500. */
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
  // Spec §2 rule 9: an unknown route gives a "Page not found" error.
  notFoundComponent: () => <ErrorPage status={404} message="Page not found" />,
  errorComponent: RouteError,
});
