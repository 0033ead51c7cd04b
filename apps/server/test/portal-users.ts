import type { App } from '../src/app';
import { companies, portalEntities, portalUsers, projects } from '../src/db/schema';
import { DEMO_USERS } from '../src/seed/index';

/** Test-only helpers for the entities, companies and themes suites (on the demo seed). */

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let address = 0;
/** Signs a demo user in through the real login route, each from its own address (sign-in is rate limited per IP). */
export async function signInDemo(app: App, index: 0 | 1): Promise<string> {
  const user = DEMO_USERS[index];
  address += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: `198.51.100.${address}`,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { token: string }).token;
}

/** The demo's ids, read back rather than assumed. */
export async function demoIds(app: App) {
  const db = app.database.db;
  const users = await db.select().from(portalUsers).orderBy(portalUsers.id);
  const companyRows = await db.select().from(companies).orderBy(companies.id);
  const entityRows = await db.select().from(portalEntities).orderBy(portalEntities.id);
  const casey = users.find((user) => user.email === DEMO_USERS[0].email)!;
  const nico = users.find((user) => user.email === DEMO_USERS[1].email)!;
  const acme = companyRows.find((company) => company.name === 'Acme Builders')!;
  const brightside = companyRows.find((company) => company.name === 'Brightside Remodeling')!;
  return {
    casey,
    nico,
    acme,
    brightside,
    caseyEntities: entityRows.filter((entity) => entity.portal_user_id === casey.id),
    nicoEntities: entityRows.filter((entity) => entity.portal_user_id === nico.id),
  };
}

/** More projects of a company shared with a user; returns the new entities in id order. */
export async function shareProjects(app: App, options: { userId: number; companyId: number; count: number; at?: Date }) {
  const db = app.database.db;
  const stamp = options.at ?? new Date('2026-05-01T12:00:00Z');
  const rows = await db
    .insert(projects)
    .values(
      Array.from({ length: options.count }, (_, index) => ({
        company_id: options.companyId,
        name: `Extra project ${index + 1}`,
        number: `X-${index + 1}`,
        financials_total_amount: '100.00',
        created_at: stamp,
        updated_at: stamp,
      })),
    )
    .returning({ id: projects.id });
  return db
    .insert(portalEntities)
    .values(
      rows.map((row, index) => ({
        portal_user_id: options.userId,
        company_id: options.companyId,
        model_type: 'project',
        model_id: row.id,
        scope: 'customer',
        created_at: new Date(stamp.getTime() + index * 1000),
        updated_at: new Date(stamp.getTime() + index * 1000),
      })),
    )
    .returning();
}
