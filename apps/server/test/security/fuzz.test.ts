import { randomBytes, randomInt } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer } from '../portal-users';
import { useDemoApp } from '../suite';
import { readOpenApi, type OpenApi, type Operation } from './openapi';
import { EXPECTED } from './routes';
import { buildWorld, type Caller, type World } from './world';

/**
 * The fuzz suite (docs/security.md): every route of the document, called by a caller it admits, with malformed bodies,
 * wrong content types, bad encodings, odd ids, garbage list queries and image-proxy parameters, then raw sockets
 * writing broken HTTP. The property: no answer of 500 or more, every error in the one shape (`{message, errors?}`,
 * JSON, echoing none of the input, no stack trace), and the heap back near where it started. Sizes:
 * SECURITY_FUZZ_RUNS and SECURITY_FUZZ_SOCKETS (`npm run bench -- security` runs it at full size). About 30 s because
 * thousands of generated requests are what a fuzz run is; it runs on PGlite only (the input is refused before or
 * without the database).
 */

const RUNS = Number(process.env.SECURITY_FUZZ_RUNS ?? 5000);
const SOCKETS = Number(process.env.SECURITY_FUZZ_SOCKETS ?? Math.max(200, Math.round(RUNS / 20)));
const SEED = process.env.SECURITY_SEED ? Number(process.env.SECURITY_SEED) : randomInt(2 ** 31);
/** The heap may grow by the caches' worth (responses, sessions, images) and no more. */
const HEAP_TOLERANCE_MB = Number(process.env.SECURITY_HEAP_TOLERANCE_MB ?? 96);

/** Every input the fuzzer makes carries this, so an answer that echoes input shows it. */
const MARK = `zqf${randomBytes(4).toString('hex')}`;
/**
 * The mark as a name or value no list or route declares, with markup around it: a refusal may name a plain name the
 * caller sent (docs/decisions/069-isolation-and-fuzz-suites.md), never anything else.
 */
const ODD = `<${MARK}>`;
const ODD_URL = encodeURIComponent(ODD);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

// The demo seed, the sign-ins and the world take a while on a busy machine: the set-up may take minutes, not one.
vi.setConfig({ hookTimeout: 600_000 });
const t = useDemoApp();
let world: World;
let api: OpenApi;
let port: number;

