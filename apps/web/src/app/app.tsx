import { RouterProvider, useRouterState, type AnyRouter } from '@tanstack/react-router';
import { BareErrorLayout, ERROR_PAGE_ACTION_CLASS, ErrorMessage } from '../components/error-page';
import { BootSpinner } from '../components/ui/page-spinner';
import { useEffect, useState } from 'react';
import { onUnauthorized } from '../lib/api-client';
import { authToken } from '../lib/auth-token';
import { previewSession } from '../lib/preview';
import { toast } from '../lib/toast';
import { startVersionCheck } from '../lib/version-check';
import { isStaffPath } from '../root/auth-guard';
import { createDataLayer, type DataLayer } from '../root/data-layer';
import { createPortalRouter, loadStaffRouter } from './router';

/** docs/requirements.md 9: the message of any 401 toast when the server gave none. */
export const UNKNOWN_ERROR = 'An unknown error occurred';

/** The portal's router. The console's sign-in ends on its own 401s (lib/api-client.ts), never through this. */
function portalRouter(dataLayer: DataLayer) {
  const router = createPortalRouter(dataLayer);
  // docs/requirements.md 5.2 and 9: any 401 signs the user out, sends them to /login and says why.
  onUnauthorized((error) => {
    // Requests in flight together (the page's and the header's) all meet the same 401: the first
    // signs out and says why, once; the rest find no token left.
    if (authToken.get() === null) return;
    const preview = previewSession.get();
    authToken.remove();
    dataLayer.clear();
    // A preview that expired goes back to where it was opened: the console's project.
    if (preview) return window.location.assign(`/staff/projects/${preview.projectId}`);
    toast.error('Error', error.body?.message || UNKNOWN_ERROR);
    void router.navigate({ href: `/login${router.state.location.searchStr}`, replace: true });
  });
  return router;
}

/** The portal's router with its first page loading, before React draws anything (main.tsx). */
export interface PreparedPortal {
  dataLayer: DataLayer;
  router: AnyRouter;
  /** Settles once the first page's code and loaders are done, failed or redirected; an error shows as the router's page. */
  loaded: Promise<void>;
}

/**
 * The first page loaded before the first render, so that render draws the page whole and can run as a transition,
 * in slices that leave the main thread free (docs/decisions/106-the-first-page-loaded-before-the-first-render.md).
 */
export function preparePortal(): PreparedPortal {
  const dataLayer = createDataLayer();
  const router = portalRouter(dataLayer);
  // Logged as the mounted router logs a load that fails; the page then shows whatever the router has.
  const loaded = router.load().catch((error: unknown) => console.error(error));
  return { dataLayer, router, loaded };
}

/**
 * The portal's router at once (the one main.tsx prepared, when it did); the console's once its routes have loaded
 * (docs/decisions/101-the-portal-and-the-console-route-apart.md). An address does not change app without a page load,
 * so the choice holds for the page's life.
 */
function useAppRouter(prepared: PreparedPortal | undefined): AnyRouter | 'loading' | 'failed' {
  const [dataLayer] = useState(() => prepared?.dataLayer ?? createDataLayer());
  const [router, setRouter] = useState<AnyRouter | 'loading' | 'failed'>(
    () => prepared?.router ?? (isStaffPath(window.location.pathname) ? 'loading' : portalRouter(dataLayer)),
  );
  useEffect(() => {
    if (router !== 'loading') return;
    let current = true;
    // A chunk a new deployment removed reloads the page first (lib/reload-guard.ts), which keeps showing "Loading…"
    // meanwhile; when the reloaded page cannot load it either, the error page.
    loadStaffRouter().then(
      (createStaffRouter) => {
        if (current && createStaffRouter) setRouter(createStaffRouter(dataLayer));
      },
      () => current && setRouter('failed'),
    );
    return () => {
      current = false;
    };
  }, [dataLayer, router]);
  return router;
}

/** The router draws nothing until its first page is ready (its matches stay empty while they load). */
function AppRouter({ router }: { router: AnyRouter }) {
  const matched = useRouterState({ router, select: (state) => state.matches.length > 0 });
  // No QueryClientProvider here: the portal layouts bring TanStack Query with them (decision 024).
  return (
    <>
      {matched ? null : <BootSpinner />}
      <RouterProvider router={router} />
    </>
  );
}

/** The console's code did not arrive, even after a reload: the bare error page, with no router to draw its link. */
function ConsoleDidNotLoad() {
  return (
    <BareErrorLayout>
      <ErrorMessage status={500}>
        <a href={window.location.href} className={ERROR_PAGE_ACTION_CLASS}>
          Try again
        </a>
      </ErrorMessage>
    </BareErrorLayout>
  );
}

/** `portal`: the router main.tsx prepared for a portal address; without it (the sign-in pages' hand-over) App makes its own. */
export function App({ portal }: { portal?: PreparedPortal }) {
  const router = useAppRouter(portal);
  useEffect(() => startVersionCheck(), []);
  // Until the first page is ready the HTML's own "Loading…" (lib/boot-spinner.ts) is drawn again, so the screen never
  // goes blank between the two.
  if (router === 'loading') return <BootSpinner />;
  if (router === 'failed') return <ConsoleDidNotLoad />;
  return <AppRouter router={router} />;
}
