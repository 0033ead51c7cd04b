import { createRoute } from '@tanstack/react-router';
import { defaultLayoutRoute } from '../layouts/portal-route';
import { projectPage } from './project-page';

export const photosRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/photos',
  component: projectPage('photos', () => import('../../features/photos/components/photos-page').then((module) => module.PhotosPage)),
});
