import { createRoute, lazyRouteComponent, notFound, Outlet, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PageSpinner } from '../../components/ui/page-spinner';
import { staffToken } from '../../lib/auth-token';
import { authLayoutRoute } from '../layouts/auth-layout';
import { rootRoute } from './root';

// The console's code loads only for the console: the portal's customers never download it.
const StaffShell = lazy(() => import('../../features/staff/components/staff-shell').then((module) => ({ default: module.StaffShell })));

function StaffLayout() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <StaffShell>
        <Outlet />
      </StaffShell>
    </Suspense>
  );
}

/** The staff console (docs/staff-console.md): its own layout, signed in with a staff token or sent to its sign-in page. */
export const staffLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/staff',
  beforeLoad: () => {
    if (staffToken.get() === null) throw redirect({ to: '/staff/login', replace: true });
  },
  component: StaffLayout,
});

/** A company-side id in the path: only canonical positive integers name a record (anything else is not found). */
function parseId(raw: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) throw notFound();
  return Number(raw);
}

export const staffHomeRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../../features/staff/components/staff-home-page'), 'StaffHomePage'),
});

/** Its sign-in pages, in the sign-in card; a signed-in member on the sign-in page goes to the console. */
export const staffLoginRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/staff/login',
  beforeLoad: () => {
    if (staffToken.get() !== null) throw redirect({ to: '/staff', replace: true });
  },
  component: lazyRouteComponent(() => import('../../features/staff/components/staff-login-page'), 'StaffLoginPage'),
});

export const staffInvitationRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/staff/invitation',
  component: lazyRouteComponent(() => import('../../features/staff/components/staff-invitation-page'), 'StaffInvitationPage'),
});

const StaffProjectLayout = lazy(() =>
  import('../../features/staff/components/staff-project-layout').then((module) => ({ default: module.StaffProjectLayout })),
);

/** One project in the console, with its tabs; each tab is a child route. */
export const staffProjectRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/projects/$projectId',
  params: { parse: ({ projectId }) => ({ projectId: parseId(projectId) }), stringify: ({ projectId }) => ({ projectId: String(projectId) }) },
  component: function StaffProjectRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return (
      <StaffProjectLayout projectId={projectId}>
        <Outlet />
      </StaffProjectLayout>
    );
  },
});

const StaffProjectOverview = lazy(() =>
  import('../../features/staff/components/staff-project-overview').then((module) => ({ default: module.StaffProjectOverview })),
);

export const staffProjectOverviewRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/',
  component: function StaffProjectOverviewRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <StaffProjectOverview projectId={projectId} />;
  },
});

const SettingsLayout = lazy(() =>
  import('../../features/staff-settings/components/settings-layout').then((module) => ({ default: module.SettingsLayout })),
);

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
  component: lazyRouteComponent(() => import('../../features/staff-settings/components/branding-page'), 'BrandingPage'),
});

export const staffSettingsAreasRoute = createRoute({
  getParentRoute: () => staffSettingsRoute,
  path: '/areas',
  component: lazyRouteComponent(() => import('../../features/staff-settings/components/areas-page'), 'AreasPage'),
});

export const staffSettingsStaffRoute = createRoute({
  getParentRoute: () => staffSettingsRoute,
  path: '/staff',
  component: lazyRouteComponent(() => import('../../features/staff-settings/components/staff-page'), 'StaffPage'),
});

export const staffSettingsApiKeysRoute = createRoute({
  getParentRoute: () => staffSettingsRoute,
  path: '/api-keys',
  component: lazyRouteComponent(() => import('../../features/staff-settings/components/api-keys-page'), 'ApiKeysPage'),
});

export const staffSettingsWebhooksRoute = createRoute({
  getParentRoute: () => staffSettingsRoute,
  path: '/webhooks',
  component: lazyRouteComponent(() => import('../../features/staff-settings/components/webhooks-page'), 'WebhooksPage'),
});
