import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the process has been asked to stop: /api/ready fails so the proxy sends traffic elsewhere. */
    readonly draining: boolean;
    /** The first step of a graceful stop (server.ts): readiness fails, everything else goes on. */
    startDraining(): void;
  }
}

export const lifecyclePlugin = fp(
  async (app: FastifyInstance) => {
    let draining = false;
    app.decorate('draining', { getter: () => draining });
    app.decorate('startDraining', () => {
      draining = true;
    });
  },
  { name: 'lifecycle' },
);
