import { MAX_PUBLIC_IMAGE_BYTES } from '@portal/contract';
import { ApiErrorSchema, ERROR_MESSAGES, IdSchema } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filesRepository } from '../../core/files/files.repository';
import { sendFile } from '../../core/files/serve';
import { deleteFiles } from '../../core/files/store';
import { receiveUpload } from '../../core/files/uploads';
import type { FileRow } from '../../db/rows';
import { HttpError } from '../../lib/http-errors';
import { binaryReply, emptyReply, IMAGE_MEDIA_TYPES } from '../../lib/reply-media';

/**
 * Logos and staff avatars: images a company shows to anyone who opens its portal, served without a signature at a
 * path of their own (`/api/logos/{id}`, `/api/avatars/{id}`). Only an image something currently points at is served.
 */
export const PUBLIC_IMAGE_POLICY = { maxBytes: MAX_PUBLIC_IMAGE_BYTES, accept: ['jpeg', 'png', 'webp'] as const };
/** The path changes with each upload, so a browser may keep one for a day. */
const MAX_AGE_S = 86_400;

export const publicImageDescription =
  `multipart/form-data with the image in \`file\`: JPEG, PNG or WebP (checked by its bytes), at most ${PUBLIC_IMAGE_POLICY.maxBytes / 1024 / 1024} MB ` +
  'and 50 megapixels. It replaces the previous one at once, which is deleted.';

/** Stores an uploaded image and points a record at it with `point`; on failure nothing is left, on success the old image goes. */
export async function replacePublicImage<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  companyId: number,
  previousPath: string | null,
  point: (file: FileRow) => Promise<T>,
): Promise<T> {
  const { files: stored } = await receiveUpload(app, request, { companyId });
  const image = stored[0]!;
  const result = await point(image).catch(async (error: unknown) => {
    await deleteFiles(app.database.db, app.blobs, [image]);
    throw error;
  });
  await removePublicImage(app, previousPath);
  return result;
}

/** Deletes an image we stored (`/api/…/{id}`); a path like `/brand/acme.svg` is a file of the build and stays. */
export async function removePublicImage(app: FastifyInstance, path: string | null) {
  const match = path ? /^\/api\/(?:logos|avatars)\/(\d+)$/.exec(path) : null;
  if (!match) return;
  const old = await filesRepository(app.database.db).find(Number(match[1]));
  if (old) await deleteFiles(app.database.db, app.blobs, [old]);
}

/** `GET /api/<kind>/{id}`: public, cacheable, only when `current` finds the file. */
export function publicImageRoute(
  fastify: FastifyInstance,
  options: { url: string; operationId: string; summary: string; current: (fileId: number) => Promise<FileRow | null> },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    options.url,
    {
      config: { public: true },
      compress: false,
      schema: {
        tags: ['Company'],
        operationId: options.operationId,
        summary: options.summary,
        description: 'Public: the portal shows it to anyone. Only a current image is served; any other id answers 404.',
        params: z.object({ id: IdSchema }),
        response: { 200: binaryReply('The image', IMAGE_MEDIA_TYPES), 304: emptyReply('Not modified'), 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const file = await options.current(request.params.id);
      if (!file) throw new HttpError(404, ERROR_MESSAGES.notFound);
      const now = app.now();
      return sendFile(app.blobs, request, reply, file, { disposition: 'inline', expires: Math.floor(now.getTime() / 1000) + MAX_AGE_S, now, public: true });
    },
  );
}
