import { ALL_SCOPES } from '@portal/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../src/db/schema';
import { apiKeysRepository } from '../src/modules/integration/api-keys.repository';
import { BOOKKEEPING_TABLES, INTEGRATION_MATRIX, otherCompanyIds, prepareOtherCompany, type MatrixCase, type OtherCompany } from './integration-matrix';
import { bearer } from './portal-users';
import { useDemoApp } from './suite';

/**
 * A company's API key reaches its own records only (docs/requirements.md 18): every integration route, aimed at
 * another company's records, answers 404 (422 for an id in a body) and writes nothing, and no list shows them.
 */

const t = useDemoApp();
let key: string;
let ownerSession: string;
let other: OtherCompany;
let operations: string[];

/** One digest per table: any write to a record shows as a changed digest. */
async function digest(): Promise<Record<string, string>> {
  const db = t.app.database.db;
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rows<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const result: Record<string, string> = {};
  for (const { tablename } of tables) {
    if (BOOKKEEPING_TABLES.includes(tablename) || tablename.startsWith('__drizzle')) continue;
    const [row] = await rows<{ d: string }>(sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from "${tablename}" t`));
    result[tablename] = row!.d;
  }
  return result;
}

beforeAll(async () => {
  const db = t.app.database.db;
  key = (await apiKeysRepository(db).create(t.ids.acme.id, 'matrix', { scopes: ALL_SCOPES })).key;
  const otherKey = (await apiKeysRepository(db).create(t.ids.brightside.id, 'matrix', { scopes: ALL_SCOPES })).key;
  const [owner] = await db
    .update(staff)
    .set({ role: 'owner' })
    .where(and(eq(staff.company_id, t.ids.acme.id), isNull(staff.deactivated_at)))
    .returning({ id: staff.id });
  ownerSession = (await t.app.staffSessions.create(owner!.id, { now: new Date() })).token;
  await prepareOtherCompany(t.app, otherKey);
  const ids = await otherCompanyIds(t.app, t.ids.brightside.id);
  other = {
    ids,
    first(kind) {
      const id = ids[kind]?.[0];
      if (id === undefined) throw new Error(`Company B has no record of kind ${kind}: create one in prepareOtherCompany.`);
      return id;
    },
  };
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/integration/'))
    .flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => method !== 'parameters')
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
});

describe('the isolation matrix', () => {
  it('has an entry for every integration route, and none for a route that is gone', () => {
    expect(operations.length).toBeGreaterThan(0);
    expect(operations.filter((operation) => !(operation in INTEGRATION_MATRIX))).toEqual([]);
    expect(Object.keys(INTEGRATION_MATRIX).filter((operation) => !operations.includes(operation))).toEqual([]);
  });

  // The same routes serve a company's CRM (an API key) and its office (an owner in the staff console).
  it.each([
    ['an API key with every scope', () => key],
    ['an owner signed in to the staff console', () => ownerSession],
  ])(
    "refuses every route on another company's records and writes nothing, called with %s",
    async (_caller, token) => {
      const key = token();
      const failures: string[] = [];
      for (const operation of operations) {
        const entry = INTEGRATION_MATRIX[operation];
        if (!entry) continue;
        const cases = ([] as MatrixCase[]).concat(entry(other));
        for (const matrixCase of cases) {
          if ('own' in matrixCase) continue;
          const before = await digest();
          const response = await t.app.inject({
            method: matrixCase.method as 'GET',
            url: matrixCase.url,
            headers: { ...('headers' in matrixCase ? matrixCase.headers : {}), ...bearer(key) },
            ...('payload' in matrixCase && matrixCase.payload !== undefined ? { payload: matrixCase.payload as object } : {}),
          });
          const label = `${operation} (${matrixCase.method} ${matrixCase.url})`;
          if ('listOf' in matrixCase) {
            if (response.statusCode !== 200) failures.push(`${label}: ${response.statusCode}, not 200`);
            else {
              const shown = (response.json() as { data: { id: number }[] }).data.map((row) => row.id);
              const leaked = shown.filter((id) => (other.ids[matrixCase.listOf] ?? []).includes(id));
              if (leaked.length > 0) failures.push(`${label}: lists company B's ${matrixCase.listOf} ${leaked.join(', ')}`);
            }
          } else {
            const expected = matrixCase.expect ?? 404;
            if (response.statusCode !== expected) failures.push(`${label}: ${response.statusCode}, not ${expected}`);
          }
          const after = await digest();
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          if (changed.length > 0) failures.push(`${label}: wrote to ${changed.join(', ')}`);
        }
      }
      expect(failures).toEqual([]);
      // Two digests of every table per case: the run grows with each route, past the suite's default 30 s on a busy machine.
    },
    180_000,
  );
});
