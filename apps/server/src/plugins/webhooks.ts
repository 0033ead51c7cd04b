import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { webhookDeliveriesRepository, type DeliveryOutcome, type DueDelivery } from '../core/webhooks/deliveries.repository';
import { postWebhook } from '../core/webhooks/post';
import { checkTarget, type TargetPolicy } from '../core/webhooks/targets';
import { webhookSignature } from '../core/webhooks/outbox';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: {
      /** Looks at the outbox now (after a commit that put events in it) rather than at the next tick. */
      wake(): void;
      /** Resolves once nothing is being delivered or waits to be recorded (tests, shutdown). */
      idle(): Promise<void>;
    };
  }
}

/** The waits between attempts: about a day in all, then the delivery is failed (it stays in the log, redeliverable). */
export const WEBHOOK_BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 28_800_000];
const TIMEOUT_MS = 10_000;
const LEASE_MS = 60_000;
/** Attempts ending within this long of each other are written in one transaction. */
const FLUSH_MS = 10;
const CLAIM_DELAY_MS = 10;
const POLL_MS = 1_000;
/** Up to this many attempts are under way at once; those that end together are recorded in one transaction. */
const BATCH = 50;

/**
 * Delivers the webhook outbox (docs/decisions/038-webhooks.md): claims due rows with a lease (`FOR UPDATE SKIP
 * LOCKED`: two servers on one database never send one attempt twice; a server that dies lets its rows go when the
 * lease ends), POSTs each signed to an address checked just before (docs/decisions/108-webhook-targets-checked-by-ipaddr.md),
 * follows no redirect, records every attempt, retries with backoff for about a day. It never holds up the request that
 * caused an event.
 */
export const webhooksPlugin = fp(
  async (app: FastifyInstance, options: { targets: TargetPolicy; backoffScale: number }) => {
    const deliveries = webhookDeliveriesRepository(app.database.db);
    // WEBHOOK_RETRY_SCALE shortens the lease with the waits, so a test can kill a server and see its rows go out again;
    // never below an attempt's timeout plus time to record it, so a lease never ends under an attempt still running.
    const leaseMs = Math.max(LEASE_MS * options.backoffScale, TIMEOUT_MS + 5_000);
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<void> | null = null;
    let again = false;
    let closed = false;

    async function attempt(row: DueDelivery): Promise<DeliveryOutcome> {
      const started = Date.now();
      const now = app.now();
      let status: number | null = null;
      let error: string | null = null;
      // Judged again at every attempt, on what the name resolves to now; sent to exactly the address judged.
      const target = await checkTarget(row.url, options.targets);
      if (target.refused !== null) error = target.refused;
      else {
        const timestamp = Math.floor(now.getTime() / 1000);
        try {
          status = await postWebhook(
            row.url,
            target,
            {
              'content-type': 'application/json',
              'user-agent': 'Project-portal-webhooks/1',
              'webhook-id': row.event_id,
              'webhook-timestamp': String(timestamp),
              'webhook-signature': webhookSignature(row.secret, row.event_id, timestamp, row.body),
            },
            row.body,
            TIMEOUT_MS,
          );
          if (status >= 300 && status < 400) error = 'Redirects are not followed.';
        } catch (cause) {
          error = (cause as Error).name === 'TimeoutError' ? `No answer within ${TIMEOUT_MS / 1000} s.` : 'The endpoint could not be reached.';
        }
      }
      const latency = Date.now() - started;
      const delivered = error === null && status !== null && status >= 200 && status < 300;
      const attempts = row.attempts + 1;
      const wait = WEBHOOK_BACKOFF_MS[attempts - 1];
      const jitter = 0.8 + Math.random() * 0.4;
      if (!delivered) app.log.info({ event: 'webhooks.attempt_failed', deliveryId: row.id, status, error, attempts }, 'webhook attempt failed');
      return {
        attempt: { delivery_id: row.id, at: now, status_code: status, error, latency_ms: latency },
        delivery: {
          id: row.id,
          attempts,
          state: delivered ? 'delivered' : wait === undefined ? 'failed' : 'pending',
          next: delivered || wait === undefined ? null : new Date(now.getTime() + wait * options.backoffScale * jitter),
        },
      };
    }

    /** Attempts under way: at most BATCH at once, each recorded as soon as it ends, never waiting for a slow one. */
    const inFlight = new Set<Promise<void>>();
    let finished: DeliveryOutcome[] = [];
    let flushing: Promise<void> | null = null;
    /** The last claim took all the room there was: more may be due as soon as an attempt ends. */
    let backlog = false;

    /** Writes the attempts that ended meanwhile, together: those ending at about the same time share a transaction. */
    function flush() {
      if (flushing) return;
      flushing = (async () => {
        while (finished.length > 0) {
          await new Promise((resolve) => setTimeout(resolve, FLUSH_MS));
          const batch = finished;
          finished = [];
          await deliveries
            .record(batch, app.now())
            .catch((error: unknown) => app.log.error({ event: 'webhooks.error', err: error }, 'webhook attempts could not be recorded'));
        }
      })().finally(() => {
        flushing = null;
        if (finished.length > 0) flush();
        else if (backlog) wake();
      });
    }

    async function drain() {
      for (;;) {
        const room = BATCH - inFlight.size;
        if (room <= 0 || closed) return;
        const now = app.now();
        const { claimed, rows } = await deliveries.claimDue(now, new Date(now.getTime() + leaseMs), room);
        backlog = claimed === room;
        if (claimed === 0) return;
        for (const row of rows) {
          const task: Promise<void> = attempt(row)
            .then((outcome) => {
              finished.push(outcome);
              flush();
            })
            .catch((error: unknown) => void app.log.error({ event: 'webhooks.error', err: error }, 'webhook delivery broke'))
            .finally(() => inFlight.delete(task));
          inFlight.add(task);
        }
      }
    }

    /**
     * Looks at the outbox soon: wakes that come within CLAIM_DELAY_MS of each other (one per event a busy portal commits)
     * share one claim instead of a query each.
     */
    let scheduled: NodeJS.Timeout | null = null;
    function wake() {
      if (closed || scheduled) return;
      scheduled = setTimeout(() => {
        scheduled = null;
        claimNow();
      }, CLAIM_DELAY_MS);
    }

    function claimNow() {
      if (closed) return;
      if (running) {
        again = true;
        return;
      }
      running = drain()
        .catch((error: unknown) => app.log.error({ event: 'webhooks.error', err: error }, 'webhook outbox could not be read'))
        .finally(() => {
          running = null;
          if (again && !closed) {
            again = false;
            claimNow();
          }
        });
    }

    /** Nothing claimed, under way or waiting to be written. */
    async function settled() {
      while (scheduled || running || inFlight.size > 0 || flushing || finished.length > 0) {
        if (scheduled) await new Promise((resolve) => setTimeout(resolve, CLAIM_DELAY_MS));
        await running;
        await Promise.all(inFlight);
        await flushing;
      }
    }

    app.decorate('webhooks', { wake, idle: settled });
    app.addHook('onReady', async () => {
      timer = setInterval(wake, POLL_MS);
      timer.unref();
      wake();
    });
    app.addHook('onClose', async () => {
      closed = true;
      if (timer) clearInterval(timer);
      if (scheduled) clearTimeout(scheduled);
      scheduled = null;
      await settled();
    });
  },
  { name: 'webhooks', dependencies: ['db', 'clock'] },
);
