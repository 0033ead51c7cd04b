import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createPortalRouter } from '../app/router';
import { createDataLayer } from '../root/data-layer';
import { emptyPage } from './fixtures';

/** The whole portal, opened at `href`, as the browser would: its route table under the portal's router. */
export function visitPortal(href: string) {
  const router = createPortalRouter(createDataLayer());
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [href] }) });
  render(<RouterProvider router={router} />);
  return router;
}

/**
 * What a stubbed portal API answers where the test has said nothing: the lists every signed-in page asks for (the
 * user's projects, the companies to contact) empty, and anything else not found.
 */
export function portalFallback(url: URL): Response {
  if (url.pathname === '/api/entities' || url.pathname === '/api/contact/companies') return Response.json(emptyPage);
  return Response.json({ message: 'Not found.' }, { status: 404 });
}
