import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The clock every expiry, signed link and "today" is measured by; tests set it. */
    now: () => Date;
  }
}

export const clockPlugin = fp(
  async (app: FastifyInstance, options: { now?: () => Date }) => {
    app.decorate('now', options.now ?? (() => new Date()));
  },
  { name: 'clock' },
);
