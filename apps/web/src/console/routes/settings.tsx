import { createRoute, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { lazy } from 'react';
import { staffLayoutRoute } from './layout';

const SettingsLayout = lazy(() => import('../features/settings/components/settings-layout').then((module) => ({ default: module.SettingsLayout })));

/** The company's settings, owners only (docs/staff-console.md): a member of staff finds a page saying so. */
export const staffSettingsRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/settings',
  component: function StaffSettingsRoute() {
    return (
      <SettingsLayout>
        <Outlet />
      </SettingsLayout>
    );
  },
});

export const staffSettingsBrandingRoute = createRoute({
  getParentRoute: () => staffSettingsRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../features/settings/components/branding-page'), 'BrandingPage'),
});

export const staffSettingsAreasRoute = createRoute({
  getParentRoute: () => staffSettingsRoute,
  path: '/areas',
  component: lazyRouteComponent(() => import('../features/settings/components/areas-page'), 'AreasPage'),
});

export const staffSettingsStaffRoute = createRoute({
  getParentRoute: () => staffSettingsRoute,
  path: '/staff',
  component: lazyRouteComponent(() => import('../features/settings/components/staff-page'), 'StaffPage'),
});

export const staffSettingsApiKeysRoute = createRoute({
  getParentRoute: () => staffSettingsRoute,
  path: '/api-keys',
  component: lazyRouteComponent(() => import('../features/settings/components/api-keys-page'), 'ApiKeysPage'),
});

export const staffSettingsWebhooksRoute = createRoute({
  getParentRoute: () => staffSettingsRoute,
  path: '/webhooks',
  component: lazyRouteComponent(() => import('../features/settings/components/webhooks-page'), 'WebhooksPage'),
});
