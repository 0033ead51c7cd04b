import type * as StaffRouterModule from '../console/staff-router';
import { addConsoleStyleSheet } from '../console/console-style-sheet';
import { portalRouteTree } from '../portal/router';
import type { DataLayer } from '../root/data-layer';
import { createAppRouter } from './app-router';

export function createPortalRouter(dataLayer: DataLayer) {
  return createAppRouter(dataLayer, portalRouteTree(), false);
}

/** The console's router, from its route tree: its module loads apart (loadStaffRouter), so the caller builds the tree. */
export function createStaffRouter(dataLayer: DataLayer, routeTree: ReturnType<typeof StaffRouterModule.staffRouteTree>) {
  return createAppRouter(dataLayer, routeTree, true);
}

/**
 * The console's router maker: its routes load with it, for the console's addresses only. Undefined when its chunk did
 * not arrive and the page is reloading for it: Vite's loader then answers nothing (lib/reload-guard.ts).
 */
export async function loadStaffRouter() {
  const [module] = await Promise.all([import('../console/staff-router') as Promise<typeof StaffRouterModule | undefined>, addConsoleStyleSheet()]);
  return module && ((dataLayer: DataLayer) => createStaffRouter(dataLayer, module.staffRouteTree()));
}
