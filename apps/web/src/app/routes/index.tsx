import { createRoute } from '@tanstack/react-router';
import { ProjectPage } from '../../features/project/components/project-page';
import { defaultLayoutRoute } from '../layouts/default-layout';

export const indexRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/', component: ProjectPage });
