import { createRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { parseId } from './params';
import { staffProjectRoute } from './projects';

const StaffSelectionsPage = lazy(() =>
  import('../features/selections/components/staff-selections-page').then((module) => ({ default: module.StaffSelectionsPage })),
);
const StaffSelectionPage = lazy(() =>
  import('../features/selections/components/staff-selection-page').then((module) => ({ default: module.StaffSelectionPage })),
);
const NewSelectionPage = lazy(() => import('../features/selections/components/staff-selection-page').then((module) => ({ default: module.NewSelectionPage })));

/** A project's selections and allowances (docs/staff-console.md): the tab, a new selection, and one selection. */
export const staffProjectSelectionsRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/selections',
  component: function StaffProjectSelectionsRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <StaffSelectionsPage projectId={projectId} />;
  },
});

export const staffProjectNewSelectionRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/selections/new',
  component: function StaffProjectNewSelectionRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <NewSelectionPage projectId={projectId} />;
  },
});

export const staffProjectSelectionRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/selections/$selectionId',
  params: {
    parse: ({ selectionId }: { selectionId: string }) => ({ selectionId: parseId(selectionId) }),
    stringify: ({ selectionId }: { selectionId: number }) => ({ selectionId: String(selectionId) }),
  },
  component: function StaffProjectSelectionRoute() {
    const { projectId } = staffProjectRoute.useParams();
    const { selectionId } = staffProjectSelectionRoute.useParams();
    return <StaffSelectionPage key={selectionId} projectId={projectId} selectionId={selectionId} />;
  },
});
