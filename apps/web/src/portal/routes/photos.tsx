import { createRoute } from '@tanstack/react-router';
import { validatePhotosSearch } from '../features/photos/search';
import { defaultLayoutRoute } from '../layouts/portal-route';
import { projectPage, projectPageLoader } from './project-page';

export const photosRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/photos',
  // The open album and photo live in the URL (decision 034).
  validateSearch: validatePhotosSearch,
  loaderDeps: ({ search }) => ({ entity: search.entity }),
  loader: projectPageLoader('photos', async (entity) => [(await import('../features/photos/api/get-albums')).albumsQueryOptions(entity)]),
  component: projectPage('photos', () => import('../features/photos/components/photos-page').then((module) => module.PhotosPage)),
});
