import { randomInt } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { INTEGRATION_MATRIX } from '../integration-matrix';
import { bearer } from '../portal-users';
import { useDemoApp } from '../suite';
import { readOpenApi, type OpenApi, type Operation } from './openapi';
import { EXPECTED, KEY_KINDS, ROUTES, entryOf, kindUnder, type Picker, type RouteCase } from './routes';
import { buildWorld, type Caller, type CallerKind, type World } from './world';

/**
 * The isolation matrix, randomized (docs/security.md): every route of the OpenAPI document × every kind of caller ×
 * another tenant's ids (or the caller's own, for control), seeded. The property: no answer shows another tenant's
 * canary or id, a record that is not the caller's answers 404 (the wrong kind of caller 401 or 403, as `EXPECTED`
 * says), no answer is a 5xx, and a refused request writes nothing. `npm run bench -- security` runs it at full size
 * (SECURITY_ISOLATION_RUNS); a failure prints the seed and path that replay it (SECURITY_SEED).
 */

const RUNS = Number(process.env.SECURITY_ISOLATION_RUNS ?? 2000);
const SEED = process.env.SECURITY_SEED ? Number(process.env.SECURITY_SEED) : randomInt(2 ** 31);
const CALLER_KINDS: CallerKind[] = ['anonymous', 'portal', 'preview', 'staff', 'owner', 'key', 'operator'];
const READS = new Set(['GET', 'HEAD']);

// The demo seed, the sign-ins and the world take a while on a busy machine: the set-up may take minutes, not one.
vi.setConfig({ hookTimeout: 600_000 });
const t = useDemoApp();
let world: World;
let api: OpenApi;

beforeAll(async () => {
  const started = Date.now();
  world = await buildWorld(t);
  console.log(`isolation: world built in ${Date.now() - started} ms`);
  api = await readOpenApi(t.app);
}, 120_000);

/** The ids of a kind the caller may reach, and those of everyone else. */
function pools(caller: Caller, kind: string): { own: number[]; foreign: number[] } {
  if ((caller.kind === 'portal' || caller.kind === 'preview') && (kind === 'entity' || kind === 'session')) {
    const own = (caller.own ?? world.userIds[caller.userId!]!)[kind] ?? [];
    const everyone =
      kind === 'entity'
        ? world.companies.flatMap((company) => world.ids[company]!.entity ?? [])
        : Object.values(world.userIds).flatMap((ids) => ids.session ?? []);
    return { own, foreign: everyone.filter((id) => !own.includes(id)) };
  }
  const of = (companies: number[]) => companies.flatMap((company) => (kind === 'company' ? [company] : (world.ids[company]![kind] ?? [])));
  return { own: of(caller.tenants), foreign: of(world.companies.filter((company) => !caller.tenants.includes(company))) };
}

/** A picker that draws own or foreign ids, and remembers which it gave. */
function picker(caller: Caller, foreign: boolean, seeds: number[]) {
  let used = 0;
  const given: { id: number; foreign: boolean }[] = [];
  const pick: Picker = {
    ids: {},
    first(kind) {
      const pools_ = pools(caller, kind);
      const seed = seeds[used++ % seeds.length]!;
      const [pool, isForeign] = foreign ? [pools_.foreign, true] : [pools_.own, false];
      if (pool.length > 0) return given[given.push({ id: pool[seed % pool.length]!, foreign: isForeign }) - 1]!.id;
      const other = foreign ? pools_.own : pools_.foreign;
      if (other.length > 0) return given[given.push({ id: other[seed % other.length]!, foreign: !isForeign }) - 1]!.id;
      // Nobody's record: it must answer as another tenant's does.
      return given[given.push({ id: 2_000_000_000 - (seed % 1000), foreign: true }) - 1]!.id;
    },
  };
  /** Whether the request names a record that is not the caller's (an entry builds all its cases; one is sent). */
  const namesForeign = (url: string, payload: unknown) => {
    const parsed = new URL(url, 'http://x');
    const numbers = new Set<number>();
    for (const segment of parsed.pathname.split('/')) if (/^\d+$/.test(segment)) numbers.add(Number(segment));
    for (const [name, value] of parsed.searchParams) if (!name.startsWith('page') && /^\d+$/.test(value)) numbers.add(Number(value));
    JSON.stringify(payload ?? null, (_key, value: unknown) => (typeof value === 'number' ? numbers.add(value) && value : value));
    return given.some((entry) => entry.foreign && numbers.has(entry.id));
  };
  return { pick, namesForeign };
}

