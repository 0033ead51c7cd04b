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
  PhotoTakenAtSchema,
  type IntegrationAlbum,
  type IntegrationPhoto,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireApiCompany } from '../../core/access/request';
import { serializeFile } from '../../core/files/files.serializers';
import { deleteFiles } from '../../core/files/store';
import { receiveUpload } from '../../core/files/uploads';
import { projectsRepository } from '../../core/projects';
import type { AlbumRow, FileRow, PhotoRow } from '../../db/rows';
import { invalid, notFound } from '../../lib/http-errors';
import { defineListQuery } from '../../lib/list-query';
import { paginate, pageUrls } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';
import { albumsRepository } from './albums.repository';
import { albumSharedNotice } from './photos-email';

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
const syncQuery = defineListQuery({ filters: { updated_since: { kind: 'timestamp' } } });

/**
 * Albums and photos on the integration API (docs/company-api.md, "Albums, photos and documents"). Only shared albums
 * reach the portal; sharing one tells the project's customers (once per album).
 */
export async function photosIntegrationRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const repository = albumsRepository(db);
  const projects = projectsRepository(db);
  const read = { apiKey: true, scope: 'photos:read' } as const;
  const write = { apiKey: true, scope: 'photos:write' } as const;

  const serializeAlbum = ({ album, photoCount }: { album: AlbumRow; photoCount: number }): IntegrationAlbum => ({
    id: album.id,
    project_id: album.project_id,
    name: album.name,
    is_shared: album.is_shared,
    position: album.position,
    photo_count: photoCount,
    created_at: apiTimestamp(album.created_at),
    updated_at: apiTimestamp(album.updated_at),
  });
  const serializePhoto = ({ photo, file }: { photo: PhotoRow; file: FileRow }): IntegrationPhoto => ({
    id: photo.id,
    album_id: photo.album_id,
    caption: photo.caption,
    taken_at: photo.taken_at ? apiTimestamp(photo.taken_at) : null,
    position: photo.position,
    width: file.width,
    height: file.height,
    created_at: apiTimestamp(photo.created_at),
    updated_at: apiTimestamp(photo.updated_at),
    file: serializeFile({ fileLinks: app.fileLinks.for({ kind: 'company', companyId: file.company_id }) }, file),
  });
  const album = async (companyId: number, id: number) => {
    const found = await repository.find(companyId, id);
    if (!found) throw notFound();
    return found;
  };

  app.get(
    '/integration/projects/:id/albums',
    {
      config: read,
      schema: {
        tags: ['Photos'],
        operationId: 'listAlbums',
        summary: "A project's albums, shared or not",
        params: idParams,
        querystring: syncQuery.querystring,
        response: { 200: IntegrationAlbumPageSchema, ...errors },
      },
      preValidation: syncQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      if (!(await repository.project(company.id, request.params.id))) throw notFound();
      const { filters, page } = syncQuery.from(request);
      const { rows, total } = await repository.list(company.id, request.params.id, { updatedSince: filters.updated_since?.[0], page });
      return paginate(rows.map(serializeAlbum), total, page, pageUrls(options.publicUrl, request.url));
    },
  );

  app.post(
    '/integration/projects/:id/albums',
    {
      config: write,
      schema: {
        tags: ['Photos'],
        operationId: 'createAlbum',
        summary: 'Add an album to a project',
        description: 'New albums are not shared: upload the photos, then share the album (the customers hear of it once).',
        params: idParams,
        body: IntegrationAlbumInputSchema,
        response: { 201: IntegrationAlbumSchema, ...errors },
      },
    },
    async (request, reply) => {
      const company = requireApiCompany(request);
      if (!(await repository.project(company.id, request.params.id))) throw notFound();
      const created = await repository.create(company.id, request.params.id, request.body, app.now());
      return reply.status(201).send(serializeAlbum({ album: created, photoCount: 0 }));
    },
  );

  app.get(
    '/integration/albums/:id',
    {
      config: read,
      schema: { tags: ['Photos'], operationId: 'getAlbum', summary: 'An album', params: idParams, response: { 200: IntegrationAlbumSchema, ...errors } },
    },
    async (request) => serializeAlbum(await album(requireApiCompany(request).id, request.params.id)),
  );

  app.patch(
    '/integration/albums/:id',
    {
      config: write,
      schema: {
        tags: ['Photos'],
        operationId: 'updateAlbum',
        summary: 'Rename or move an album',
        params: idParams,
        body: IntegrationAlbumUpdateSchema,
        response: { 200: IntegrationAlbumSchema, ...errors },
      },
    },
    async (request) => {
      const company = requireApiCompany(request);
      const found = await album(company.id, request.params.id);
      const changes = Object.fromEntries(Object.entries(request.body).filter(([, value]) => value !== undefined));
      const updated = await repository.update(company.id, found.album.id, changes, app.now());
      return serializeAlbum({ album: updated!, photoCount: found.photoCount });
    },
  );

  app.delete(
    '/integration/albums/:id',
    {
      config: write,
      schema: {
        tags: ['Photos'],
        operationId: 'deleteAlbum',
        summary: 'Delete an album with its photos',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      const company = requireApiCompany(request);
      const found = await album(company.id, request.params.id);
      // The photos go with their files (rows, then bytes); then the album.
      await deleteFiles(db, app.blobs, await repository.filesOfAlbum(found.album.id));
      await repository.remove(found.album.id);
      return reply.status(204).send(null);
    },
  );

  for (const [action, shared] of [
    ['share', true],
    ['unshare', false],
  ] as const) {
    app.post(
      `/integration/albums/:id/${action}`,
      {
        config: write,
        schema: {
          tags: ['Photos'],
          operationId: `${action}Album`,
          summary: shared ? 'Share an album with the project’s customers' : 'Stop sharing an album',
          description: shared
            ? 'The album shows on the portal at once, and each customer of the project is emailed once per album (unless they turned album emails off).'
            : 'It leaves the portal at once.',
          params: idParams,
          response: { 200: IntegrationAlbumSchema, ...errors },
        },
      },
      async (request) => {
        const company = requireApiCompany(request);
        const found = await album(company.id, request.params.id);
        const updated = await repository.update(company.id, found.album.id, { is_shared: shared }, app.now());
        if (shared && found.photoCount > 0) {
          const project = await projects.projectWithRep(found.album.project_id, company.id);
          await app.notices.send(request.log, {
            kind: 'album',
            recordId: found.album.id,
            companyId: company.id,
            projectId: found.album.project_id,
            build: (recipient) =>
              albumSharedNotice({
                company,
                project: project!.project,
                album: { name: found.album.name, photoCount: found.photoCount },
                albumUrl: `${options.publicUrl}/photos?entity=${recipient.entityId}&album=${found.album.id}`,
              }),
          });
        }
        return serializeAlbum({ album: updated!, photoCount: found.photoCount });
      },
    );
  }

  app.get(
    '/integration/albums/:id/photos',
    {
      config: read,
      schema: {
        tags: ['Photos'],
        operationId: 'listPhotos',
        summary: "An album's photos, in order",
        params: idParams,
        querystring: syncQuery.querystring,
        response: { 200: IntegrationPhotoPageSchema, ...errors },
      },
      preValidation: syncQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      const found = await album(company.id, request.params.id);
      const { filters, page } = syncQuery.from(request);
      const { rows, total } = await repository.photos(found.album.id, { updatedSince: filters.updated_since?.[0], page });
      return paginate(rows.map(serializePhoto), total, page, pageUrls(options.publicUrl, request.url));
    },
  );

  app.post(
    '/integration/albums/:id/photos',
    {
      config: { ...write, upload: PHOTO_UPLOAD_POLICY },
      schema: {
        tags: ['Photos'],
        operationId: 'uploadPhotos',
        summary: 'Upload photos to an album',
        description:
          `multipart/form-data: up to ${PHOTO_UPLOAD_POLICY.maxFiles} images in \`files\` (JPEG, PNG or WebP, checked by their bytes, at most ` +
          `${PHOTO_UPLOAD_POLICY.maxBytes / 1024 / 1024} MB and 50 megapixels each), and optionally a \`caption\` and \`taken_at\` (ISO 8601 with an offset) for them. All or nothing: ` +
          'one refused file stores none. They go at the end of the album, in the order sent.',
        params: idParams,
        response: { 201: z.object({ data: z.array(IntegrationPhotoSchema) }), ...errors, 413: ApiErrorSchema, 415: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const company = requireApiCompany(request);
      const found = await album(company.id, request.params.id);
      const upload = await receiveUpload(app, request, { companyId: company.id });
      const caption = upload.fields.caption?.trim() || null;
      const takenAt = upload.fields.taken_at ? PhotoTakenAtSchema.safeParse(upload.fields.taken_at.trim()) : null;
      if (takenAt && !takenAt.success) {
        await deleteFiles(db, app.blobs, upload.files);
        throw invalid({ taken_at: takenAt.error.issues.map((issue) => issue.message) });
      }
      const details = { caption, takenAt: takenAt ? new Date(takenAt.data) : null };
      const added = await repository.addPhotos(company.id, found.album.id, upload.files, details, app.now()).catch(async (error: unknown) => {
        await deleteFiles(db, app.blobs, upload.files);
        throw error;
      });
      return reply.status(201).send({ data: added.map(serializePhoto) });
    },
  );

  app.patch(
    '/integration/photos/:id',
    {
      config: write,
      schema: {
        tags: ['Photos'],
        operationId: 'updatePhoto',
        summary: 'Change a photo’s caption, date taken or place',
        description: '`album_id` moves it to another album of the same project (422 otherwise).',
        params: idParams,
        body: IntegrationPhotoUpdateSchema,
        response: { 200: IntegrationPhotoSchema, ...errors },
      },
    },
    async (request) => {
      const company = requireApiCompany(request);
      const found = await repository.photo(company.id, request.params.id);
      if (!found) throw notFound();
      if (request.body.album_id !== undefined && request.body.album_id !== found.photo.album_id) {
        const target = await repository.find(company.id, request.body.album_id);
        if (!target || target.album.project_id !== found.album.project_id)
          throw invalid({ album_id: ['The album must be another album of the same project.'] });
      }
      const { taken_at: takenAt, ...rest } = request.body;
      const changes = {
        ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
        ...(takenAt === undefined ? {} : { taken_at: takenAt === null ? null : new Date(takenAt) }),
      };
      const photo = await repository.updatePhoto(found.photo.id, changes, app.now());
      return serializePhoto({ photo, file: found.file });
    },
  );

  app.post(
    '/integration/photos/:id/move',
    {
      config: write,
      schema: {
        tags: ['Photos'],
        operationId: 'movePhoto',
        summary: 'Move a photo to another place in its album',
        description:
          '`index` counts from 0 in the album’s order (an index past the end puts it last). The album is numbered again 0, 1, 2… ' +
          'in the same step, so the answer’s `position` equals `index` unless the album is shorter.',
        params: idParams,
        body: IntegrationPhotoMoveSchema,
        response: { 200: IntegrationPhotoSchema, ...errors },
      },
    },
    async (request) => {
      const company = requireApiCompany(request);
      const found = await repository.photo(company.id, request.params.id);
      if (!found) throw notFound();
      const photo = await repository.movePhoto(found.album.id, found.photo.id, request.body.index, app.now());
      return serializePhoto({ photo, file: found.file });
    },
  );

  app.delete(
    '/integration/photos/:id',
    {
      config: write,
      schema: {
        tags: ['Photos'],
        operationId: 'deletePhoto',
        summary: 'Delete a photo',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      const company = requireApiCompany(request);
      const found = await repository.photo(company.id, request.params.id);
      if (!found) throw notFound();
      // The photo row goes with its file.
      await deleteFiles(db, app.blobs, [found.file]);
      return reply.status(204).send(null);
    },
  );
}
