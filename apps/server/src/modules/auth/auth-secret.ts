import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The server key that one-time codes are hashed under. From AUTH_SECRET when set (required when
 * several instances share one database); otherwise generated once and kept in DATA_DIR/auth-secret,
 * readable by the server's user only. It never goes into the database: a copy of the database alone
 * must not be enough to try the million codes offline.
 */
export async function loadAuthSecret(options: { secret?: string | undefined; dataDir: string }): Promise<Buffer> {
  if (options.secret) return Buffer.from(options.secret, 'utf8');
  const file = path.join(options.dataDir, 'auth-secret');
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
  if (!/^(?:[0-9a-f]{2}){32,}$/i.test(hex)) throw new Error(`${file} is damaged: delete it (codes already sent stop working) or set AUTH_SECRET.`);
  return Buffer.from(hex, 'hex');
}
