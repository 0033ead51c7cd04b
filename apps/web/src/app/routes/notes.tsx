import { createRoute } from '@tanstack/react-router';
import { NotesPage } from '../../features/notes/components/notes-page';
import { fullscreenLayoutRoute } from '../layouts/fullscreen-layout';

export const notesRoute = createRoute({ getParentRoute: () => fullscreenLayoutRoute, path: '/notes', component: NotesPage });
