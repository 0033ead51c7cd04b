import { createRoute } from '@tanstack/react-router';
import { PhotosPage } from '../../features/photos/components/photos-page';
import { defaultLayoutRoute } from '../layouts/default-layout';

export const photosRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/photos', component: PhotosPage });
