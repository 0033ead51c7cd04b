import type { IntegrationAlbum } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { staffPageQueryOptions } from '../../../lib/staff-api';

/** A project's albums, shared or not, in the company's order. The console shows up to a hundred; more is a job for the API. */
export const albumsPath = (projectId: number) => `/integration/projects/${projectId}/albums`;
export const albumsQueryOptions = (projectId: number) => staffPageQueryOptions<IntegrationAlbum>(albumsPath(projectId), { page: { size: 100 } });
export const useAlbums = (projectId: number) => useQuery(albumsQueryOptions(projectId));
