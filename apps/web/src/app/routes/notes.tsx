import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { fullscreenLayoutRoute } from '../layouts/portal-route';

export const notesRoute = createRoute({ getParentRoute: () => fullscreenLayoutRoute, path: '/notes', component: lazyRouteComponent(() => import('../../features/notes/components/notes-page'), 'NotesPage') });