beforeAll(async () => {
  world = await buildWorld(t);
  api = await readOpenApi(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
}, 120_000);

afterAll(() => {
  t.app.server.closeAllConnections();
});

const HEAVY = new Set(['POST /api/operator/backups']);

/** A caller the route admits, so the fuzzed input reaches the parsers and the route, not only the sign-in check. */
function admittedCaller(operation: Operation, index: number): Caller {
  // A backup copies the whole database and every blob: admitted, each fuzzed call would take one.
  if (HEAVY.has(operation.key)) return world.callers[0]!;
  const admitted = world.callers.filter((caller) => {
    const gate = EXPECTED[operation.caller][caller.kind];
    return gate === 'pass' || (gate === 'scope' && caller.scopes?.has(operation.scope!));
  });
  return admitted[index % admitted.length] ?? world.callers[0]!;
}

const ODD_IDS = [
  '01',
  '1.0',
  '%201',
  '-1',
  '0',
  '9223372036854775808',
  '1e3',
  '0x10',
  '%ff',
  '%00',
  '%c0%af',
  '%e2%80%8b1',
  ODD_URL,
  '1;2',
  '..%2f..%2fetc',
  '%2e%2e',
  '1'.repeat(600),
  '１',
];
const QUERY_GARBAGE = [
  `filter[${ODD_URL}]=1`,
  `filter[name][x]=${ODD_URL}`,
  `filter=${ODD_URL}`,
  `sort=${ODD_URL}`,
  `sort=-,-,,`,
  'page[number]=-1',
  'page[number]=0',
  'page[size]=1000000000000',
  'page[size]=1&page[size]=2',
  `page[${ODD_URL}]=1`,
  'page=1',
  `include=${ODD_URL},__proto__`,
  'include[]=model',
  `entity=${ODD_URL}`,
  'entity=1&entity=2',
  `__proto__[admin]=1`,
  `constructor[prototype][x]=${ODD_URL}`,
  `filter[updated_since]=${ODD_URL}`,
  'filter[updated_since]=2026-13-45T99:99:99Z',
  `%ff=${ODD_URL}`,
  `w=${ODD_URL}&h=-1&d=9&f=bmp&fit=${ODD_URL}`,
  'w=99999999&h=99999999',
  `sig=${ODD_URL}&exp=1&aud=x`,
  'exp=9999999999999999999999&sig=',
  'v=../../etc/passwd',
];
const CONTENT_TYPES = [
  undefined,
  'text/plain',
  'application/xml',
  'application/json; charset=latin1',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  `application/${ODD}`,
  'application/json, text/html',
  '*/*',
];

/** The bodies: the right shape with wrong values, and everything a parser may trip on. */
function bodies(operation: Operation) {
  const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const shaped = () => api.sample(operation.jsonBody, { ids: {}, first: () => 1 }) as Record<string, unknown> | undefined;
  const wrongTypes = fc.anything({ maxDepth: 3, withNullPrototype: true, withBigInt: false }).map((value) => {
    const body = shaped();
    if (!body || typeof body !== 'object') return JSON.stringify({ [ODD]: value });
    const keys = Object.keys(body);
    if (keys.length > 0) body[keys[0]!] = value;
    body[ODD] = MARK;
    return JSON.stringify(body);
  });
  return fc.oneof(
    wrongTypes,
    fc.constant(JSON.stringify({ ...shaped(), name: `${MARK}${'x'.repeat(200_000)}` })),
    fc.constant(JSON.stringify({ body: `${MARK}\u0000\u0001\u001b[31m\u202e` })),
    fc.constant(deep(5000)),
    fc.constant(`{"a":${deep(200)}, "${ODD}": 1}`),
    fc.constant(Buffer.concat([Buffer.from(`{"name":"${MARK}`), Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]), Buffer.from('"}')])),
    fc.constant(`{"__proto__":{"admin":true,"${ODD}":1},"constructor":{"prototype":{"polluted":"${MARK}"}}}`),
    fc.constant(`{"${ODD}": 1,}`),
    fc.constant(`${MARK}`),
    fc.constant(''),
    fc.constant('null'),
    fc.constant('[]'),
    fc.constant('"a string"'),
    fc.constant('1e999999'),
    fc.constant(`{"a":"\\ud800${MARK}"}`),
    fc.string({ maxLength: 200 }).map((text) => `${MARK}${text}`),
  );
}

const arbitrary = (operations: Operation[]) =>
  fc.record({
    operation: fc.constantFrom(...operations),
    callerIndex: fc.nat(),
    id: fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: fc.constantFrom(...ODD_IDS) }),
    query: fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: fc.constantFrom(...QUERY_GARBAGE) }),
    contentType: fc.oneof({ weight: 2, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) }),
    bodySeed: fc.nat(),
    body: fc.boolean(),
  });

