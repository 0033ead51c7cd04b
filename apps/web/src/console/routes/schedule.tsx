import { createRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { staffProjectRoute } from './projects';

const StaffSchedulePage = lazy(() => import('../features/schedule/components/staff-schedule-page').then((module) => ({ default: module.StaffSchedulePage })));

/** A project's visits (docs/staff-console.md, "Schedule"): upcoming and past, added, moved, cancelled. */
export const staffProjectScheduleRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/schedule',
  component: function StaffProjectScheduleRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <StaffSchedulePage projectId={projectId} />;
  },
});
