import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * multipart/form-data for uploads (core/files/uploads.ts reads it as a stream, one part at a
 * time: an upload is never held in memory). The limits here are the outer bounds; each upload
 * route passes its own, smaller ones.
 */
export const multipartPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      // Names arrive whole, so a name with path parts is refused instead of silently cut to its base.
      preservePath: true,
      limits: { fileSize: 100 * 1024 * 1024, files: 20, fields: 20, fieldSize: 64 * 1024, parts: 40, headerPairs: 100 },
    });
  },
  { name: 'multipart' },
);