/** What an error answer may be: the one shape, in JSON, echoing nothing of the input and no stack. */
function shapeProblems(status: number, contentType: string, body: string): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}`);
  if (/\bat .+\.(?:ts|js|mjs):\d+/.test(body) || body.includes('node_modules')) problems.push('shows a stack trace');
  // A record made from the input shows it, as it should: only a refusal must not.
  if (status < 400) return problems;
  if (body.includes(MARK)) problems.push('echoes the input');
  if (!contentType.startsWith('application/json')) problems.push(`error as ${contentType || 'no content type'}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [...problems, 'error body is not JSON'];
  }
  const shape = parsed as { message?: unknown; errors?: unknown };
  const keys = typeof parsed === 'object' && parsed !== null ? Object.keys(parsed) : [];
  const errorsOk =
    shape.errors === undefined ||
    (typeof shape.errors === 'object' &&
      shape.errors !== null &&
      Object.values(shape.errors).every((messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string')));
  if (typeof shape.message !== 'string' || !errorsOk || keys.some((key) => key !== 'message' && key !== 'errors')) problems.push('error out of shape');
  return problems;
}

interface Tally {
  requests: number;
  serverErrors: number;
  outOfShape: number;
  socketRequests: number;
  heapBeforeMb?: number;
  heapAfterMb?: number;
}
/** A long run (the bench) leaves its figures so far behind, in case it is stopped before the end. */
async function progress(figures: object) {
  if (process.env.SECURITY_REPORT)
    await writeFile(process.env.SECURITY_REPORT, JSON.stringify({ ...figures, seed: SEED, partial: true, elapsedMs: Date.now() - started }));
}

const tally: Tally = { requests: 0, serverErrors: 0, outOfShape: 0, socketRequests: 0 };
const started = Date.now();

describe('the fuzz suite', () => {
  it(`answers every malformed request below 500, in the one error shape (${RUNS} requests, seed ${SEED})`, { timeout: 3_600_000 }, async () => {
    tally.heapBeforeMb = heapMb();
    const operations = api.operations;
    const property = fc.asyncProperty(
      arbitrary(operations).chain((draw) => bodies(draw.operation).map((payload) => ({ ...draw, payload }))),
      async (draw) => {
        const { operation } = draw;
        const caller = admittedCaller(operation, draw.callerIndex);
        let path = operation.path.replace(/\{[^}]+\}/g, () => draw.id ?? '1');
        if (draw.query) path += `?${draw.query}`;
        const sendsBody = draw.body && operation.method !== 'GET' && operation.method !== 'HEAD';
        const response = await t.app.inject({
          method: operation.method as 'GET',
          url: path,
          headers: {
            ...(caller.token ? bearer(caller.token) : {}),
            ...(sendsBody && draw.contentType ? { 'content-type': draw.contentType } : {}),
          },
          remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
          ...(sendsBody ? { payload: draw.payload } : {}),
        });
        tally.requests++;
        if (tally.requests % 5000 === 0) await progress(tally);
        const problems = shapeProblems(response.statusCode, String(response.headers['content-type'] ?? ''), response.body);
        if (response.statusCode >= 500) tally.serverErrors++;
        else if (problems.length > 0) tally.outOfShape++;
        if (problems.length > 0) {
          throw new Error(
            `${caller.label} → ${operation.method} ${path.slice(0, 300)} (${operation.key}): ${problems.join('; ')}\n${response.body.slice(0, 600)}`,
          );
        }
      },
    );
    console.log(`fuzz: ${RUNS} requests, seed ${SEED} (SECURITY_SEED=${SEED} replays it)`);
    await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
  });

  it(`answers broken HTTP on a raw socket below 500, in the one error shape (${SOCKETS} connections)`, { timeout: 3_600_000 }, async () => {
    const paths = api.operations.map((operation) => operation.path.replace(/\{[^}]+\}/g, '1'));
    const token = world.callers.find((caller) => caller.kind === 'portal')!.token!;
    const raw = fc.record({ path: fc.constantFrom(...paths), kind: fc.nat(RAW_REQUESTS.length - 1) });
    const property = fc.asyncProperty(raw, async ({ path, kind }) => {
      const request = RAW_REQUESTS[kind]!(path, token);
      const answer = await exchange(port, request);
      tally.socketRequests++;
      const problems = answers(answer).flatMap(({ status, contentType, body }) =>
        shapeProblems(status, contentType, body).map((problem) => `${status}: ${problem}`),
      );
      if (problems.some((problem) => / answered /.test(` ${problem}`) || problem.includes('answered'))) tally.serverErrors++;
      else if (problems.length > 0) tally.outOfShape++;
      if (problems.length > 0)
        throw new Error(`raw request ${JSON.stringify(request.toString('latin1').slice(0, 300))}: ${problems.join('; ')}\n${answer.slice(0, 600)}`);
    });
    await fc.assert(property, { seed: SEED, numRuns: SOCKETS, endOnFailure: true });
  });

  it(`keeps the heap near where it started (within ${HEAP_TOLERANCE_MB} MB)`, async () => {
    tally.heapAfterMb = heapMb();
    const report = { ...tally, seed: SEED, runs: RUNS, sockets: SOCKETS, elapsedMs: Date.now() - started };
    console.log(`fuzz: ${JSON.stringify(report)}`);
    if (process.env.SECURITY_REPORT) await writeFile(process.env.SECURITY_REPORT, JSON.stringify(report, null, 2));
    expect(tally.heapAfterMb - tally.heapBeforeMb!).toBeLessThan(HEAP_TOLERANCE_MB);
  });
});