/** Every other company's canary, and every id of theirs by kind: what this caller must never see. */
function forbidden(caller: Caller) {
  const others = world.companies.filter((company) => !caller.tenants.includes(company));
  return {
    canaries: others.map((company) => world.canary[company]!),
    ids: (kind: string) => {
      const ids = new Set(others.flatMap((company) => world.ids[company]![kind] ?? []));
      if (kind === 'invoice') for (const company of others) for (const id of [...(world.ids[company]!.draftInvoice ?? [])]) ids.add(id);
      if (kind === 'company') for (const company of others) ids.add(company);
      return ids;
    },
  };
}

/** Ids of another tenant inside a JSON answer, where the key says which kind of record it is. */
function foreignIds(value: unknown, kindOf: (kind: string) => Set<number>, kind: string | undefined, path: string, found: string[]) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => foreignIds(item, kindOf, kind, `${path}[${index}]`, found));
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'id' && kind && typeof field === 'number' && kindOf(kind).has(field)) found.push(`${path}.id = ${field} (${kind})`);
    const named = key.endsWith('_id') ? KEY_KINDS[key.slice(0, -3)] : undefined;
    if (named && typeof field === 'number' && kindOf(named).has(field)) found.push(`${path}.${key} = ${field}`);
    if (typeof field === 'object') foreignIds(field, kindOf, key === 'data' ? kind : kindUnder(kind, key), `${path}.${key}`, found);
  }
}

/**
 * The kind of record a route's answer is about, when its last word names one (`/projects/{id}`, `/albums`), read under
 * the words before it (`/selections/{id}/options/{option}/photos`: an option's photos).
 */
function nounOf(operation: Operation): string | undefined {
  return operation.path
    .split('/')
    .filter((segment) => segment && !segment.startsWith('{'))
    .reduce<string | undefined>((kind, word) => kindUnder(kind, word), undefined);
}

interface Tally {
  requests: number;
  leaks: number;
  serverErrors: number;
  unexpected: number;
  writes: number;
  skipped: number;
}

