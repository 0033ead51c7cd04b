import { createRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { staffProjectRoute } from './projects';

const StaffNotesPage = lazy(() => import('../features/notes/components/staff-notes-page').then((module) => ({ default: module.StaffNotesPage })));

export const staffProjectNotesRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/notes',
  component: function StaffProjectNotesRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <StaffNotesPage projectId={projectId} />;
  },
});
