import { RouterProvider, useRouterState } from '@tanstack/react-router';
import { BootSpinner } from '../components/ui/page-spinner';
import { useEffect, useState } from 'react';
import { onUnauthorized } from '../lib/api-client';
import { authToken } from '../lib/auth-token';
import { previewSession } from '../lib/preview';
import { toast } from '../lib/toast';
import { startVersionCheck } from '../lib/version-check';
import { createDataLayer } from './data-layer';
import { createPortalRouter } from './router';

/** docs/requirements.md 9: the message of any 401 toast when the server gave none. */
export const UNKNOWN_ERROR = 'An unknown error occurred';

function createPortal() {
  const dataLayer = createDataLayer();
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
  return { router };
}

export function App() {
  const [{ router }] = useState(createPortal);
  useEffect(() => startVersionCheck(), []);
  // The router draws nothing until its first page is ready (its matches stay empty while they load): the HTML's own
  // "Loading…" (lib/boot-spinner.ts) is drawn again meanwhile, so the screen never goes blank between the two.
  const matched = useRouterState({ router, select: (state) => state.matches.length > 0 });
  // No QueryClientProvider here: the portal layouts bring TanStack Query with them (decision 024).
  return (
    <>
      {matched ? null : <BootSpinner />}
      <RouterProvider router={router} />
    </>
  );
}
