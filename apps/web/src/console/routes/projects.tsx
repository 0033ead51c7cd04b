import { createRoute, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { validateStaffProjectsSearch } from '../features/projects/search';
import { staffLayoutRoute } from './layout';
import { parseId } from './params';

/** The company's projects: searched, sorted and paged in the URL (decision 026). */
export const staffProjectsRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/projects',
  validateSearch: validateStaffProjectsSearch,
  component: lazyRouteComponent(() => import('../features/projects/components/projects-page'), 'StaffProjectsPage'),
});

export const staffNewProjectRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/projects/new',
  component: lazyRouteComponent(() => import('../features/projects/components/new-project-page'), 'StaffNewProjectPage'),
});

const StaffProjectLayout = lazy(() => import('../features/shell/components/staff-project-layout').then((module) => ({ default: module.StaffProjectLayout })));

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
  import('../features/projects/components/project-overview').then((module) => ({ default: module.StaffProjectOverview })),
);
const StaffProjectCustomers = lazy(() =>
  import('../features/projects/components/project-customers').then((module) => ({ default: module.StaffProjectCustomers })),
);

const ProjectPreview = lazy(() => import('../features/preview/components/project-preview').then((module) => ({ default: module.ProjectPreview })));

export const staffProjectOverviewRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/',
  component: function StaffProjectOverviewRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return (
      <StaffProjectOverview
        projectId={projectId}
        actions={
          <Suspense fallback={null}>
            <ProjectPreview projectId={projectId} />
          </Suspense>
        }
      />
    );
  },
});

export const staffProjectCustomersRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/customers',
  component: function StaffProjectCustomersRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <StaffProjectCustomers projectId={projectId} />;
  },
});
