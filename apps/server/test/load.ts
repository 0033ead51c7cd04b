import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { processRunner } from './processes';

/**
 * The load harness (docs/security.md, "The portal stays responsive under abuse"): the real server in a child process
 * on the demo, `sessions` customers each signing in and then, page view after page view, reading what a project page
 * reads (entities, the project, notes, albums, documents, invoices) at once as the browser does, with a think time
 * between views as real customers take (exponential, `thinkMs` mean; docs/decisions/079-load-sessions-think.md), while a sign-in flood of wrong passwords from many
 * addresses hits the rate limits and browsers fetch listed variants of the demo's photos (image encodes). It counts
 * every answer that is not what it should be, the JSON reads' latency, and the server's own event-loop delay
 * (`nodejs_eventloop_lag_p99_seconds` at /metrics, reset at each scrape). Used by load.test.ts (short, few sessions)
 * and `npm run bench -- security` (50 sessions for 60 s).
 */

export interface LoadOptions {
  seconds: number;
  sessions: number;
  /** Mean pause between one session's page views (exponential); 0 reads as fast as the answers come. */
  thinkMs?: number;
  /** Concurrent loops of the sign-in flood and of image fetches. */
  flooders?: number;
  imageFetchers?: number;
  /** A PostgreSQL database of its own, empty; PGlite in a temporary data folder when absent. */
  databaseUrl?: string;
  log?: (line: string) => void;
}

export interface LoadFigures {
  database: 'pglite' | 'postgres';
  seconds: number;
  sessions: number;
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
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
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
  const runner = processRunner(() => dataDir);
  try {
    const multiplier = Math.max(1, Math.ceil(options.sessions / (DEMO.length * 20)));
    const burst = 10 * multiplier + 5;
    const server = await runner.startServer({
      SEED_DEMO: 'true',
      DATABASE_URL: options.databaseUrl ?? '',
      METRICS_TOKEN,
      // The flood comes "from many addresses": X-Forwarded-For is honoured for one proxy hop, as behind nginx.
      TRUST_PROXY: '1',
      // Each session signs one of the two demo customers in: past 40 sessions, more than their hourly limits allow.
      RATE_LIMIT_MULTIPLIER: String(multiplier),
      LOG_LEVEL: 'error',
    });
    const call = (url: string, init: RequestInit & { ip?: string } = {}) =>
      fetch(`${server.url}${url}`, {
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
    await metricsText(); // resets the event-loop histogram: what follows measures the run alone

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
    const deadline = Date.now() + options.seconds * 1000;

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
              jsonLatencies.push(performance.now() - started);
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
      ...Array.from({ length: options.sessions }, (_, index) => session(index)),
      ...Array.from({ length: options.flooders ?? 2 }, flooder),
      ...Array.from({ length: options.imageFetchers ?? 2 }, imageFetcher),
    ]);
    const metrics = await metricsText();
    return {
      database: options.databaseUrl ? 'postgres' : 'pglite',
      seconds: options.seconds,
      sessions: options.sessions,
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
      eventLoopP99Ms: Math.round(gauge(metrics, 'nodejs_eventloop_lag_p99_seconds') * 10) / 10,
      eventLoopMaxMs: Math.round(gauge(metrics, 'nodejs_eventloop_lag_max_seconds') * 10) / 10,
    };
  } finally {
    runner.stopAll();
    await rm(dataDir, { recursive: true, force: true });
  }
}
