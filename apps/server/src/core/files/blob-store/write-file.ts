import { createWriteStream } from 'node:fs';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Streams `source` through `through` into a new file. When the pipeline fails it returns only once the file is closed:
 * a source that fails early can reject the pipeline while the file is still being opened, and a removal before that
 * would see the file come back after it, an orphan.
 */
export async function streamToNewFile(source: Readable, through: Transform, file: string): Promise<void> {
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(source, through, out);
  } catch (error) {
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    throw error;
  }
}
