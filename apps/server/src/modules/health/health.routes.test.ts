import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { createTestApp, TEST_DB } from '../../../test/helpers';
import { useTestApp } from '../../../test/suite';

const t = useTestApp();

const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });

it('answers GET /api/health with ok and the database in use, without asking the database', async () => {
  const execute = vi.spyOn(t.database.db, 'execute').mockRejectedValue(new Error('connection refused'));
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  execute.mockRestore();
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ status: 'ok', database: TEST_DB });
  expect(t.database.kind).toBe(TEST_DB);
});

it('answers GET /api/ready with each check ok once the database, its migrations and the file store are there', async () => {
  const response = await ready();
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', blobs: 'ok' } });
});

it('is not ready, naming why, when the database does not answer', async () => {
  const execute = vi.spyOn(t.database.db, 'execute').mockRejectedValueOnce(new Error('connection refused'));
  const response = await ready();
  execute.mockRestore();
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({ message: 'Not ready.', errors: { database: ['The database does not answer.'] } });
});

it('is not ready while a migration of this build is not applied', async () => {
  const [last] = (
    (await t.database.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`)) as unknown as {
      rows: { id: number; hash: string; created_at: string }[];
    }
  ).rows;
  await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
  try {
    const response = await ready();
    expect(response.statusCode).toBe(503);
    expect(response.json().errors).toEqual({ migrations: ['1 migration(s) of this build are not applied.'] });
  } finally {
    await t.database.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`);
  }
  expect((await ready()).statusCode).toBe(200);
});

it('is not ready when the file store does not answer', async () => {
  const stat = vi.spyOn(t.app.blobs, 'stat').mockRejectedValueOnce(new Error('bucket unreachable'));
  const response = await ready();
  stat.mockRestore();
  expect(response.statusCode).toBe(503);
  expect(response.json().errors).toEqual({ blobs: ['The file store does not answer.'] });
});

it('is not ready once the process starts shutting down, while still alive', async () => {
  const draining = await createTestApp();
  try {
    draining.app.startDraining();
    const response = await draining.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json().errors).toEqual({ process: ['The server is shutting down.'] });
    expect((await draining.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  } finally {
    await draining.close();
  }
});
