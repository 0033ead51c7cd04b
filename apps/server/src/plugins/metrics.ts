import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { webhookDeliveriesRepository } from '../core/webhooks/deliveries.repository';
import { notFound, unauthenticated } from '../lib/http-errors';

export interface MetricsPluginOptions {
  /** METRICS_TOKEN: without one, /metrics is not served at all (docs/operations.md, "Metrics"). */
  token?: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's Prometheus registry: what a module measures of its own (the image cache) it adds here. */
    metrics: {
      registry: Registry;
      /** A gauge read at each scrape. */
      gauge(name: string, help: string, read: () => number): void;
    };
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Buckets from 5 ms to 10 s: a JSON read should sit in the first few, an upload or an image encode further up. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * How often Node's event-loop monitor ticks, in ms. Its histogram records the time between ticks, so every
 * `nodejs_eventloop_lag_*` figure is this interval plus the delay itself: an idle loop reads about 10 ms
 * (docs/operations.md, "Metrics").
 */
export const EVENT_LOOP_RESOLUTION_MS = 10;

/**
 * Prometheus metrics (prom-client) at `/metrics`, served only with METRICS_TOKEN set and only to a bearer of it: the
 * route patterns and queue depths are an operator's business, never the public's. One registry per app, so tests that
 * build several apps count apart.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsPluginOptions) => {
    const registry = new Registry();
    // Event-loop delay (nodejs_eventloop_lag_*), heap, GC and handles, from Node's own monitors.
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_RESOLUTION_MS });

    const labelNames = ['method', 'route', 'status'] as const;
    const requests = new Counter({
      name: 'portal_http_requests_total',
      help: 'Requests answered, by route pattern and status.',
      labelNames,
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from the request to its answer, by route pattern and status.',
      labelNames,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });

    app.decorate('metrics', {
      registry,
      gauge(name: string, help: string, read: () => number) {
        new Gauge({
          name,
          help,
          registers: [registry],
          collect() {
            this.set(read());
          },
        });
      },
    });

    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, never the path itself: ids and typos would make a series each.
      const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    });

    const pool = app.database.pool;
    if (pool) {
      new Gauge({
        name: 'portal_db_pool_connections',
        help: 'PostgreSQL pool connections: open, idle, and queries waiting for one.',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const { total, idle, waiting } = pool();
          this.set({ state: 'total' }, total);
          this.set({ state: 'idle' }, idle);
          this.set({ state: 'waiting' }, waiting);
        },
      });
    }

    new Gauge({
      name: 'portal_webhook_queue_depth',
      help: 'Webhook deliveries waiting for a (further) attempt.',
      registers: [registry],
      async collect() {
        this.set(await webhookDeliveriesRepository(app.database.db).pendingCount());
      },
    });

    const expected = options.token ? digest(`Bearer ${options.token}`) : null;
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!expected) throw notFound();
      if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) throw unauthenticated();
      const text = await registry.metrics();
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
