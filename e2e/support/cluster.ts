import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import { freePort, startServer, type RunningServer } from './server';

/**
 * The set-up docs/operations.md walks an operator through ("From one machine to two servers"): one
 * PostgreSQL database, one S3-compatible bucket, two server processes with the same secrets, and
 * nginx in front of them with the committed docs/nginx.example.conf.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const NGINX_CONF_EXAMPLE = path.join(root, 'docs/nginx.example.conf');
const BUCKET = 'portal-scale-out';

/** Why the cluster cannot run here, or null when it can: PostgreSQL is the one thing the suite does not start itself. */
export function clusterUnavailable(): string | null {
  if (!process.env.TEST_DATABASE_URL) {
    return 'TEST_DATABASE_URL is not set (a PostgreSQL role allowed to CREATE DATABASE; .ci/run exports one).';
  }
  return null;
}

/** Never skipped for a missing nginx: CI installs it (.ci/run), as it does Chromium. */
export function nginxPath(): string {
  const candidate = process.env.NGINX_PATH || '/usr/sbin/nginx';
  if (!existsSync(candidate)) {
    throw new Error(
      `The scale-out suite needs nginx and found none at ${candidate}.\nInstall it with \`apt-get install -y nginx\` (Debian/Ubuntu), or set NGINX_PATH.`,
    );
  }
  return candidate;
}

export interface Cluster {
  /** The proxy's address: PUBLIC_URL of both servers, what a browser uses. */
  url: string;
  /** The two servers' own addresses, behind the proxy. */
  servers: [RunningServer, RunningServer];
  /** What both servers share, for the `company` command on this host. */
  env: Record<string, string>;
  /** nginx's access log so far: one line per request, naming the upstream that answered. */
  accessLog: () => Promise<string>;
  /** nginx's error log so far. */
  errorLog: () => Promise<string>;
  stop: () => Promise<void>;
}

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A brand-new database on the TEST_DATABASE_URL server, and how to drop it again. */
async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  // Generated here, never from input, so it is safe to splice into the DDL.
  const name = `portal_scale_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** docs/nginx.example.conf with its placeholders filled. */
export async function nginxConf(values: { listen: string; server1: string; server2: string }): Promise<string> {
  const template = await readFile(NGINX_CONF_EXAMPLE, 'utf8');
  const filled = template.replaceAll('{{LISTEN}}', values.listen).replaceAll('{{SERVER_1}}', values.server1).replaceAll('{{SERVER_2}}', values.server2);
  const left = /\{\{[A-Z_0-9]+\}\}/.exec(filled.replace(/^\s*#.*$/gm, ''));
  if (left) throw new Error(`docs/nginx.example.conf has a placeholder the harness does not fill: ${left[0]}`);
  return filled;
}

async function waitFor(url: string, label: string, output: () => string, gone: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone()) throw new Error(`${label} stopped before it answered ${url}:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${label} did not answer ${url} within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts the whole set-up on free loopback ports. `serverEnv` goes to both servers (e.g.
 * RATE_LIMIT_MULTIPLIER). Everything started is stopped again by `stop`, also when a later step fails.
 */
export async function startCluster(serverEnv: Record<string, string> = {}): Promise<Cluster> {
  const reason = clusterUnavailable();
  if (reason) throw new Error(reason);
  const nginx = nginxPath();
  const cleanup: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of cleanup.reverse()) await step().catch((error: unknown) => console.error('scale-out clean-up:', error));
    cleanup.length = 0;
  };

  try {
    const database = await createDatabase();
    cleanup.push(database.drop);

    const bucketDir = await mkdtemp(path.join(tmpdir(), 'portal-scale-s3-'));
    cleanup.push(() => rm(bucketDir, { recursive: true, force: true }));
    const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: bucketDir, configureBuckets: [{ name: BUCKET }] });
    const { port: s3Port } = await s3.run();
    cleanup.push(() => s3.close());

    const proxyPort = await freePort();
    const url = `http://127.0.0.1:${proxyPort}`;
    const secret = () => randomBytes(32).toString('hex');
    const env: Record<string, string> = {
      DATABASE_URL: database.url,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      AUTH_SECRET: secret(),
      FILES_SECRET: secret(),
      OPERATOR_SECRET: secret(),
      TRUST_PROXY: 'true',
      PUBLIC_URL: url,
      ...serverEnv,
    };

    // Both at once, as a supervisor starts them: the migrations take turns (db/client.ts), and only the
    // first seeds the demo, once.
    const started = await Promise.allSettled([startServer(env), startServer({ ...env, SEED_DEMO: 'false' })]);
    for (const result of started) if (result.status === 'fulfilled') cleanup.push(() => result.value.stop());
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    const [first, second] = started.map((result) => (result as PromiseFulfilledResult<RunningServer>).value) as [RunningServer, RunningServer];

    const prefix = await mkdtemp(path.join(tmpdir(), 'portal-scale-nginx-'));
    cleanup.push(() => rm(prefix, { recursive: true, force: true }));
    // Run as root, nginx's workers drop to `nobody`, which must reach the temporary folders inside.
    await chmod(prefix, 0o755);
    const conf = path.join(prefix, 'nginx.conf');
    const errorLog = path.join(prefix, 'error.log');
    await writeFile(conf, await nginxConf({ listen: `127.0.0.1:${proxyPort}`, server1: new URL(first.url).host, server2: new URL(second.url).host }));
    let log = '';
    const child = spawn(nginx, ['-p', `${prefix}/`, '-c', conf, '-e', errorLog], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    cleanup.push(async () => {
      if (child.exitCode === null && child.signalCode === null) {
        // SIGTERM: nginx's fast stop, which closes its connections instead of waiting for them.
        child.kill('SIGTERM');
        await exited;
      }
    });
    const nginxOutput = () =>
      [log, existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '', child.exitCode !== null ? `(nginx exited with ${child.exitCode})` : ''].join('');
    await waitFor(`${url}/api/ready`, 'nginx', nginxOutput, () => child.exitCode !== null);

    return {
      url,
      servers: [first, second],
      env,
      accessLog: () => readFile(path.join(prefix, 'access.log'), 'utf8').catch(() => ''),
      errorLog: () => readFile(errorLog, 'utf8').catch(() => ''),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
