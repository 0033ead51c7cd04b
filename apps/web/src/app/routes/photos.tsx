import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defaultLayoutRoute } from '../layouts/portal-route';

export const photosRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/photos', component: lazyRouteComponent(() => import('../../features/photos/components/photos-page'), 'PhotosPage') });