/** Raw requests: broken request lines, bad headers, chunked garbage, huge headers, HTTP/1.0, pipelining. */
const RAW_REQUESTS: ((path: string, token: string) => Buffer)[] = [
  (path) => Buffer.from(`GET ${path}\r\n\r\n`),
  (path) => Buffer.from(`${MARK} ${path} HTTP/1.1\r\nHost: x\r\n\r\n`),
  (path) => Buffer.from(`GET ${path} HTTP/9.9\r\nHost: x\r\n\r\n`),
  (path) => Buffer.from(`GET ${path} HTTP/1.0\r\n\r\n`),
  (path) => Buffer.from(`GET ${path}?${MARK}=%ff%00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
  (path) => Buffer.from(`GET ${path} HTTP/1.1\r\nHost: x\r\n${MARK}\r\n\r\n`),
  (path) => Buffer.from(`GET ${path} HTTP/1.1\r\nHost: x\r\nX-${MARK} : 1\r\n\r\n`),
  (path) => Buffer.from(`GET ${path} HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n`, 'latin1'),
  (path) => Buffer.from(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!`),
  (path) => Buffer.from(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n`),
  (path) => Buffer.from(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`),
  (path, token) =>
    Buffer.from(
      `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n${MARK}\r\n`,
    ),
  (path, token) =>
    Buffer.from(
      `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\n{"a":\r\n0\r\n\r\n`,
    ),
  (path) => Buffer.from(`GET ${path} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`),
  (path) => Buffer.from(`GET ${path} HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 3000 }, (_, index) => `X-${index}: 1`).join('\r\n')}\r\n\r\n`),
  (path, token) =>
    Buffer.from(
      `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\nGET ${path}%ff HTTP/1.1\r\nHost: x\r\n\r\nGET /api/${MARK} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    ),
  (path) => Buffer.from(`GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${MARK}\u00ff\r\nConnection: close\r\n\r\n`, 'latin1'),
  (path) => Buffer.from(`GET ${path}/%c0%af%00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
  (path) => Buffer.from(`GET /${'a/'.repeat(5000)}${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
  (path) => Buffer.concat([Buffer.from(`GET ${path}`), Buffer.from([0xff, 0xfe, 0x00]), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]),
  () => randomBytes(512),
];

/** Writes the bytes, reads until the server closes or goes quiet; a connection it drops answers nothing. */
function exchange(portNumber: number, request: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(portNumber, '127.0.0.1');
    const chunks: Buffer[] = [];
    let quiet: NodeJS.Timeout;
    const done = () => {
      clearTimeout(quiet);
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    const wait = () => {
      clearTimeout(quiet);
      quiet = setTimeout(done, 1500);
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      wait();
    });
    socket.on('error', done);
    socket.on('close', done);
    socket.write(request, () => socket.end());
    wait();
  });
}

/** The answers in what a socket received (pipelined requests get several), each with its status, type and body. */
function answers(text: string): { status: number; contentType: string; body: string }[] {
  const found: { status: number; contentType: string; body: string }[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/')) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const head = rest.slice(0, end);
    const status = Number(head.slice(9, 12));
    const header = (name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
    let body: string;
    const length = header('content-length');
    if (length) {
      body = rest.slice(end + 4, end + 4 + Number(length));
      rest = rest.slice(end + 4 + Number(length));
    } else if (/chunked/i.test(header('transfer-encoding'))) {
      body = '';
      let at = end + 4;
      for (;;) {
        const lineEnd = rest.indexOf('\r\n', at);
        const size = parseInt(rest.slice(at, lineEnd), 16);
        if (!size || lineEnd < 0) {
          at = rest.indexOf('\r\n\r\n', lineEnd) + 4;
          break;
        }
        body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
        at = lineEnd + 2 + size + 2;
      }
      rest = at > 3 ? rest.slice(at) : '';
    } else {
      body = rest.slice(end + 4);
      rest = '';
    }
    found.push({ status, contentType: header('content-type'), body });
  }
  return found;
}
