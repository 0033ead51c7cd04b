import { createRoute, notFound } from '@tanstack/react-router';
import { readId } from '../../lib/search';
import { defaultLayoutRoute } from '../layouts/portal-route';
import { projectPage, projectPageLoader } from './project-page';

/** The project's allowances against what is chosen, and its selections by room. */
export const selectionsRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/selections',
  loaderDeps: ({ search }) => ({ entity: search.entity }),
  loader: projectPageLoader('selections', async (entity) => [(await import('../features/selections/api/get-selections')).selectionsQueryOptions(entity)]),
  component: projectPage('selections', () => import('../features/selections/components/selections-page').then((module) => module.SelectionsPage)),
});

/** One selection, with its options and the choice: a page of its own, so the emailed or shared link opens it. */
export const selectionRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/selections/$selectionId',
  params: {
    // Only a canonical id names a selection: anything else is not found.
    parse: ({ selectionId }: { selectionId: string }) => {
      const id = /^[1-9][0-9]*$/.test(selectionId) ? readId(selectionId) : null;
      if (id === null) throw notFound();
      return { selectionId: id };
    },
    stringify: ({ selectionId }: { selectionId: number }) => ({ selectionId: String(selectionId) }),
  },
  loaderDeps: ({ search }) => ({ entity: search.entity }),
  loader: ({ params, ...rest }) =>
    projectPageLoader('selections', async (entity) => [
      (await import('../features/selections/api/get-selection')).selectionQueryOptions(entity, params.selectionId),
    ])(rest),
  component: projectPage('selections', () => import('../features/selections/components/selection-page').then((module) => module.SelectionPage)),
});
