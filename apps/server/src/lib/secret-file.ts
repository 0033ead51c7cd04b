import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A server key: from its environment variable when set (required when several instances share one
 * database), otherwise generated once into DATA_DIR/<name>, readable by the server's user only.
 * Keys never go into the database: a copy of the database alone must not be enough to forge or
 * brute-force what they protect.
 */
/** The operator's key (the `company` command's create-company) when OPERATOR_SECRET is not set. */
export const OPERATOR_SECRET_FILE = 'operator-secret';

export async function loadSecret(options: { secret?: string | undefined; dataDir: string; name: string }): Promise<Buffer> {
  if (options.secret) return Buffer.from(options.secret, 'utf8');
  const file = path.join(options.dataDir, options.name);
  try {
    return parseStored(await readFile(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const fresh = randomBytes(32).toString('hex');
  await mkdir(options.dataDir, { recursive: true });
  try {
    // 'wx': if another process wrote it first, use theirs.
    await writeFile(file, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
    return Buffer.from(fresh, 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return parseStored(await readFile(file, 'utf8'), file);
  }
}

function parseStored(text: string, file: string): Buffer {
  const hex = text.trim();
  if (!/^(?:[0-9a-f]{2}){32,}$/i.test(hex)) throw new Error(`${file} is damaged: delete it (codes already sent stop working) or set its environment variable.`);
  return Buffer.from(hex, 'hex');
}

/** A key generated into DATA_DIR/<name> earlier, or null when there is none yet; never creates one. */
export async function readStoredSecret(dataDir: string, name: string): Promise<Buffer | null> {
  const file = path.join(dataDir, name);
  try {
    return parseStored(await readFile(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
