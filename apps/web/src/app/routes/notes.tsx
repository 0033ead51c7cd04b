import { createRoute } from '@tanstack/react-router';
import { fullscreenLayoutRoute } from '../layouts/portal-route';
import { projectPage } from './project-page';

export const notesRoute = createRoute({
  getParentRoute: () => fullscreenLayoutRoute,
  path: '/notes',
  component: projectPage('notes', () => import('../../features/notes/components/notes-page').then((module) => module.NotesPage)),
});
