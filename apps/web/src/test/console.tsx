import { STAFF_TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { createStaffRouter } from '../app/router';
import { staffRouteTree } from '../console/staff-router';
import { createDataLayer } from '../root/data-layer';
import { emptyPage } from './fixtures';

/**
 * For a test file of console pages: before each test a member is signed in (a staff token is stored, the answers are
 * the test's stubbed fetch), after it the token and the stubs are gone.
 */
export function signedInToConsole() {
  beforeEach(() => {
    vi.stubGlobal('scrollTo', () => undefined);
    window.localStorage.setItem(STAFF_TOKEN_STORAGE_KEY, '1.staff-token');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });
}

/** The whole console, opened at `href`, as the browser would: its route table under the staff router. */
export function visitConsole(href: string) {
  const router = createStaffRouter(createDataLayer(), staffRouteTree());
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [href] }) });
  render(<RouterProvider router={router} />);
  return router;
}

/** A list answer holding `data` on its one page, as the API sends it. */
export const onePage = <T,>(data: T[], perPage = 25) => ({
  ...emptyPage,
  data,
  from: data.length ? 1 : null,
  to: data.length || null,
  per_page: perPage,
  total: data.length,
});
