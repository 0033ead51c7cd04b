import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { onUnauthorized } from '../lib/api-client';
import { authToken } from '../lib/auth-token';
import { createQueryClient } from '../lib/query-client';
import { toast } from '../lib/toast';
import { startVersionCheck } from '../lib/version-check';
import { createPortalRouter } from './router';

/** Spec §8: the message of any 401 toast when the server gave none. */
export const UNKNOWN_ERROR = 'An unknown error occurred';

function createPortal() {
  const queryClient = createQueryClient();
  const router = createPortalRouter(queryClient);
  // Spec §4/§8: any 401 signs the user out, sends them to /login and says why.
  onUnauthorized((error) => {
    authToken.remove();
    queryClient.clear();
    toast.error('Error', error.body?.message || UNKNOWN_ERROR);
    void router.navigate({ href: `/login${router.state.location.searchStr}`, replace: true });
  });
  return { queryClient, router };
}

export function App() {
  const [{ queryClient, router }] = useState(createPortal);
  useEffect(() => startVersionCheck(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
