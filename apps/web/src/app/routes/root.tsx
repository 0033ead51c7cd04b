import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, SearchParamError, useLocation } from '@tanstack/react-router';
import { ErrorPage } from '../../components/error-page';
import { Toaster } from '../../components/toaster';
import { guardSignIn } from '../auth-guard';

export interface RouterContext {
  queryClient: QueryClient;
}

function Root() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

/** Spec §2 rule 9 and §8: a route whose validation fails is a 404; anything else unhandled a 500. */
function RouteError({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  if (error instanceof SearchParamError) return <ErrorPage status={404} title={`Page Not Found: ${pathname}`} />;
  return <ErrorPage status={500} />;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => guardSignIn(location),
  component: Root,
  // Spec §2 rule 9: an unknown route gives a "Page not found" error.
  notFoundComponent: () => <ErrorPage status={404} message="Page not found" />,
  errorComponent: RouteError,
});
