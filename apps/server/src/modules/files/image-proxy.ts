import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import type { BlobStore } from '../../lib/blob-store/types';
import { HttpError, invalid } from '../../lib/http-errors';
import type { FileRow } from './files.repository';
import { diskLru } from './disk-lru';
import { MAX_IMAGE_PIXELS } from './store';

/** Spec §7 / issue 7: no side of a proxied image may be asked for above this. */
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
  /** A file in the disk cache. */
  file: string;
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
export function imageProxy(options: { store: BlobStore; cacheDir: string; maxCacheBytes: number }) {
  const inFlight = new Map<string, Promise<RenderedImage>>();
  const cache = diskLru({ dir: options.cacheDir, maxBytes: options.maxCacheBytes });

  function cacheKey(file: Pick<FileRow, 'sha256'>, modifiers: ImageModifiers): string {
    const normal = [modifiers.w ?? '', modifiers.h ?? '', modifiers.f, modifiers.f === 'png' ? '' : (modifiers.q ?? DEFAULT_QUALITY), modifiers.fit ?? ''].join(',');
    return createHash('sha256').update(`${file.sha256}\n${normal}`).digest('base64url');
  }

  async function render(file: FileRow, modifiers: ImageModifiers, key: string): Promise<RenderedImage> {
    const target = path.join(options.cacheDir, key.slice(0, 2), `${key}.${modifiers.f}`);
    const contentType = CONTENT_TYPES[modifiers.f];
    const etag = `"${key}"`;
    try {
      const cached = { file: target, size: (await stat(target)).size, contentType, etag };
      cache.touch(target);
      return cached;
    } catch {
      // Not cached yet.
    }
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
    await cache.add(target, output.length);
    return { file: target, size: output.length, contentType, etag };
  }

  return {
    cacheKey,
    /** The image at these modifiers, from the disk cache or rendered once (concurrent asks share one render). */
    async get(file: FileRow, modifiers: ImageModifiers): Promise<RenderedImage> {
      const key = cacheKey(file, modifiers);
      let pending = inFlight.get(key);
      if (!pending) {
        pending = render(file, modifiers, key).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
    open: (image: RenderedImage) => createReadStream(image.file),
    /** Bytes in the disk cache. */
    cacheSize: () => cache.size(),
  };
}
export type ImageProxy = ReturnType<typeof imageProxy>;
