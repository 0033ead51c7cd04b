import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import type { BlobStore } from './blob-store/types';
import { concurrencyLimit } from '../../lib/concurrency';
import { HttpError, invalid } from '../../lib/http-errors';
import { diskLru } from './disk-lru';
import { MAX_IMAGE_PIXELS } from './store';
import type { FileRow } from '../../db/rows';

/** docs/requirements.md 13.5: no side of a proxied image may be asked for above this. */
export const MAX_IMAGE_SIDE = 4096;
export const IMAGE_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const;
export const IMAGE_FITS = ['cover', 'contain', 'fill', 'inside', 'outside'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The modifiers, named as apps/web/src/lib/image-url.ts sends them. */
export const ImageModifiersSchema = z.object({
  w: z.coerce.number().int().min(1).max(MAX_IMAGE_SIDE).optional().describe(`Width in pixels, at most ${MAX_IMAGE_SIDE}`),
  h: z.coerce.number().int().min(1).max(MAX_IMAGE_SIDE).optional().describe(`Height in pixels, at most ${MAX_IMAGE_SIDE}`),
  f: z.enum(IMAGE_FORMATS).default('webp').describe('Output format (default webp)'),
  q: z.coerce.number().int().min(1).max(100).optional().describe('Quality 1-100 (default 75; ignored for png)'),
  fit: z.enum(IMAGE_FITS).optional().describe('How the image fits w × h (default cover with both, inside with one)'),
});
export type ImageModifiers = z.infer<typeof ImageModifiersSchema>;

const CONTENT_TYPES: Record<ImageFormat, string> = { webp: 'image/webp', avif: 'image/avif', jpeg: 'image/jpeg', png: 'image/png' };
const DEFAULT_QUALITY = 75;

export interface RenderedImage {
  /** The bytes: an open file of the disk cache (a file evicted meanwhile still reads whole), or those just rendered. */
  body: FileHandle | Buffer;
  size: number;
  contentType: string;
  etag: string;
}

/**
 * Resizes and converts images from the blob store (never from a URL it is given), with a disk
 * cache under DATA_DIR. Never enlarges: asking for more pixels than the original has gives the
 * original's size, so a 2x srcset entry of a small photo is just the photo. Input is capped at
 * 50 megapixels before anything is decoded.
 */
export function imageProxy(options: { store: BlobStore; cacheDir: string; maxCacheBytes: number; maxConcurrentEncodes?: number }) {
  const inFlight = new Map<string, Promise<Buffer>>();
  // Encodes queue behind one core fewer than the machine has: a flood of variants waits its turn
  // instead of keeping every core busy while the JSON routes wait.
  const encodes = concurrencyLimit(options.maxConcurrentEncodes ?? Math.max(1, availableParallelism() - 1));
  const cache = diskLru({ dir: options.cacheDir, maxBytes: options.maxCacheBytes });

  function cacheKey(file: Pick<FileRow, 'sha256'>, modifiers: ImageModifiers): string {
    const normal = [modifiers.w ?? '', modifiers.h ?? '', modifiers.f, modifiers.f === 'png' ? '' : (modifiers.q ?? DEFAULT_QUALITY), modifiers.fit ?? ''].join(',');
    return createHash('sha256').update(`${file.sha256}\n${normal}`).digest('base64url');
  }

  const targetOf = (key: string, modifiers: ImageModifiers) => path.join(options.cacheDir, key.slice(0, 2), `${key}.${modifiers.f}`);

  /** Renders the image and leaves a copy in the disk cache. */
  async function render(file: FileRow, modifiers: ImageModifiers, target: string): Promise<Buffer> {
    const input = await options.store.get(file.blob_key);
    if (!input) throw new HttpError(404, 'Not found.');
    const fit = modifiers.fit ?? (modifiers.w && modifiers.h ? 'cover' : 'inside');
    const quality = modifiers.q ?? DEFAULT_QUALITY;
    const pipeline = sharp({ limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', sequentialRead: true })
      .rotate()
      .resize({ width: modifiers.w, height: modifiers.h, fit, withoutEnlargement: true })
      .toFormat(modifiers.f, modifiers.f === 'png' ? { compressionLevel: 7 } : { quality, ...(modifiers.f === 'avif' ? { effort: 2 } : {}) });
    input.on('error', (error) => pipeline.destroy(error));
    let output: Buffer;
    try {
      output = await input.pipe(pipeline).toBuffer();
    } catch (error) {
      input.destroy();
      const message = error instanceof Error ? error.message : '';
      if (/pixel limit/i.test(message)) {
        throw invalid({ image: [`The image is larger than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels and is not resized.`] });
      }
      throw invalid({ image: ['The image could not be read.'] });
    }
    // Written whole under a temporary name, then renamed: a reader never sees half an image.
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      await writeFile(partial, output);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    // Trimming the folder is the cache's housekeeping, not this answer's: it never delays or fails it.
    void cache.add(target, output.length).catch(() => undefined);
    return output;
  }

  return {
    cacheKey,
    /** Encodes running and waiting: what the tests and the metrics watch. */
    encodes,
    /** Bytes of resized images on disk (metrics). */
    cacheBytes: () => cache.bytes(),
    /**
     * The image at these modifiers: a file of the disk cache, opened for this answer alone, or rendered
     * once (concurrent asks share one render).
     */
    async get(file: FileRow, modifiers: ImageModifiers): Promise<RenderedImage> {
      const key = cacheKey(file, modifiers);
      const target = targetOf(key, modifiers);
      const meta = { contentType: CONTENT_TYPES[modifiers.f], etag: `"${key}"` };
      const handle = await open(target, 'r').catch(() => null);
      if (handle) {
        try {
          const { size } = await handle.stat();
          cache.touch(target);
          return { body: handle, size, ...meta };
        } catch (error) {
          await handle.close().catch(() => undefined);
          throw error;
        }
      }
      let pending = inFlight.get(key);
      if (!pending) {
        pending = encodes.run(() => render(file, modifiers, target)).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      const body = await pending;
      return { body, size: body.length, ...meta };
    },
    /** What to send: a stream that closes the file when done, or the bytes. */
    open: (image: RenderedImage) => (Buffer.isBuffer(image.body) ? image.body : image.body.createReadStream()),
    /** Closes the file of an answer that sends no body (304). */
    release: async (image: RenderedImage) => {
      if (!Buffer.isBuffer(image.body)) await image.body.close();
    },
  };
}
export type ImageProxy = ReturnType<typeof imageProxy>;
