import { ALBUM_SORTS, AlbumDetailSchema, AlbumPageSchema, ApiErrorSchema, ERROR_MESSAGES, IdSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import yazl from 'yazl';
import { z } from 'zod';
import { cleanFileName, FILE_TYPES, type FileKind } from '../../lib/file-types';
import { HttpError, notFound } from '../../lib/http-errors';
import { defineListQuery } from '../../lib/list-query';
import { pageUrls, paginate } from '../../lib/pagination';
import { binaryReply } from '../../lib/reply-media';
import { linksOf, SignatureQuerySchema } from '../../core/files/links';
import { linkAccess, verifyLink } from '../../core/files/access';
import { requireProject } from '../../core/access/projects';
import { requireUser } from '../../core/access/request';
import { FILE_CONTENT_SECURITY_POLICY, contentDisposition } from '../../core/files/serve';
import type { PhotoWithFile } from '../../core/covers';
import { photosRepository } from './photos.repository';
import { albumZipPath, serializeAlbum, serializePhoto } from './photos.serializers';

export const albumsListQuery = defineListQuery({ sorts: ALBUM_SORTS, defaultSort: 'position' });

const entityParams = z.object({ entity: IdSchema });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
const GUARD_NOTE =
  "404, as for an id that does not exist, when the entity is not the caller's, the album is not shared, or the company has switched photos off (is_portal_album_sharing_enabled).";

/** "03 Quartz countertops installed.jpg": in album order, named by caption, unique within the zip. */
export function zipEntryNames(items: PhotoWithFile[]): string[] {
  const width = String(items.length).length < 2 ? 2 : String(items.length).length;
  const used = new Set<string>();
  return items.map(({ photo, file }, index) => {
    const extension = FILE_TYPES[file.kind as FileKind]?.extension ?? 'jpg';
    const stem = cleanFileName((photo.caption ?? file.original_name.replace(/\.[^.]*$/, '')).replace(/[/\\:*?"<>|]/g, ' ').slice(0, 80)) ?? 'photo';
    let name = `${String(index + 1).padStart(width, '0')} ${stem}.${extension}`;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${String(index + 1).padStart(width, '0')} ${stem} (${n}).${extension}`;
    used.add(name.toLowerCase());
    return name;
  });
}

export async function photosRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = photosRepository(app.database.db);
  const access = linkAccess(app.database.db);

  app.get(
    '/entities/:entity/albums',
    {
      schema: {
        tags: ['photos'],
        operationId: 'listPortalAlbums',
        summary: "The project's shared albums",
        description: `A page of the shared albums (30 a page), each with its cover, name and photo count. sort: position (default), name, created_at. ${GUARD_NOTE}`,
        params: entityParams,
        querystring: albumsListQuery.querystring,
        response: { 200: AlbumPageSchema, ...errors },
      },
      preValidation: albumsListQuery.preValidation,
    },
    async (request) => {
      const { sort, page } = albumsListQuery.from(request);
      const { scope } = await requireProject(app, requireUser(request), request.params.entity, 'photos');
      const { rows, total } = await repository.list(scope, { sort, page });
      return paginate(
        rows.map((row) => serializeAlbum(linksOf(app, request), row)),
        total,
        page,
        pageUrls(options.publicUrl, request.url),
      );
    },
  );

  app.get(
    '/entities/:entity/albums/:album',
    {
      schema: {
        tags: ['photos'],
        operationId: 'getPortalAlbum',
        summary: 'One shared album with its photos',
        description: `Every photo in order, with its caption, size and signed URLs (original, download, image proxy). ${GUARD_NOTE}`,
        params: entityParams.extend({ album: IdSchema }),
        response: { 200: AlbumDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { scope } = await requireProject(app, requireUser(request), request.params.entity, 'photos');
      const found = await repository.find(scope, request.params.album);
      if (!found) throw notFound();
      const items = await repository.photosOf(found.album.id);
      const links = linksOf(app, request);
      return { ...serializeAlbum(links, found), photos: items.map((item) => serializePhoto(links, item)) };
    },
  );

  app.get(
    '/albums/:id/zip',
    {
      config: { public: true },
      compress: false,
      schema: {
        tags: ['photos'],
        operationId: 'downloadAlbumZip',
        summary: 'A whole album as a zip',
        description:
          'Reached through the zip_url of an album (signed, valid up to an hour). The originals are streamed one after another ' +
          'into the zip as it is sent, so memory stays flat however large the album. 403 when the signature is altered or expired; 404 once the album is no longer shared with whoever the link was handed to.',
        params: z.object({ id: IdSchema }),
        querystring: SignatureQuerySchema,
        response: { 200: binaryReply('The zip of the album', ['application/zip']), 403: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const audience = verifyLink(app.urls, albumZipPath(id), request.query, app.now());
      const album = await access.album(id, audience);
      if (!album) throw new HttpError(404, ERROR_MESSAGES.notFound);
      const items = await repository.photosOf(album.id);
      const names = zipEntryNames(items);

      const zip = new yazl.ZipFile();
      items.forEach(({ photo, file }, index) => {
        // Opened only when yazl reaches the entry: one blob is read at a time.
        zip.addReadStreamLazy(names[index]!, { size: file.size, mtime: photo.created_at, compress: false }, (callback) => {
          app.blobs.get(file.blob_key).then(
            (stream) => (stream ? callback(null, stream) : callback(new Error(`blob of file ${file.id} is missing`), null as never)),
            (error: Error) => callback(error, null as never),
          );
        });
      });
      let finalSize = -1;
      // Photos are stored, not deflated (JPEGs do not shrink): yazl knows the zip's size in advance.
      // (@types/yazl leaves out the size the callback receives.)
      (zip.end as (options: object, callback: (size: number) => void) => void)({}, (size) => {
        finalSize = size;
      });
      zip.outputStream.on('error', (error) => request.log.error({ err: error, album: album.id }, 'album zip failed'));
      void reply.headers({
        'content-type': 'application/zip',
        'content-disposition': contentDisposition('attachment', `${cleanFileName(album.name.replace(/[/\\]/g, '-')) ?? 'album'}.zip`),
        'x-content-type-options': 'nosniff',
        'content-security-policy': FILE_CONTENT_SECURITY_POLICY,
        'cache-control': 'private, no-store',
      });
      if (finalSize >= 0) void reply.header('content-length', String(finalSize));
      return reply.status(200).send(zip.outputStream);
    },
  );
}
