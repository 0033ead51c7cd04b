import { PhotoTakenAtSchema, type IntegrationAlbum, type IntegrationPhoto } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireApiCompany } from '../../core/access/request';
import { serializeFile } from '../../core/files/files.serializers';
import { deleteFiles } from '../../core/files/store';
import { receiveUpload } from '../../core/files/uploads';
import { projectReadsRepository } from '../../core/projects';
import type { AlbumRow, FileRow, PhotoRow } from '../../db/rows';
import { invalid, notFound } from '../../lib/http-errors';
import { paginate, pageUrls } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';
import { albumsRepository } from './albums.repository';
import { albumSharedNotice } from './photos-email';
import * as schemas from './photos.company-schemas';

/**
 * Albums and photos on the integration API (docs/company-api.md, "Albums, photos and documents"). Only shared albums
 * reach the portal; sharing one tells the project's customers (once per album).
 */
export async function photosCompanyRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const repository = albumsRepository(db);
  const projects = projectReadsRepository(db);
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
      schema: schemas.listAlbums,
      preValidation: schemas.syncQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      if (!(await repository.project(company.id, request.params.id))) throw notFound();
      const { filters, page } = schemas.syncQuery.from(request);
      const { rows, total } = await repository.list(company.id, request.params.id, { updatedSince: filters.updated_since?.[0], page });
      return paginate(rows.map(serializeAlbum), total, page, pageUrls(options.publicUrl, request.url));
    },
  );

  app.post('/integration/projects/:id/albums', { config: write, schema: schemas.createAlbum }, async (request, reply) => {
    const company = requireApiCompany(request);
    if (!(await repository.project(company.id, request.params.id))) throw notFound();
    const created = await repository.create(company.id, request.params.id, request.body, app.now());
    return reply.status(201).send(serializeAlbum({ album: created, photoCount: 0 }));
  });

  app.get('/integration/albums/:id', { config: read, schema: schemas.getAlbum }, async (request) =>
    serializeAlbum(await album(requireApiCompany(request).id, request.params.id)),
  );

  app.patch('/integration/albums/:id', { config: write, schema: schemas.updateAlbum }, async (request) => {
    const company = requireApiCompany(request);
    const found = await album(company.id, request.params.id);
    const changes = Object.fromEntries(Object.entries(request.body).filter(([, value]) => value !== undefined));
    const updated = await repository.update(company.id, found.album.id, changes, app.now());
    return serializeAlbum({ album: updated!, photoCount: found.photoCount });
  });

  app.delete('/integration/albums/:id', { config: write, schema: schemas.deleteAlbum }, async (request, reply) => {
    const company = requireApiCompany(request);
    const found = await album(company.id, request.params.id);
    // The photos go with their files (rows, then bytes); then the album.
    await deleteFiles(db, app.blobs, await repository.filesOfAlbum(found.album.id));
    await repository.remove(found.album.id);
    return reply.status(204).send(null);
  });

  for (const [action, shared] of [
    ['share', true],
    ['unshare', false],
  ] as const) {
    app.post(`/integration/albums/:id/${action}`, { config: write, schema: schemas.setAlbumShared(action, shared) }, async (request) => {
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
    });
  }

  app.get(
    '/integration/albums/:id/photos',
    {
      config: read,
      schema: schemas.listPhotos,
      preValidation: schemas.syncQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      const found = await album(company.id, request.params.id);
      const { filters, page } = schemas.syncQuery.from(request);
      const { rows, total } = await repository.photos(found.album.id, { updatedSince: filters.updated_since?.[0], page });
      return paginate(rows.map(serializePhoto), total, page, pageUrls(options.publicUrl, request.url));
    },
  );

  app.post(
    '/integration/albums/:id/photos',
    { config: { ...write, upload: schemas.PHOTO_UPLOAD_POLICY }, schema: schemas.uploadPhotos },
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

  app.patch('/integration/photos/:id', { config: write, schema: schemas.updatePhoto }, async (request) => {
    const company = requireApiCompany(request);
    const found = await repository.photo(company.id, request.params.id);
    if (!found) throw notFound();
    if (request.body.album_id !== undefined && request.body.album_id !== found.photo.album_id) {
      const target = await repository.find(company.id, request.body.album_id);
      if (!target || target.album.project_id !== found.album.project_id) throw invalid({ album_id: ['The album must be another album of the same project.'] });
    }
    const { taken_at: takenAt, ...rest } = request.body;
    const changes = {
      ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
      ...(takenAt === undefined ? {} : { taken_at: takenAt === null ? null : new Date(takenAt) }),
    };
    const photo = await repository.updatePhoto(found.photo.id, changes, app.now());
    return serializePhoto({ photo, file: found.file });
  });

  app.post('/integration/photos/:id/move', { config: write, schema: schemas.movePhoto }, async (request) => {
    const company = requireApiCompany(request);
    const found = await repository.photo(company.id, request.params.id);
    if (!found) throw notFound();
    const photo = await repository.movePhoto(found.album.id, found.photo.id, request.body.index, app.now());
    return serializePhoto({ photo, file: found.file });
  });

  app.delete('/integration/photos/:id', { config: write, schema: schemas.deletePhoto }, async (request, reply) => {
    const company = requireApiCompany(request);
    const found = await repository.photo(company.id, request.params.id);
    if (!found) throw notFound();
    // The photo row goes with its file.
    await deleteFiles(db, app.blobs, [found.file]);
    return reply.status(204).send(null);
  });
}
