import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
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

/** For a test file of portal pages: scrolling is a no-op, and after each test the stubs and the stored session are gone. */
export function portalPageTests() {
  beforeEach(() => vi.stubGlobal('scrollTo', () => undefined));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}

/** One request to a stubbed API: its URL, method and JSON body (undefined without one). */
export interface StubbedRequest {
  url: URL;
  method: string;
  body: unknown;
  init: RequestInit;
}

/** Stubs fetch with `answer` (a promise for a slow server); where it answers undefined, portalFallback does. */
export function stubPortalApi(answer: (request: StubbedRequest) => Response | Promise<Response> | undefined) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://portal.test');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      return answer({ url, method, body, init }) ?? portalFallback(url);
    }),
  );
}
