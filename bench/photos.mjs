/**
 * `npm run bench -- photos` (docs/requirements.md 17.4): the image proxy on a shared album of 300 generated
 * 1600 × 1200 JPEGs, under 10 connections: thumbnails on a cold cache (every URL once), on a warm
 * cache (the same URLs again), the same bytes as static files and from memory, all in one run; then
 * the album's zip, downloaded while the server's RSS is sampled every 50 ms. Called by bench/run.mjs
 * with its helpers; the server is bench/photos-server.ts.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const ratio = (a, b) => (b ? Number((a / b).toPrecision(2)) : null);
const mb = (bytes) => Number((bytes / 2 ** 20).toFixed(1));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Autocannon over a list of paths, each request taking the next one: `amount` requests in all, or for `duration` seconds. */
function cycle(base, paths, { connections, amount, duration }) {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        ...(amount ? { amount } : { duration }),
        requests: [
          {
            setupRequest(request) {
              request.path = paths[next++ % paths.length];
              return request;
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** Resident set size of a process, in bytes (Linux /proc). */
async function rss(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!kib) throw new Error(`no VmRSS for ${pid}`);
  return Number(kib[1]) * 1024;
}

/** Samples the RSS every 50 ms while `work` runs; the peak and every sample. */
async function peakRssDuring(pid, work) {
  const samples = [await rss(pid)];
  let done = false;
  const sampler = (async () => {
    while (!done) {
      await sleep(50);
      samples.push(await rss(pid));
    }
  })();
  try {
    return { value: await work(), peak: Math.max(...samples), samples: samples.length };
  } finally {
    done = true;
    await sampler;
  }
}

async function download(url) {
  const started = performance.now();
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`zip: ${response.status} ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  return { bytes, ms: performance.now() - started };
}

export async function benchPhotos({ option, summary, startServer, benchDatabases, machine, saveReport, resultsDir }) {
  const duration = Number(option('duration', 10));
  const connections = Number(option('connections', 10));
  const zipRounds = Number(option('zip-rounds', 3));
  const startedAt = new Date();
  const report = { bench: 'photos', startedAt: startedAt.toISOString(), duration, connections, machine: machine(), loadBefore: os.loadavg()[0], databases: {} };
  const dataDir = path.join(resultsDir, 'photos-data');
  // PGlite unless --db is given: the database does one indexed read per image, the files are the point.
  const databases = option('db', false) ? await benchDatabases('photos-db') : [{ kind: 'pglite', env: {} }];

  for (const { kind, env } of databases) {
    console.log(`\n[${kind}] generating 300 photos and starting the server…`);
    const server = await startServer({ ...env, BENCH_DATA_DIR: dataDir }, 'bench/photos-server.ts');
    const { ready } = server;
    const base = ready.url;
    const urls = ready.thumbnailUrls;
    console.log(`[${kind}] seeded in ${(ready.seedMs / 1000).toFixed(1)} s; originals ${mb(ready.originalBytes)} MB, ${urls.length} thumbnail URLs`);
    const results = {};
    const record = (label, raw, extra = {}) => {
      const result = { ...summary(raw), ...extra };
      results[label] = result;
      console.log(
        `[${kind}] ${label.padEnd(14)} ${String(result.rps).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  requests ${result.requests}  non-2xx ${result.non2xx}`,
      );
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors. Server output:\n${server.output().slice(-4000)}`);
      return result;
    };
    let zip;
    try {
      // (d) The zip first, on a server that has not resized anything yet: RSS at rest, then the peak while downloading.
      await sleep(2000);
      const rest = await rss(server.pid);
      const zipRuns = await peakRssDuring(server.pid, async () => {
        const runs = [];
        for (let round = 0; round < zipRounds; round++) runs.push(await download(`${base}${ready.zipUrl}`));
        return runs;
      });
      zip = {
        bytes: zipRuns.value[0].bytes,
        msEach: zipRuns.value.map((run) => Math.round(run.ms)),
        rounds: zipRounds,
        restRss: rest,
        peakRss: zipRuns.peak,
        peakOverRestMB: mb(zipRuns.peak - rest),
        samples: zipRuns.samples,
      };
      console.log(
        `[${kind}] zip ${mb(zip.bytes)} MB × ${zipRounds} in ${zip.msEach.join(', ')} ms; RSS at rest ${mb(rest)} MB, peak ${mb(zip.peakRss)} MB: +${zip.peakOverRestMB} MB (${zip.samples} samples)`,
      );

      // (a) Cold: the image cache emptied, every thumbnail URL requested exactly once.
      await rm(ready.cacheDir, { recursive: true, force: true });
      const cold = await cycle(base, urls, { connections, amount: urls.length });
      record('cold', cold);
      const cached = (await readdir(ready.cacheDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
      if (cached.length !== urls.length) throw new Error(`cold run: ${cached.length} images cached for ${urls.length} URLs`);

      // (b) Warm: the same URLs again, for `duration` seconds. (c) The same cached files as static files, and one from memory.
      const staticPaths = cached.map((entry) => `/__bench/static/${path.relative(ready.cacheDir, path.join(entry.parentPath ?? entry.path, entry.name))}`);
      await cycle(base, urls, { connections, duration: 2 }); // JIT and page cache
      record('warm', await cycle(base, urls, { connections, duration }));
      record('static', await cycle(base, staticPaths, { connections, duration }));
      record('memory', await cycle(base, ['/__bench/bare/thumbnail'], { connections, duration }));
    } finally {
      await server.stop();
    }
    report.databases[kind] = {
      seedMs: ready.seedMs,
      photos: ready.album.photos,
      originalBytes: ready.originalBytes,
      thumbnailUrls: urls.length,
      sampleThumbnailBytes: ready.thumbnailBytes,
      results,
      zip,
      ratios: {
        warmVsStaticRps: ratio(results.warm.rps, results.static.rps),
        warmVsMemoryRps: ratio(results.warm.rps, results.memory.rps),
        coldVsWarmRps: ratio(results.cold.rps, results.warm.rps),
      },
    };
  }

  await saveReport('photos', report, photosMarkdown);
}

function photosMarkdown(report) {
  const m = report.machine;
  const lines = [
    `Last run ${report.startedAt.slice(0, 10)}: ${m.cpus} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}; ` +
      `autocannon ${report.connections} connections, ${report.duration} s per warm row, server, database and load generator on the same machine ` +
      `(1-minute load average ${report.loadBefore.toFixed(1)} before, ${report.loadAfter.toFixed(1)} after).`,
    '',
  ];
  for (const [kind, db] of Object.entries(report.databases)) {
    const r = db.results;
    const row = (label, what) => `| ${what} | ${r[label].rps} | ${r[label].p50} | ${r[label].p99} | ${r[label].mean} | ${r[label].requests} |`;
    const z = db.zip;
    lines.push(
      `### ${kind === 'postgres' ? 'PostgreSQL 15' : 'PGlite (embedded)'}, folder blob store`,
      '',
      `${db.photos} photos of 1600 × 1200 (${mb(db.originalBytes)} MB of JPEG) seeded in ${(db.seedMs / 1000).toFixed(1)} s; ` +
        `${db.thumbnailUrls} thumbnail URLs (every photo at \`w=320\` and \`w=640\`, webp), a 320 px thumbnail is about ${(db.sampleThumbnailBytes / 1024).toFixed(0)} KB.`,
      '',
      '| request | req/s | p50 ms | p99 ms | mean ms | requests |',
      '|---|---:|---:|---:|---:|---:|',
      row('cold', '`GET /api/images/{id}?…&w=…&f=webp`, cache emptied: every URL once (each one resized)'),
      row('warm', 'the same URLs again, from the disk cache'),
      row('static', 'the same cached files as static files (`@fastify/static`), same server'),
      row('memory', 'bare route, one thumbnail from memory'),
      '',
      `- warm / static file: **${db.ratios.warmVsStaticRps}** of the requests per second (target ≥ 0.5, i.e. within 2×); warm / from memory: ${db.ratios.warmVsMemoryRps}; cold / warm: ${db.ratios.coldVsWarmRps}`,
      `- album zip (${db.photos} photos, ${mb(z.bytes)} MB, stored entries) downloaded ${z.rounds} times in ${z.msEach.join(', ')} ms: server RSS ${mb(z.restRss)} MB at rest, ` +
        `peak ${mb(z.peakRss)} MB (sampled every 50 ms): **+${z.peakOverRestMB} MB** (target under 150 MB)`,
      '',
    );
  }
  return lines.join('\n');
}