describe('the isolation matrix over every route and every caller', () => {
  it('has an entry for every route of the document, and none for a route that is gone', () => {
    const keys = api.operations.map((operation) => operation.key);
    expect(api.operations.filter((operation) => !entryOf(operation.key)).map((operation) => operation.key)).toEqual([]);
    expect(Object.keys(ROUTES).filter((key) => !keys.includes(key))).toEqual([]);
    expect(Object.keys(INTEGRATION_MATRIX).filter((key) => !keys.includes(key))).toEqual([]);
    // Who may call each route comes from its config; a route the document cannot place would test nothing.
    expect(api.operations.filter((operation) => !EXPECTED[operation.caller]).map((operation) => operation.key)).toEqual([]);
  });

  it(`leaks nothing, refuses what is not the caller's and writes nothing refused (${RUNS} requests, seed ${SEED})`, { timeout: 3_600_000 }, async () => {
    const tally: Tally = { requests: 0, leaks: 0, serverErrors: 0, unexpected: 0, writes: 0, skipped: 0 };
    const started = Date.now();
    let known = await world.digest();
    let fresh = true;
    const byKind = Object.fromEntries(CALLER_KINDS.map((kind) => [kind, world.callers.filter((caller) => caller.kind === kind)]));

    const arbitrary = fc.record({
      operation: fc.constantFrom(...api.operations),
      kind: fc.constantFrom(...CALLER_KINDS),
      callerIndex: fc.nat(),
      caseIndex: fc.nat(),
      foreign: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      seeds: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
    });

    const property = fc.asyncProperty(arbitrary, async (draw) => {
      const { operation } = draw;
      const callers = byKind[draw.kind]!;
      const caller = callers[draw.callerIndex % callers.length]!;
      const { pick, namesForeign } = picker(caller, draw.foreign, draw.seeds);
      const cases = ([] as RouteCase[]).concat(entryOf(operation.key)!(pick));
      const chosen = cases[draw.caseIndex % cases.length]!;
      // A route acting on the caller alone is sent as it stands, with a body of the document's shape.
      const request =
        'own' in chosen
          ? {
              method: operation.method,
              url: operation.path.replace('{code}', 'acme').replace(/\{[^}]+\}/g, () => String(pick.first('company'))),
              payload: operation.jsonBody ? api.sample(operation.jsonBody, pick) : undefined,
              headers: undefined,
              expect: undefined,
            }
          : { headers: undefined, payload: undefined, expect: undefined, ...chosen };

      const foreign = namesForeign(request.url, request.payload);
      let gate = EXPECTED[operation.caller][caller.kind];
      if (gate === 'scope') gate = caller.scopes?.has(operation.scope!) ? 'pass' : 403;
      const write = !READS.has(request.method);
      // A preview writes nothing on the portal: refused (403) before any record is looked at. Its own sign-out, the one
      // write it may make, would end it under the next request: not sent.
      if (caller.kind === 'preview' && write && operation.caller === 'portal') {
        if ('own' in chosen) {
          tally.skipped++;
          fc.pre(false);
        }
        gate = 403;
      }
      let expected: number[] | null = null;
      if (typeof gate === 'number') expected = [gate];
      else if (operation.caller === 'public') expected = null;
      else if ('listOf' in request)
        expected = [200]; // a list filtered by another tenant's record is empty
      else if (foreign) expected = ([] as number[]).concat(request.expect ?? 404);
      else if (write) {
        // The caller's own write would change the world under the next request (sign out, revoke its key): not sent.
        tally.skipped++;
        fc.pre(false);
      }

      if (write && !fresh) known = await world.digest();
      const response = await t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { ...request.headers, ...(caller.token ? bearer(caller.token) : {}) },
        remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
        ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
      });
      tally.requests++;
      if (tally.requests % 2000 === 0 && process.env.SECURITY_REPORT) {
        // A long run (the bench) leaves its figures so far behind, in case it is stopped before the end.
        await writeFile(process.env.SECURITY_REPORT, JSON.stringify({ ...tally, seed: SEED, partial: true, elapsedMs: Date.now() - started }));
      }
      // A read may write too (a customer's first look at an invoice marks it viewed), so only a digest taken after this
      // request can stand for the world the next write is measured against.
      fresh = false;
      const label = `${caller.label} → ${request.method} ${request.url} (${operation.key}, ${foreign ? "another tenant's ids" : 'own ids'})`;
      const problems: string[] = [];

      if (response.statusCode >= 500) {
        tally.serverErrors++;
        problems.push(`answered ${response.statusCode}`);
      } else if (expected && !expected.includes(response.statusCode)) {
        tally.unexpected++;
        problems.push(`answered ${response.statusCode}, expected ${expected.join(' or ')}`);
      }
      const { canaries, ids } = forbidden(caller);
      const shown = canaries.filter((canary) => response.body.includes(canary));
      const leakedIds: string[] = [];
      if (String(response.headers['content-type'] ?? '').startsWith('application/json') && response.body) {
        foreignIds(JSON.parse(response.body), ids, nounOf(operation), '', leakedIds);
      }
      if (shown.length > 0 || leakedIds.length > 0) {
        tally.leaks++;
        problems.push(`shows another tenant's ${[...shown.map((canary) => `canary ${canary}`), ...leakedIds].join(', ')}`);
      }
      if (write && (operation.caller !== 'public' || expected)) {
        const after = await world.digest();
        const changed = Object.keys(after).filter((table) => after[table] !== known[table]);
        if (changed.length > 0) {
          tally.writes++;
          problems.push(`wrote to ${changed.join(', ')}`);
          known = after;
        }
        fresh = true;
      }
      if (problems.length > 0) throw new Error(`${label}: ${problems.join('; ')}\n${response.body.slice(0, 600)}`);
    });

    console.log(`isolation: ${RUNS} requests, seed ${SEED} (SECURITY_SEED=${SEED} replays it)`);
    let failure: unknown;
    try {
      await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true, maxSkipsPerRun: 10 });
    } catch (error) {
      failure = error;
    }
    const report = { ...tally, seed: SEED, runs: RUNS, elapsedMs: Date.now() - started, failure: failure ? String(failure).slice(0, 4000) : null };
    console.log(`isolation: ${JSON.stringify(report)}`);
    if (process.env.SECURITY_REPORT) await writeFile(process.env.SECURITY_REPORT, JSON.stringify(report, null, 2));
    if (failure) throw failure;
    expect(tally.requests).toBeGreaterThanOrEqual(RUNS);
  });
});
