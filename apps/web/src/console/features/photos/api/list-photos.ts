import type { IntegrationPhoto } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { staffPageQueryOptions } from '../../../lib/staff-api';

/** The page size of the album's grid: the API's largest, so most albums are one page. */
export const PHOTOS_PAGE_SIZE = 100;
export const photosPath = (albumId: number) => `/integration/albums/${albumId}/photos`;
export const photosQueryOptions = (albumId: number, page: number) =>
  staffPageQueryOptions<IntegrationPhoto>(photosPath(albumId), { page: { number: page, size: PHOTOS_PAGE_SIZE } });
export const usePhotos = (albumId: number, page: number) => useQuery(photosQueryOptions(albumId, page));

/** An album's first photo, for its card in the list. */
export const firstPhotoQueryOptions = (albumId: number) => staffPageQueryOptions<IntegrationPhoto>(photosPath(albumId), { page: { size: 1 } });
export const useFirstPhoto = (albumId: number) => useQuery(firstPhotoQueryOptions(albumId));
