import { linkSync, readFileSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock of its own: two processes on one data folder both start, hand out the same ids
 * and overwrite each other's pages, so acknowledged writes are lost. This lock file, beside the
 * folder (`<folder>.lock`), keeps a second opener out for as long as the first one lives.
 */

/** Who holds the folder, as written in the lock file. */
interface Holder {
  pid: number;
  /** When it took the lock (ISO 8601). */
  since: string;
  /** Said to a second opener: "in use by the server". */
  role: string;
  /** Boot id and start tick of the process where the system tells them: a reused pid is not the holder. */
  start?: string | undefined;
}

export interface DataDirOwner {
  /** How a second opener is told about us, e.g. "the server" or "npm run seed". */
  role: string;
  /** What our own user should do when someone else holds the folder, e.g. "stop it first". */
  ifHeld: string;
}

export interface DataDirLock {
  /** Lets go of the folder; also done on process exit. Safe to call twice. */
  release(): void;
}

/** The folder is held by a live process: its message is one line that says by whom and what to do. */
export class DataDirLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: Holder | null,
    ifHeld: string,
  ) {
    super(
      holder
        ? `The database folder ${folder} is in use by ${holder.role} (pid ${holder.pid}, since ${holder.since}): ${ifHeld}.`
        : `The database folder ${folder} is being opened by another process right now: ${ifHeld}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

const DEFAULT_OWNER: DataDirOwner = { role: 'another portal process', ifHeld: 'stop it first' };

/** An unreadable lock file younger than this is a holder still writing it; older, one that died doing so. */
const HALF_WRITTEN_GRACE_MS = 10_000;

/** Locks taken by this process: a lock file with our own pid that is not here is from an earlier life of that pid. */
const heldHere = new Set<string>();

/**
 * The folder itself, links followed (the data moved to another disk and linked back): what PGlite opens, what a
 * restore replaces and where the lock goes, so that a server and a command given the link meet at one lock. A folder
 * not made yet is where it will be.
 */
export function folderBehindLinks(folder: string): string {
  const resolved = path.resolve(folder);
  try {
    return realpathSync(resolved);
  } catch {
    return resolved;
  }
}

export function lockFileOf(folder: string): string {
  return `${folderBehindLinks(folder)}.lock`;
}

/**
 * Takes the folder for this process or throws DataDirLockedError. A lock left by a process that
 * is gone (killed with SIGKILL, a crash, a power cut) is taken over.
 */
export function lockDataDir(folder: string, owner: DataDirOwner = DEFAULT_OWNER): DataDirLock {
  const file = lockFileOf(folder);
  const mine: Holder = { pid: process.pid, since: new Date().toISOString(), role: owner.role, start: processStart(process.pid) };
  const text = `${JSON.stringify(mine)}\n`;

  // Each pass either takes the lock, throws, or clears away a dead holder's file; another opener
  // racing us can make a pass fail, never loop for ever: a live holder throws.
  let taken = false;
  for (let attempt = 0; attempt < 5 && !taken; attempt++) {
    try {
      writeFileSync(file, text, { flag: 'wx', mode: 0o644 });
      taken = true;
      continue;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const seen = readLock(file);
    if (seen === undefined) continue; // gone between our create and our read: try again
    if (seen.holder ? isAlive(seen.holder, file) : !halfWrittenLongAgo(file)) {
      throw new DataDirLockedError(path.resolve(folder), seen.holder, owner.ifHeld);
    }
    takeOver(file, seen.text);
  }
  if (!taken) throw new DataDirLockedError(path.resolve(folder), null, owner.ifHeld);

  heldHere.add(file);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    heldHere.delete(file);
    // Only our own file: never delete a lock someone took over after deciding we were dead.
    if (readLock(file)?.text === text) {
      try {
        unlinkSync(file);
      } catch {
        // Already gone: nothing to free.
      }
    }
  };
  process.on('exit', release);
  return { release };
}

function readLock(file: string): { text: string; holder: Holder | null } | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    if (Number.isSafeInteger(parsed.pid) && parsed.pid! > 0 && typeof parsed.role === 'string' && typeof parsed.since === 'string') {
      return { text, holder: parsed as Holder };
    }
  } catch {
    // A holder between its create and its write, or a damaged file: decided by age below.
  }
  return { text, holder: null };
}

function halfWrittenLongAgo(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > HALF_WRITTEN_GRACE_MS;
  } catch {
    return true;
  }
}

function isAlive(holder: Holder, file: string): boolean {
  if (holder.pid === process.pid) return heldHere.has(file);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: alive, but another user's.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The pid is in use; after a reboot or in a fresh container it may be someone else's now.
  const now = holder.start ? processStart(holder.pid) : undefined;
  return now === undefined || now === holder.start;
}

/**
 * Clears a dead holder's file. Moving it aside and comparing, rather than deleting it outright,
 * keeps a second opener that reached the same verdict from deleting the fresh lock of the first.
 */
function takeOver(file: string, staleText: string): void {
  const aside = `${file}.${process.pid}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  let movedText: string | undefined;
  try {
    movedText = readFileSync(aside, 'utf8');
  } catch {
    movedText = undefined;
  }
  if (movedText !== staleText) {
    // Someone else's fresh lock: put it back (link never overwrites) and let the next pass decide.
    try {
      linkSync(aside, file);
    } catch {
      // A third opener took the name meanwhile; the next pass meets that one.
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // Nothing to tidy.
  }
}

/** Linux: boot id and the process's start tick, so a pid reused by another process is not mistaken for the holder. */
function processStart(pid: number): string | undefined {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces; field 22 is the start tick.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const tick = fields[19];
    return tick ? `${boot}:${tick}` : undefined;
  } catch {
    return undefined;
  }
}
