import { createRootRouteWithContext, Outlet, SearchParamError, useLocation, useRouter } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { BareErrorPage, type ErrorPageProps } from '../components/error-page';
import { LoadingBar } from '../components/loading-bar';
import { isStaleChunkError, mayReloadForStaleChunk } from '../lib/reload-guard';
import { authToken } from '../lib/auth-token';
import { Toasts } from '../components/toasts';
import { Suspense } from 'react';
import { guardSignIn, isSignInPath, isStaffPath } from './auth-guard';
import type { DataLayer } from './data-layer';

export interface RouterContext {
  /** TanStack Query, loaded by the signed-in pages only (decision 024). */
  dataLayer: DataLayer;
  /** Whether this is the console's router rather than the portal's: each routes only its own app's pages. */
  staffConsole: boolean;
  /**
   * The error page a signed-in visitor sees: the portal's, with its header around it. The root sits beneath both apps
   * and imports neither: the app that builds the routers hands it in (app/app-router.ts).
   */
  signedInErrorPage: ComponentType<ErrorPageProps>;
}

/**
 * A path of the other app is loaded whole, as the server serves it, which builds that app's router: not a 404. Nothing
 * links across today (the console opens the portal in a new tab), so this guards the next link that does.
 */
function leaveForOtherApp(href: string): Promise<never> {
  // The router has already put the address in the history (a link pushes it, Back moves to it): load it in place. An
  // assign of the same address plus a #fragment would only scroll.
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (here === href) window.location.reload();
  else window.location.assign(href);
  // The page is being replaced: nothing of this router's should draw meanwhile.
  return new Promise<never>(() => undefined);
}

function Root() {
  return (
    <>
      <LoadingBar />
      <Outlet />
      <Toasts />
    </>
  );
}

/** Signed in, an error page keeps the portal around it; on a sign-in page, only the colour bar. */
function BrandedErrorPage(props: ErrorPageProps) {
  const { pathname } = useLocation();
  const { signedInErrorPage: SignedInErrorPage } = useRouter().options.context;
  if (authToken.get() === null || isSignInPath(pathname)) return <BareErrorPage {...props} />;
  return (
    <Suspense fallback={null}>
      <SignedInErrorPage {...props} />
    </Suspense>
  );
}

/** docs/requirements.md 3.9 and 9: a route whose validation fails is a 404; anything else unhandled a 500. */
function RouteError({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  if (error instanceof SearchParamError) return <BrandedErrorPage status={404} title={`Page Not Found: ${pathname}`} />;
  // A chunk removed by a new deployment: reload once for this path, then show the error.
  if (isStaleChunkError(error) && mayReloadForStaleChunk(pathname)) {
    window.location.reload();
    return null;
  }
  return <BrandedErrorPage status={500} />;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location, context, preload }) => {
    // Pointing at such a link preloads nothing: only following it leaves.
    if (isStaffPath(location.pathname) !== context.staffConsole) return preload ? undefined : leaveForOtherApp(location.href);
    return guardSignIn(location);
  },
  component: Root,
  // docs/requirements.md 3.9: an unknown route gives a "Page not found" error.
  notFoundComponent: () => <BrandedErrorPage status={404} message="Page not found" />,
  errorComponent: RouteError,
});
