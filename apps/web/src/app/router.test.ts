import { APP_ROUTES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { staffRouteTree } from '../console/staff-router';
import { isStaffPath } from '../root/auth-guard';
import { createDataLayer } from '../root/data-layer';
import { createPortalRouter, createStaffRouter } from './router';

const pagesOf = (router: { routesByPath: object }) =>
  Object.values(router.routesByPath as Record<string, { fullPath: string }>).map((route) => route.fullPath.replace(/(.)\/$/, '$1'));

describe('the route tables', () => {
  // Each router is built from the same root and sign-in layout, so each table is read as soon as its router is made.
  const portal = pagesOf(createPortalRouter(createDataLayer()));
  const staff = pagesOf(createStaffRouter(createDataLayer(), staffRouteTree()));

  it('are, together, the list the server knows, so only real pages answer 200', () => {
    expect(new Set([...portal, ...staff])).toEqual(new Set(APP_ROUTES));
  });

  it("give the portal's customers none of the console's pages, and the console none of the portal's", () => {
    expect(portal.filter(isStaffPath)).toEqual([]);
    expect(staff.filter((path) => !isStaffPath(path))).toEqual([]);
    expect(staff).toContain('/staff/login');
  });
});
