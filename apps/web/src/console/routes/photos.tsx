import { createRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { parseId } from './params';
import { staffProjectRoute } from './projects';

const StaffAlbumsPage = lazy(() => import('../features/photos/components/staff-albums-page').then((module) => ({ default: module.StaffAlbumsPage })));
const StaffAlbumPage = lazy(() => import('../features/photos/components/staff-album-page').then((module) => ({ default: module.StaffAlbumPage })));

/** A project's albums (docs/staff-console.md, "Photos"). */
export const staffProjectPhotosRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/photos',
  component: function StaffProjectPhotosRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <StaffAlbumsPage projectId={projectId} />;
  },
});

/** One album of the project: its photos and uploads. */
export const staffProjectAlbumRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/photos/$albumId',
  params: { parse: ({ albumId }) => ({ albumId: parseId(albumId) }), stringify: ({ albumId }) => ({ albumId: String(albumId) }) },
  component: function StaffProjectAlbumRoute() {
    const { projectId, albumId } = staffProjectAlbumRoute.useParams();
    return <StaffAlbumPage projectId={projectId} albumId={albumId} />;
  },
});
