import path from 'node:path';
import { ApiErrorSchema, ERROR_MESSAGES, IdSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-errors';
import { binaryReply, emptyReply } from '../../lib/reply-media';
import { isImageKind } from '../../lib/file-types';
import { linkAccess, verifyLink } from '../../core/files/access';
import { IMAGE_PROXY_MEDIA_TYPES, ImageQuerySchema, imageProxy, imageRequestOf } from '../../core/files/image-proxy';
import { filePaths, SignatureQuerySchema } from '../../core/files/links';
import { FILE_CONTENT_SECURITY_POLICY, contentDisposition, previewable, sendFile } from '../../core/files/serve';

const responses = {
  200: binaryReply('The file', ['application/octet-stream']),
  206: binaryReply('A byte range of the file', ['application/octet-stream']),
  304: emptyReply('Not modified'),
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  416: ApiErrorSchema,
};

/**
 * Stored files, reached only through signed URLs (app.fileLinks): the signature names who the URL was
 * handed to, so these routes are public. A URL that is altered, expired or signed for another file is 403;
 * one whose audience may no longer see the file (signed out, unshared, area off) is 404
 * (docs/decisions/062-file-links-checked-at-use.md).
 */
export interface FilesRoutesOptions {
  /** DATA_DIR: resized images are cached in DATA_DIR/cache/images. */
  dataDir: string;
  /** The most that cache may hold, in MB (IMAGE_CACHE_MB); least recently used images go first. */
  imageCacheMegabytes: number;
}

export async function filesRoutes(fastify: FastifyInstance, options: FilesRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = linkAccess(app.database.db);
  const images = imageProxy({
    store: app.blobs,
    cacheDir: path.join(options.dataDir, 'cache', 'images'),
    maxCacheBytes: options.imageCacheMegabytes * 1024 * 1024,
  });
  app.metrics.gauge('portal_image_cache_bytes', 'Bytes of resized images kept on disk.', images.cacheBytes);
  app.metrics.gauge('portal_image_encodes_waiting', 'Image encodes queued behind the ones running.', () => images.encodes.queued);

  const serve = (disposition: 'view' | 'download') =>
    async function handler(
      request: { params: { id: number }; query: z.infer<typeof SignatureQuerySchema> } & Parameters<typeof sendFile>[1],
      reply: Parameters<typeof sendFile>[2],
    ) {
      const { id } = request.params;
      const now = app.now();
      const audience = verifyLink(app.urls, filePaths[disposition](id), request.query, now);
      const file = await access.file(id, audience);
      if (!file) throw new HttpError(404, ERROR_MESSAGES.notFound);
      const inline = disposition === 'view' && previewable(file);
      return sendFile(app.blobs, request, reply, file, { disposition: inline ? 'inline' : 'attachment', expires: Number(request.query.exp), now });
    };

  app.get(
    '/files/:id',
    {
      config: { public: true },
      compress: false,
      schema: {
        tags: ['files'],
        operationId: 'viewFile',
        summary: 'A stored file, to view',
        description:
          'Reached through a signed URL the API handed out (valid up to an hour, and only while whoever it was handed to may still see the file: else 404). PDFs and images are served inline, ' +
          'anything else as an attachment; byte ranges are supported. 403 when the signature is altered, expired or for another file.',
        params: z.object({ id: IdSchema }),
        querystring: SignatureQuerySchema,
        response: responses,
      },
    },
    serve('view'),
  );

  app.get(
    '/files/:id/download',
    {
      config: { public: true },
      compress: false,
      schema: {
        tags: ['files'],
        operationId: 'downloadFile',
        summary: 'A stored file, to download',
        description: 'As /files/{id}, always with Content-Disposition: attachment and the real file name.',
        params: z.object({ id: IdSchema }),
        querystring: SignatureQuerySchema,
        response: responses,
      },
    },
    serve('download'),
  );

  app.get(
    '/images/:id',
    {
      config: { public: true },
      compress: false,
      schema: {
        tags: ['files'],
        operationId: 'getResizedImage',
        summary: 'An image, resized (the image proxy)',
        description:
          'A listed variant (v) at a density (d: 1 or 2) and format (f: webp), added by the client to a signed URL the API handed out; ' +
          'the signature covers the image, and the list bounds what one URL can render. Any other parameter, or a width, height, quality ' +
          'or fit that is not exactly a listed variant, is refused with 400. Never enlarges; an image above 50 megapixels is refused ' +
          'with 422. Results are cached on disk.',
        params: z.object({ id: IdSchema }),
        // Strict: an unknown parameter (q, or a typo) is a 400, not silently ignored.
        querystring: SignatureQuerySchema.extend(ImageQuerySchema.shape).strict(),
        response: {
          200: binaryReply('The image', IMAGE_PROXY_MEDIA_TYPES),
          304: emptyReply('Not modified'),
          400: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          422: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { aud, exp, sig, ...query } = request.query;
      const asked = imageRequestOf(query);
      const now = app.now();
      const audience = verifyLink(app.urls, filePaths.image(id), { aud, exp, sig }, now);
      const file = await access.file(id, audience);
      if (!file || !isImageKind(file.kind)) throw new HttpError(404, ERROR_MESSAGES.notFound);
      const image = await images.get(file, asked);
      const maxAge = Math.max(0, Number(exp) - Math.floor(now.getTime() / 1000));
      void reply.headers({
        'content-type': image.contentType,
        'content-length': String(image.size),
        'x-content-type-options': 'nosniff',
        'content-security-policy': FILE_CONTENT_SECURITY_POLICY,
        'content-disposition': contentDisposition('inline', `${file.original_name.replace(/\.[^.]*$/, '')}.${asked.format}`),
        etag: image.etag,
        'cache-control': `private, max-age=${maxAge}, immutable`,
        'cross-origin-resource-policy': 'same-origin',
      });
      if (request.headers['if-none-match'] === image.etag) {
        await images.release(image);
        return reply.status(304).send();
      }
      return reply.status(200).send(images.open(image));
    },
  );
}
