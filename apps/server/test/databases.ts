import pg from 'pg';

/**
 * The PostgreSQL server the suite runs against (TEST_DATABASE_URL), reached as the suite's role: shared by the test
 * files and the global set-up, which runs before any test process and so reads the project's environment itself.
 */
export function testDatabaseUrlOf(env: Record<string, string | undefined> = process.env): string {
  const url = env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (a role allowed to CREATE DATABASE).');
  return url;
}

export async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops a database a test made: our own connections are ended first; an autovacuum worker on the new database belongs
 * to the superuser, cannot be terminated by a plain role, and is waited out (DROP DATABASE stops it itself).
 */
export function dropTestDatabase(url: string, name: string) {
  return withAdminClient(url, async (client) => {
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND usename = current_user', [
      name,
    ]);
    await whileBusy(() => client.query(`DROP DATABASE IF EXISTS ${name}`));
  });
}

/**
 * Runs a statement again while PostgreSQL says another session is on the database it names (55006: a connection
 * closing, an autovacuum worker exiting, or another CREATE DATABASE copying the same template).
 */
export async function whileBusy<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
