import type { IntegrationAlbum } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { staffQueryOptions } from '../../../lib/staff-api';

export const albumPath = (albumId: number) => `/integration/albums/${albumId}`;
export const albumQueryOptions = (albumId: number) => staffQueryOptions<IntegrationAlbum>(albumPath(albumId));
export const useAlbum = (albumId: number) => useQuery(albumQueryOptions(albumId));
