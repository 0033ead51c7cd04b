import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_IMAGE_FORMAT,
  IMAGE_DENSITIES,
  IMAGE_FORMATS,
  IMAGE_VARIANT_NAMES,
  IMAGE_VARIANTS,
  type ImageDensity,
  type ImageFormat,
  type ImageVariant,
} from '@portal/contract/constants';
import { z } from 'zod';
import type { BlobStore } from './blob-store/types';
import { concurrencyLimit, heavyWork } from '../../lib/concurrency';
import { loadSharp } from '../../lib/heavy-packages';
import { HttpError, invalid } from '../../lib/http-errors';
import { diskLru } from './disk-lru';
import { MAX_IMAGE_PIXELS } from './store';
import type { FileRow } from '../../db/rows';

const DENSITY_PARAMS = IMAGE_DENSITIES.map(String) as [`${ImageDensity}`, ...`${ImageDensity}`[]];

/** docs/requirements.md 13.5: no side of a proxied image is ever rendered above this (the variants keep to it). */
export const MAX_IMAGE_SIDE = 4096;

/**
 * What a client adds to a signed image URL: a listed variant by name, a density and a format
 * (apps/web/src/lib/image-url.ts). `w`, `h` and `fit` are what the web sent before variants had
 * names; they are taken only when they are exactly a listed variant at a listed density (decision 061).
 * Anything else, `q` included, is refused with 400.
 */
export const ImageQuerySchema = z.object({
  v: z
    .enum(IMAGE_VARIANT_NAMES)
    .optional()
    .describe(`The variant: ${IMAGE_VARIANT_NAMES.join(', ')}`),
  d: z.enum(DENSITY_PARAMS).optional().describe('Density: 1 (default) or 2, for a srcset'),
  f: z
    .enum(IMAGE_FORMATS)
    .default(DEFAULT_IMAGE_FORMAT)
    .describe(`Output format: ${IMAGE_FORMATS.join(', ')} (the default)`),
  w: z.coerce.number().int().min(1).max(MAX_IMAGE_SIDE).optional().describe('Deprecated: width of a listed variant at a listed density'),
  h: z.coerce.number().int().min(1).max(MAX_IMAGE_SIDE).optional().describe('Deprecated: height, with w'),
  fit: z.enum(['cover', 'inside']).optional().describe("Deprecated: the variant's fit, with w and h"),
});
export type ImageQuery = z.infer<typeof ImageQuerySchema>;

/** A listed variant at a listed density and format: the only thing the proxy renders. */
export interface ImageRequest {
  variant: ImageVariant;
  density: ImageDensity;
  format: ImageFormat;
}

/** The variant a query asks for, or 400 in the one error shape. */
export function imageRequestOf(query: ImageQuery): ImageRequest {
  const { v, d, f: format, w, h, fit } = query;
  const legacy = w !== undefined || h !== undefined || fit !== undefined;
  if (v !== undefined) {
    if (legacy) throw invalid({ v: ['Name a variant or give its width, height and fit, not both.'] }, 400);
    return { variant: v, density: d === undefined ? 1 : (Number(d) as ImageDensity), format };
  }
  if (!legacy) throw invalid({ v: ['Name an image variant.'] }, 400);
  if (d !== undefined) throw invalid({ d: ['A density goes with a variant name.'] }, 400);
  for (const variant of IMAGE_VARIANT_NAMES) {
    const listed = IMAGE_VARIANTS[variant];
    for (const density of IMAGE_DENSITIES) {
      if (w === listed.w * density && h === listed.h * density && fit === listed.fit) return { variant, density, format };
    }
  }
  throw invalid({ w: ['Not a listed image variant: name one with v.'] }, 400);
}

const CONTENT_TYPES: Record<ImageFormat, string> = { webp: 'image/webp' };
/** What the proxy answers with, for the route's OpenAPI entry. */
export const IMAGE_PROXY_MEDIA_TYPES = Object.values(CONTENT_TYPES);
const QUALITY = 75;

/** The pixels a request renders to, at most: a variant's box times its density. */
export function imageBox(request: ImageRequest) {
  const listed = IMAGE_VARIANTS[request.variant];
  return { width: listed.w * request.density, height: listed.h * request.density, fit: listed.fit };
}

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
  // Encodes share the process's queue of heavy work with password hashes (lib/concurrency.ts): a flood of variants
  // waits its turn instead of keeping every core busy while the JSON routes wait.
  const encodes = options.maxConcurrentEncodes ? concurrencyLimit(options.maxConcurrentEncodes) : heavyWork;
  const cache = diskLru({ dir: options.cacheDir, maxBytes: options.maxCacheBytes });

  // Keyed by the pixels asked for, not the variant's name: two names with one box share their renders.
  function cacheKey(file: Pick<FileRow, 'sha256'>, request: ImageRequest): string {
    const { width, height, fit } = imageBox(request);
    const normal = [width, height, fit, request.format, QUALITY].join(',');
    return createHash('sha256').update(`${file.sha256}\n${normal}`).digest('base64url');
  }

  const targetOf = (key: string, request: ImageRequest) => path.join(options.cacheDir, key.slice(0, 2), `${key}.${request.format}`);

  /** Renders the image and leaves a copy in the disk cache. */
  async function render(file: FileRow, request: ImageRequest, target: string): Promise<Buffer> {
    const input = await options.store.get(file.blob_key);
    if (!input) throw new HttpError(404, 'Not found.');
    const { width, height, fit } = imageBox(request);
    const sharp = await loadSharp();
    const pipeline = sharp({ limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', sequentialRead: true })
      .rotate()
      .resize({ width, height, fit, withoutEnlargement: true })
      .toFormat(request.format, { quality: QUALITY });
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
     * The image as a listed variant: a file of the disk cache, opened for this answer alone, or rendered
     * once (concurrent asks share one render).
     */
    async get(file: FileRow, request: ImageRequest): Promise<RenderedImage> {
      const key = cacheKey(file, request);
      const target = targetOf(key, request);
      const meta = { contentType: CONTENT_TYPES[request.format], etag: `"${key}"` };
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
        pending = encodes.run(() => render(file, request, target)).finally(() => inFlight.delete(key));
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
