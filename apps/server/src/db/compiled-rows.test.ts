import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/helpers';
import { withCompiledRows } from './compiled-rows';
import { companies, projectStatuses, staff } from './schema';

let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
  const [company] = await t.database.db.insert(companies).values({ name: 'Rows & Co', url: 'https://rows.example.com' }).returning();
  await t.database.db.insert(staff).values([
    { company_id: company!.id, name: 'With a status', email: 'a@rows.example.com' },
    { company_id: company!.id, name: 'Without', email: 'b@rows.example.com', phone: null },
  ]);
  await t.database.db.insert(projectStatuses).values({ company_id: company!.id, name: 'Open', color: '#123456', position: 0 });
});

afterAll(() => t.close());

it("maps rows as Drizzle does: nested objects, decoded values, a left-joined table's object null when it matched nothing", async () => {
  const query = () =>
    t.database.db
      .select({
        member: staff,
        company: { id: companies.id, name: companies.name, created_at: companies.created_at },
        // Matches only the first member: the second row's `status` is null.
        status: projectStatuses,
        label: sql<string>`${staff.name} || '!'`,
      })
      .from(staff)
      .innerJoin(companies, eq(companies.id, staff.company_id))
      .leftJoin(projectStatuses, sql`${projectStatuses.company_id} = ${staff.company_id} and ${staff.name} = 'With a status'`)
      .orderBy(staff.id);
  const expected = await query().prepare('compiled_rows_plain').execute();
  const compiled = await withCompiledRows(query().prepare('compiled_rows_compiled')).execute();
  expect(expected).toHaveLength(2);
  expect(expected[0]!.status).not.toBeNull();
  expect(expected[1]!.status).toBeNull();
  expect(compiled[0]!.member.created_at).toBeInstanceOf(Date);
  expect(compiled).toEqual(expected);
  // Same keys in the same order: the answers built from these rows serialize byte for byte alike.
  expect(JSON.stringify(compiled)).toBe(JSON.stringify(expected));
});
