import { randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { operatorToken } from '../src/lib/tokens';
import { imageBytes, pdfBytes } from './fixtures';
import { processRunner } from './processes';
import { startWebhookReceiver } from './webhook-receiver';

/**
 * The kill-and-restart harness (docs/security.md, "A crash loses nothing acknowledged"): the real server in a child
 * process, writers posting as fast as they can through the real HTTP API (portal notes, notes with an attachment,
 * integration notes, portal documents, photos, invoices with a payment), SIGKILL at random moments, a restart on the
 * same data, and at the end: every write answered 2xx is there by id with its content, every blob belongs to a row and
 * every row's blob exists, and every event of an acknowledged note or document reaches a real receiver (repeats
 * allowed, under one webhook-id). Used by durability.test.ts (a few kills) and `npm run bench -- security` (many).
 */

export interface DurabilityOptions {
  kills: number;
  /** A PostgreSQL database of its own, emptied first; PGlite in a temporary data folder when absent. */
  databaseUrl?: string;
  writers?: number;
  /**
   * When each kill comes: once this many writes (drawn in the range) were acknowledged by the server now up, then after a
   * random delay of up to 300 ms, so every kill lands among writes in flight, whatever the speed of the machine.
   */
  killAfterWrites?: [number, number];
  log?: (line: string) => void;
  /** Settings of the server on top of the harness's (e.g. BLOB_SWEEP_MIN_AGE_MINUTES=60 to see what the sweep removes). */
  serverEnv?: Record<string, string>;
}

export interface DurabilityFigures {
  database: 'pglite' | 'postgres';
  kills: number;
  ackedWrites: Record<string, number>;
  acked: number;
  /** Writes answered 2xx that are missing, or whose content differs, after the restarts (must be 0). */
  lost: string[];
  /** Files in the blob folder no row names, and rows whose blob is gone (both must be 0). */
  orphanBlobs: number;
  missingBlobs: number;
  /** Events of acknowledged writes the receiver never got (must be 0). */
  lostEvents: number;
  /** Events of acknowledged writes with no row in the outbox (must be 0: the row is written in the write's transaction). */
  eventsWithoutOutboxRow: number;
  events: number;
  duplicateDeliveries: number;
  /** Times an event's webhook-id arrived with another body (must be 0). */
  conflictingRepeats: number;
  seconds: number;
}

type Kind = 'portalNote' | 'noteWithFile' | 'integrationNote' | 'portalDocument' | 'photo' | 'invoice';
const KINDS: Kind[] = ['portalNote', 'noteWithFile', 'integrationNote', 'portalDocument', 'photo', 'invoice'];

interface Acked {
  kind: Kind;
  id: number;
  /** What must be there: a note's body, a file's sha-less size, an invoice's number and paid amount. */
  expect: Record<string, string | number>;
}

const OPERATOR_SECRET = 'durability-operator-secret-0123456789abcdef';
const OPERATOR = operatorToken(Buffer.from(OPERATOR_SECRET, 'utf8'));

export async function runDurability(options: DurabilityOptions): Promise<DurabilityFigures> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const writers = options.writers ?? 6;
  const [killMin, killMax] = options.killAfterWrites ?? [4, 16];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-durability-'));
  const runner = processRunner(() => dataDir);
  const receiver = await startWebhookReceiver();
  const env: Record<string, string> = {
    SEED_DEMO: 'true',
    // The receiver is http:// on the loopback, which is refused unless the operator allows it.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    OPERATOR_SECRET,
    RATE_LIMIT_MULTIPLIER: '10000',
    WEBHOOK_RETRY_SCALE: '0.001',
    BLOB_SWEEP_MIN_AGE_MINUTES: '0',
    LOG_LEVEL: 'error',
    // PGlite in the data folder unless a database is given, whatever the environment says.
    DATABASE_URL: options.databaseUrl ?? '',
    ...options.serverEnv,
  };
  const pdf = await pdfBytes('Durability');
  const jpeg = await imageBytes('jpeg', 40, 30);

  try {
    let server = await runner.startServer(env);
    const json = async (method: string, url: string, token: string, body?: unknown) => {
      const response = await fetch(`${server.url}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown> & { id: number; data: Record<string, unknown>[] }>;
    };

    // Set-up: the demo company's key, its customer signed in, one of their projects, an album, an endpoint.
    const companies = await json('GET', '/api/operator/companies', OPERATOR);
    const company = companies.data[0] as { id: number };
    const key = (await json('POST', `/api/operator/companies/${company.id}/api-keys`, OPERATOR, { name: 'durability' })).key as string;
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'customer@example.com', password: 'portal-demo-1' }),
    });
    const token = ((await login.json()) as { token: string }).token;
    const entities = (await json('GET', '/api/entities?page[size]=100', token)).data as { id: number; model_type: string; model_id: number }[];
    const entity = entities.find((candidate) => candidate.model_type === 'project')!;
    const projectId = entity.model_id;
    const album = await json('POST', `/api/integration/projects/${projectId}/albums`, key, { name: 'Durability' });
    await json('POST', `/api/integration/albums/${album.id}/share`, key, {});
    await json('POST', '/api/integration/webhooks', key, { url: receiver.url, event_types: ['note.created', 'document.uploaded'] });
    const today = new Date().toISOString().slice(0, 10);

    const acked: Acked[] = [];
    let kills = 0;
    let stopping = false;
    let restarting: Promise<void> | null = null;

    const post = async (url: string, auth: string, body: FormData | object) => {
      const response = await fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${auth}`, ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
        body: body instanceof FormData ? body : JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status >= 500) throw new Error(`${url}: ${response.status} ${text}`);
      if (!response.ok) throw new Error(`${url}: ${response.status} ${text} (a write the harness expected to succeed)`);
      return JSON.parse(text) as Record<string, unknown> & { id: number; data?: unknown };
    };
    const form = (fields: Record<string, string>, fileField: string, name: string, bytes: Buffer, type: string) => {
      const data = new FormData();
      for (const [field, value] of Object.entries(fields)) data.append(field, value);
      data.append(fileField, new Blob([new Uint8Array(bytes)], { type }), name);
      return data;
    };

    // One write of the kind; resolves once it was acknowledged (and records it), rejects when the server went away.
    const write = async (kind: Kind, index: number) => {
      const text = `Durability ${kind} ${index} ${randomUUID()}`;
      if (kind === 'portalNote') {
        const note = await post(`/api/notes?entity=${entity.id}`, token, { body: text, client_id: randomUUID() });
        acked.push({ kind, id: note.id, expect: { body: text } });
      } else if (kind === 'noteWithFile') {
        const note = await post(`/api/notes?entity=${entity.id}`, token, form({ body: text }, 'files', `scan-${index}.pdf`, pdf, 'application/pdf'));
        acked.push({ kind, id: note.id, expect: { body: text, attachments: 1, size: pdf.length } });
      } else if (kind === 'integrationNote') {
        const note = await post(`/api/integration/projects/${projectId}/notes`, key, { body: text });
        acked.push({ kind, id: note.id, expect: { body: text } });
      } else if (kind === 'portalDocument') {
        const document = await post(`/api/entities/${entity.id}/documents`, token, form({}, 'file', `doc-${index}.pdf`, pdf, 'application/pdf'));
        acked.push({ kind, id: document.id, expect: { name: `doc-${index}.pdf`, size: pdf.length } });
      } else if (kind === 'photo') {
        const added = await post(`/api/integration/albums/${album.id}/photos`, key, form({}, 'files', `photo-${index}.jpg`, jpeg, 'image/jpeg'));
        acked.push({ kind, id: (added.data as { id: number }[])[0]!.id, expect: { name: `photo-${index}.jpg`, size: jpeg.length } });
      } else {
        const number = `DUR-${index}-${randomInt(1e9)}`;
        const invoice = await post('/api/integration/invoices', key, {
          project_id: projectId,
          number,
          issue_date: today,
          due_date: today,
          lines: [{ description: text, quantity: '1', unit_price: '100.00' }],
        });
        const record: Acked = { kind, id: invoice.id, expect: { number, paid: '0.00' } };
        acked.push(record);
        await post(`/api/integration/invoices/${invoice.id}/send`, key, {});
        await post(`/api/integration/invoices/${invoice.id}/payments`, key, { amount: '25.00', paid_on: today, method: 'Check' });
        record.expect.paid = '25.00';
      }
    };

    let next = 0;
    const isDown = (error: unknown) => /fetch failed|ECONNREFUSED|ECONNRESET|socket|other side closed/i.test(String((error as Error).message ?? error));
    async function writer() {
      while (!stopping) {
        if (restarting) await restarting;
        const index = next++;
        try {
          await write(KINDS[index % KINDS.length]!, index);
        } catch (error) {
          // An answer lost to the kill: the write may or may not be there, so nothing is promised of it.
          if (!isDown(error) && !String(error).includes(': 503')) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }
    async function killer() {
      while (kills < options.kills) {
        const target = acked.length + randomInt(killMin, killMax + 1);
        while (acked.length < target) await new Promise((resolve) => setTimeout(resolve, 10));
        await new Promise((resolve) => setTimeout(resolve, randomInt(300)));
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        server.child.kill('SIGKILL');
        await server.exited;
        kills++;
        restarting = gate;
        log(`kill ${kills}/${options.kills}: ${acked.length} writes acknowledged so far`);
        server = await runner.startServer(env);
        restarting = null;
        release();
      }
      stopping = true;
    }
    await Promise.all([killer(), ...Array.from({ length: writers }, writer)]);

    // Restarted after the last kill: the sweep at start ran. Now wait for the events, then stop cleanly and look.
    const eventOf = (body: string) => {
      const data = (JSON.parse(body) as { data: { note?: { id: number }; document?: { id: number } } }).data;
      return data.note ? `note:${data.note.id}` : `document:${data.document?.id}`;
    };
    const expectedEvents = new Set(
      acked
        .filter((write) => write.kind === 'portalNote' || write.kind === 'noteWithFile' || write.kind === 'portalDocument')
        .map((write) => `${write.kind === 'portalDocument' ? 'document' : 'note'}:${write.id}`),
    );
    const arrived = () => new Set(receiver.received.map((delivery) => eventOf(delivery.body)));
    // Rows leased by a killed server go out again once the lease ends (15 s at this retry scale).
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && [...expectedEvents].some((event) => !arrived().has(event))) await new Promise((resolve) => setTimeout(resolve, 250));
    server.child.kill('SIGTERM');
    await server.exited;

    const received = arrived();
    const byWebhookId = new Map<string, string>();
    let conflictingRepeats = 0;
    for (const delivery of receiver.received) {
      const id = String(delivery.headers['webhook-id']);
      const event = eventOf(delivery.body);
      if (byWebhookId.has(id) && byWebhookId.get(id) !== event) conflictingRepeats++;
      byWebhookId.set(id, event);
    }
    const { outbox, ...figures } = await inspect(dataDir, options.databaseUrl, acked, eventOf);
    const ackedWrites = Object.fromEntries(KINDS.map((kind) => [kind, acked.filter((write) => write.kind === kind).length]));
    return {
      database: options.databaseUrl ? 'postgres' : 'pglite',
      kills,
      ackedWrites,
      acked: acked.length,
      ...figures,
      lostEvents: [...expectedEvents].filter((event) => !received.has(event)).length,
      eventsWithoutOutboxRow: [...expectedEvents].filter((event) => !outbox.has(event)).length,
      events: expectedEvents.size,
      duplicateDeliveries: receiver.received.length - byWebhookId.size,
      conflictingRepeats,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  } finally {
    runner.stopAll();
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Reads the data the server left (it is stopped): the acknowledged writes, and the blob folder against the rows. */
async function inspect(dataDir: string, databaseUrl: string | undefined, acked: Acked[], eventOf: (body: string) => string) {
  const database = await openDatabase({ url: databaseUrl, dataDir: path.join(dataDir, 'db') });
  try {
    const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const ids = (kind: Kind | Kind[]) => {
      const list = acked.filter((write) => (Array.isArray(kind) ? kind.includes(write.kind) : write.kind === kind)).map((write) => write.id);
      return sql.raw(list.length ? list.join(',') : '0');
    };
    const found = new Map<string, Record<string, string | number>>();
    for (const row of await rows<{ id: number; body: string; attachments: string; size: string | null }>(
      sql`select n.id, n.body, count(a.id) as attachments, max(f.size) as size from notes n
          left join note_attachments a on a.note_id = n.id left join files f on f.id = a.file_id
          where n.id in (${ids(['portalNote', 'noteWithFile', 'integrationNote'])}) group by n.id, n.body`,
    )) {
      found.set(`note:${row.id}`, { body: row.body, attachments: Number(row.attachments), size: Number(row.size) });
    }
    for (const row of await rows<{ id: number; name: string; size: number }>(
      sql`select d.id, f.original_name as name, f.size from documents d join files f on f.id = d.file_id where d.id in (${ids('portalDocument')})`,
    )) {
      found.set(`portalDocument:${row.id}`, { name: row.name, size: Number(row.size) });
    }
    for (const row of await rows<{ id: number; name: string; size: number }>(
      sql`select p.id, f.original_name as name, f.size from photos p join files f on f.id = p.file_id where p.id in (${ids('photo')})`,
    )) {
      found.set(`photo:${row.id}`, { name: row.name, size: Number(row.size) });
    }
    for (const row of await rows<{ id: number; number: string; paid: string }>(
      sql`select id, number, amount_paid::text as paid from invoices where id in (${ids('invoice')})`,
    )) {
      found.set(`invoice:${row.id}`, { number: row.number, paid: Number(row.paid).toFixed(2) });
    }
    const lost: string[] = [];
    for (const write of acked) {
      const key = `${write.kind.endsWith('Note') || write.kind === 'noteWithFile' ? 'note' : write.kind}:${write.id}`;
      const row = found.get(key);
      const expected = write.kind === 'portalNote' || write.kind === 'integrationNote' ? { ...write.expect, attachments: 0, size: 0 } : write.expect;
      // A payment whose answer the kill swallowed may have committed: unacknowledged, it may be there or not.
      const differs = ([field, value]: [string, string | number]) =>
        row![field] !== value && !(write.kind === 'invoice' && field === 'paid' && value === '0.00' && row![field] === '25.00');
      if (!row || Object.entries(expected).some(differs))
        lost.push(`${write.kind} ${write.id}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(row ?? null)}`);
    }

    // A blob is referenced by a file, or is a signed PDF an acceptance or an approval keeps (as the blob sweep reads them).
    const keys = new Set(
      (
        await rows<{ blob_key: string }>(
          sql`select blob_key from files union select pdf_blob_key from proposal_acceptances union select pdf_blob_key from change_order_approvals`,
        )
      ).map((row) => row.blob_key),
    );
    const folder = path.join(dataDir, 'blobs');
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
    const onDisk = new Set(entries.filter((entry) => entry.isFile()).map((entry) => entry.name));
    let missingBlobs = 0;
    for (const key of keys) if (!onDisk.has(key) && !(await stat(path.join(folder, key.slice(0, 2), key.slice(2, 4), key)).catch(() => null))) missingBlobs++;
    const outbox = new Set((await rows<{ body: string }>(sql`select body from webhook_deliveries`)).map((row) => eventOf(row.body)));
    return { lost, outbox, orphanBlobs: [...onDisk].filter((name) => !keys.has(name)).length, missingBlobs };
  } finally {
    await database.close();
  }
}
