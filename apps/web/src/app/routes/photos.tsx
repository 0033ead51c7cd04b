import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validatePhotosSearch } from '../../features/photos/search';
import { defaultLayoutRoute } from '../layouts/portal-route';

export const photosRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/photos',
  // The open album and photo live in the URL (decision 034).
  validateSearch: validatePhotosSearch,
  component: lazyRouteComponent(() => import('../../features/photos/components/photos-page'), 'PhotosPage'),
});
