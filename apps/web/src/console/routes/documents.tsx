import { createRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { staffProjectRoute } from './projects';

const StaffDocumentsPage = lazy(() =>
  import('../features/documents/components/staff-documents-page').then((module) => ({ default: module.StaffDocumentsPage })),
);

export const staffProjectDocumentsRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/documents',
  component: function StaffProjectDocumentsRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <StaffDocumentsPage projectId={projectId} />;
  },
});
