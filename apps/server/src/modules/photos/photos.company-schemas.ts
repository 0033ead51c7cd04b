import {
  ApiErrorSchema,
  MAX_PHOTO_BYTES,
  IdSchema,
  IntegrationAlbumInputSchema,
  IntegrationAlbumPageSchema,
  IntegrationAlbumSchema,
  IntegrationAlbumUpdateSchema,
  IntegrationPhotoPageSchema,
  IntegrationPhotoSchema,
  IntegrationPhotoMoveSchema,
  IntegrationPhotoUpdateSchema,
} from '@portal/contract';
import { z } from 'zod';
import { defineListQuery } from '../../lib/list-query';

/**
 * What the company side's albums and photos routes take and answer, with the words the OpenAPI document (/api/openapi.json)
 * gives them: one schema per route, named by its operationId. The handlers are in photos.company-routes.ts
 * (docs/decisions/121-company-routes-and-their-schemas-apart.md).
 */

/** Photos a company uploads: the kinds every browser shows, checked by their bytes, several in one request. */
export const PHOTO_UPLOAD_POLICY = {
  field: 'files',
  maxFiles: 20,
  maxBytes: MAX_PHOTO_BYTES,
  accept: ['jpeg', 'png', 'webp'] as const,
  fields: { caption: 500, taken_at: 40 },
};
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };
const idParams = z.object({ id: IdSchema });
export const syncQuery = defineListQuery({ filters: { updated_since: { kind: 'timestamp' } } });

export const listAlbums = {
  tags: ['Photos'],
  operationId: 'listAlbums',
  summary: "A project's albums, shared or not",
  params: idParams,
  querystring: syncQuery.querystring,
  response: { 200: IntegrationAlbumPageSchema, ...errors },
};

export const createAlbum = {
  tags: ['Photos'],
  operationId: 'createAlbum',
  summary: 'Add an album to a project',
  description: 'New albums are not shared: upload the photos, then share the album (the customers hear of it once).',
  params: idParams,
  body: IntegrationAlbumInputSchema,
  response: { 201: IntegrationAlbumSchema, ...errors },
};

export const getAlbum = {
  tags: ['Photos'],
  operationId: 'getAlbum',
  summary: 'An album',
  params: idParams,
  response: { 200: IntegrationAlbumSchema, ...errors },
};

export const updateAlbum = {
  tags: ['Photos'],
  operationId: 'updateAlbum',
  summary: 'Rename or move an album',
  params: idParams,
  body: IntegrationAlbumUpdateSchema,
  response: { 200: IntegrationAlbumSchema, ...errors },
};

export const deleteAlbum = {
  tags: ['Photos'],
  operationId: 'deleteAlbum',
  summary: 'Delete an album with its photos',
  params: idParams,
  response: { 204: z.null().describe('Deleted'), ...errors },
};

export const listPhotos = {
  tags: ['Photos'],
  operationId: 'listPhotos',
  summary: "An album's photos, in order",
  params: idParams,
  querystring: syncQuery.querystring,
  response: { 200: IntegrationPhotoPageSchema, ...errors },
};

export const uploadPhotos = {
  tags: ['Photos'],
  operationId: 'uploadPhotos',
  summary: 'Upload photos to an album',
  description:
    `multipart/form-data: up to ${PHOTO_UPLOAD_POLICY.maxFiles} images in \`files\` (JPEG, PNG or WebP, checked by their bytes, at most ` +
    `${PHOTO_UPLOAD_POLICY.maxBytes / 1024 / 1024} MB and 50 megapixels each), and optionally a \`caption\` and \`taken_at\` (ISO 8601 with an offset) for them. All or nothing: ` +
    'one refused file stores none. They go at the end of the album, in the order sent.',
  params: idParams,
  response: { 201: z.object({ data: z.array(IntegrationPhotoSchema) }), ...errors, 413: ApiErrorSchema, 415: ApiErrorSchema },
};

export const updatePhoto = {
  tags: ['Photos'],
  operationId: 'updatePhoto',
  summary: 'Change a photo’s caption, date taken or place',
  description: '`album_id` moves it to another album of the same project (422 otherwise).',
  params: idParams,
  body: IntegrationPhotoUpdateSchema,
  response: { 200: IntegrationPhotoSchema, ...errors },
};

export const movePhoto = {
  tags: ['Photos'],
  operationId: 'movePhoto',
  summary: 'Move a photo to another place in its album',
  description:
    '`index` counts from 0 in the album’s order (an index past the end puts it last). The album is numbered again 0, 1, 2… ' +
    'in the same step, so the answer’s `position` equals `index` unless the album is shorter.',
  params: idParams,
  body: IntegrationPhotoMoveSchema,
  response: { 200: IntegrationPhotoSchema, ...errors },
};

export const deletePhoto = {
  tags: ['Photos'],
  operationId: 'deletePhoto',
  summary: 'Delete a photo',
  params: idParams,
  response: { 204: z.null().describe('Deleted'), ...errors },
};

/** shareAlbum and unshareAlbum, one route each. */
export const setAlbumShared = (action: 'share' | 'unshare', shared: boolean) => ({
  tags: ['Photos'],
  operationId: `${action}Album`,
  summary: shared ? 'Share an album with the project’s customers' : 'Stop sharing an album',
  description: shared
    ? 'The album shows on the portal at once, and each customer of the project is emailed once per album (unless they turned album emails off).'
    : 'It leaves the portal at once.',
  params: idParams,
  response: { 200: IntegrationAlbumSchema, ...errors },
});
