import { createRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { staffLayoutRoute } from './layout';

const StaffHomePage = lazy(() => import('../features/shell/components/staff-home-page').then((module) => ({ default: module.StaffHomePage })));
const StaffRecentProjects = lazy(() => import('../features/projects/components/recent-projects').then((module) => ({ default: module.StaffRecentProjects })));

/** The console's home: the work first (recently active projects), then who is signed in. */
export const staffHomeRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/',
  component: function StaffHomeRoute() {
    return (
      <StaffHomePage>
        {/* Its own boundary: the page and its heading never wait for the list's code. */}
        <Suspense fallback={null}>
          <StaffRecentProjects />
        </Suspense>
      </StaffHomePage>
    );
  },
});
