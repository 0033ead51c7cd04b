import { createRoute } from '@tanstack/react-router';
import { fullscreenLayoutRoute } from '../layouts/portal-route';
import { projectPage, projectPageLoader } from './project-page';

export const notesRoute = createRoute({
  getParentRoute: () => fullscreenLayoutRoute,
  path: '/notes',
  loaderDeps: ({ search }) => ({ entity: search.entity }),
  // The thread's newest page; the read mark is not kept without a reader (its query's gcTime is 0), so the page asks.
  loader: projectPageLoader('notes', async (entity) => [(await import('../features/notes/api/get-notes')).notesQueryOptions(entity)]),
  component: projectPage('notes', () => import('../features/notes/components/notes-page').then((module) => module.NotesPage)),
});
