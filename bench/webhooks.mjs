/**
 * `npm run bench -- webhooks`: the webhook outbox under load and through a crash. A customer posts 10,000 notes
 * (`--events`), each a `note.created` event for one endpoint on a real HTTP receiver in this process, which fails 20 %
 * of first attempts with a 500. Halfway through the posting the server is killed with SIGKILL and started again on the
 * same database. The run passes when every event arrives, and the only events that arrive twice are ones the receiver
 * had already accepted before the kill (an attempt in flight whose success the server never wrote down), under the
 * same webhook-id. Started by bench/run.mjs with its helpers.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import os from 'node:os';

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null);

export async function benchWebhooks({ option, startServer, benchDatabases, machine, saveReport }) {
  const total = Number(option('events', 10_000));
  const writers = Number(option('connections', 10));
  const failRate = 0.2;
  const retryScale = String(option('retry-scale', '0.01'));
  const startedAt = new Date();
  const report = {
    bench: 'webhooks',
    startedAt: startedAt.toISOString(),
    events: total,
    writers,
    failRate,
    retryScale,
    machine: machine(),
    loadBefore: os.loadavg()[0],
    databases: {},
  };

  for (const { kind, env } of await benchDatabases('webhooks-pglite')) {
    // The receiver: remembers every arrival; the first attempt of an event fails one time in five.
    const arrivals = new Map(); // webhook-id → { note, attempts, acks: [time] }
    let failedFirst = 0;
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const id = request.headers['webhook-id'];
        const note = JSON.parse(body).data.note.id;
        const seen = arrivals.get(id) ?? { note, attempts: 0, acks: [] };
        arrivals.set(id, seen);
        seen.attempts++;
        if (seen.attempts === 1 && Math.random() < failRate) {
          failedFirst++;
          response.writeHead(500).end();
          return;
        }
        seen.acks.push(Date.now());
        response.writeHead(204).end();
      });
    });
    await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${receiver.address().port}/hooks`;

    console.log(`\n[${kind}] seeding and starting the server…`);
    const serverEnv = { ...env, WEBHOOK_RETRY_SCALE: retryScale };
    let server = await startServer({ ...serverEnv, BENCH_FRESH: '1' }, 'bench/webhooks-server.ts');
    let ready = await server.ready;
    const { key, token, notesUrl } = ready;
    const endpoint = await fetch(`${ready.url}/api/integration/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiverUrl, event_types: ['note.created'] }),
    });
    if (endpoint.status !== 201) throw new Error(`creating the endpoint: ${endpoint.status} ${await endpoint.text()}`);

    // note id → when its POST was sent (a delivery may arrive before the POST's answer does)
    const createdAt = new Map();
    let next = 0;
    let killAt = null;
    let backAt = null;
    let restarting = null;
    const firstPost = Date.now();

    async function restart() {
      killAt = Date.now();
      process.kill(server.pid, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 200));
      server = await startServer(serverEnv, 'bench/webhooks-server.ts');
      ready = await server.ready;
      backAt = Date.now();
      console.log(`[${kind}] killed at event ${next} and back in ${backAt - killAt} ms`);
    }

    async function writer() {
      for (;;) {
        const index = next++;
        if (index >= total) return;
        if (index === Math.floor(total / 2) && !restarting) restarting = restart();
        // A client_id makes a retried post the same note: an answer lost in the kill does not make a second event.
        const body = JSON.stringify({ body: `Bench note ${index}`, client_id: randomUUID() });
        for (;;) {
          if (restarting && backAt === null) await restarting;
          const sentAt = Date.now();
          try {
            const response = await fetch(`${ready.url}${notesUrl}`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body,
            });
            if (response.status !== 200 && response.status !== 201) throw new Error(`POST note: ${response.status} ${await response.text()}`);
            createdAt.set((await response.json()).id, sentAt);
            break;
          } catch (error) {
            if (!String(error.message).startsWith('fetch failed')) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      }
    }
    await Promise.all(Array.from({ length: writers }, writer));
    if (restarting) await restarting;
    const postedIn = Date.now() - firstPost;
    console.log(`[${kind}] ${createdAt.size} notes posted in ${(postedIn / 1000).toFixed(1)} s; waiting for deliveries…`);

    // Leases of rows in flight at the kill run out after 60 s; give the tail three minutes.
    const deadline = Date.now() + 180_000;
    const delivered = () => [...arrivals.values()].filter((event) => event.acks.length > 0).length;
    while (delivered() < total && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // anything late still shows as a repeat
    await server.stop();
    await new Promise((resolve) => receiver.close(resolve));

    const events = [...arrivals.entries()];
    const notesSeen = new Map();
    for (const [id, event] of events) notesSeen.set(event.note, [...(notesSeen.get(event.note) ?? []), id]);
    const missing = [...createdAt.keys()].filter((note) => !events.some(([, event]) => event.note === note && event.acks.length > 0));
    const repeats = events.filter(([, event]) => event.acks.length > 1);
    // Only the killed process can have had an attempt accepted and not written down: its first acceptance came before
    // the new process was up, every later one after (once the lease of that attempt ran out).
    const repeatsOutsideKill = repeats.filter(([, event]) => !(event.acks[0] < backAt && event.acks.slice(1).every((at) => at >= backAt)));
    const underTwoIds = [...notesSeen.values()].filter((ids) => ids.length > 1).length;
    const latencies = events
      .filter(([, event]) => event.acks.length > 0 && createdAt.has(event.note))
      .map(([, event]) => event.acks[0] - createdAt.get(event.note))
      .sort((a, b) => a - b);
    const firstAcks = events
      .filter(([, event]) => event.acks.length > 0)
      .map(([, event]) => event.acks[0])
      .sort((a, b) => a - b);
    const at99 = percentile(firstAcks, 99);
    const lastAck = firstAcks.at(-1);
    const result = {
      posted: createdAt.size,
      delivered: delivered(),
      missing: missing.length,
      failedFirstAttempts: failedFirst,
      attempts: events.reduce((sum, [, event]) => sum + event.attempts, 0),
      repeats: repeats.length,
      repeatsOutsideKill: repeatsOutsideKill.length,
      notesUnderTwoWebhookIds: underTwoIds,
      postedSeconds: Number((postedIn / 1000).toFixed(1)),
      // The pace while events are being made, to 99 % delivered (the last 1 % waits out the lease of the killed process).
      eventsPerSecond: Math.round((0.99 * total) / ((at99 - firstPost) / 1000)),
      allDeliveredSeconds: Number(((lastAck - firstPost) / 1000).toFixed(1)),
      latencyMs: { p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99), max: latencies.at(-1) },
      downtimeMs: backAt - killAt,
    };
    report.databases[kind] = result;
    console.log(`[${kind}]`, result);
    if (result.missing > 0 || result.repeatsOutsideKill > 0 || result.notesUnderTwoWebhookIds > 0) {
      throw new Error(`[${kind}] the outbox lost or doubled events: ${JSON.stringify(result)}`);
    }
  }
  await saveReport('webhooks', report, webhooksMarkdown);
}

function webhooksMarkdown(report) {
  const m = report.machine;
  const lines = [
    `Last run ${report.startedAt.slice(0, 10)}: ${m.cpus} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}; ${report.events.toLocaleString('en-US')} ` +
      `events from ${report.writers} concurrent writers, ${report.failRate * 100} % of first attempts answered 500, retry waits scaled by ` +
      `${report.retryScale} (the first retry after ~${5_000 * Number(report.retryScale)} ms), the server killed with SIGKILL at the half-way post ` +
      `(1-minute load average ${report.loadBefore.toFixed(1)} before, ${report.loadAfter.toFixed(1)} after).`,
    '',
    '| database | events delivered | posted in s | events/s to 99 % | all delivered in s | latency p50 ms | p90 ms | p99 ms | max ms | first attempts failed | repeats (all in flight at the kill) | server down ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [kind, r] of Object.entries(report.databases)) {
    lines.push(
      `| ${kind} | ${r.delivered.toLocaleString('en-US')} / ${r.posted.toLocaleString('en-US')} | ${r.postedSeconds} | ${r.eventsPerSecond} | ${r.allDeliveredSeconds} | ${r.latencyMs.p50} | ${r.latencyMs.p90} | ${r.latencyMs.p99} | ${r.latencyMs.max} | ${r.failedFirstAttempts} | ${r.repeats} (${r.repeats - r.repeatsOutsideKill}) | ${r.downtimeMs} |`,
    );
  }
  return lines.join('\n');
}
