import { createRequire } from 'node:module';
import { heavyWork } from '../../lib/concurrency';
import { isHeic } from '../../lib/file-types';
import { loadSharp } from '../../lib/heavy-packages';
import { invalid } from '../../lib/http-errors';
import { lowPriorityWorker } from '../../lib/low-priority-worker';
import { BlobTooLargeError, type BlobStore, type StoredBlob } from './blob-store/types';
import { blobSource, fileTooLarge, MAX_IMAGE_PIXELS } from './store';

type Decoded = { width: number; height: number; data: Uint8ClampedArray | null };

/**
 * libheif compiled to WebAssembly (`heic-decode`, over `libheif-js`): no native binary, and sharp's own libvips has
 * no HEVC decoder. The image's size is read before a pixel is decoded, so a pixel bomb costs nothing. Plain
 * JavaScript, run by the worker as it is.
 */
const HEIC_HANDLER = `(require, { decoderPath }) => {
  const decode = require(decoderPath);
  return async ({ bytes, maxPixels }) => {
    const images = await decode.all({ buffer: bytes });
    try {
      const first = images[0];
      if (first.width * first.height > maxPixels) return { width: first.width, height: first.height, data: null };
      return await first.decode();
    } finally {
      images.dispose();
    }
  };
}`;

/**
 * Decodes on a worker thread at low priority: a 12-megapixel photo is a second or more of WebAssembly, which on the
 * thread answering requests would stall every one of them. The worker (and the decoder's memory) goes when idle.
 */
const heicWorker = lowPriorityWorker<{ bytes: Uint8Array; maxPixels: number }, Decoded>({
  handler: HEIC_HANDLER,
  data: { decoderPath: createRequire(import.meta.url).resolve('heic-decode') },
});

const UNREADABLE = 'The HEIC image could not be read; export it from the phone or the Photos app as JPEG and upload that.';

/** `IMG_0001.HEIC` → `IMG_0001.jpg`: the name of what is kept. */
export const jpegNameOf = (name: string) => `${name.replace(/\.(heic|heif)$/i, '')}.jpg`;

/**
 * An iPhone's HEIC photo as a JPEG, for an upload that accepts JPEG: the portal keeps and serves only kinds every
 * browser shows, so the conversion happens once, here, and the JPEG is checked like any upload. Null when the blob is
 * not HEIC. Refused (422) when it cannot be decoded or is over 50 megapixels, 413 when the JPEG is over the limit.
 * The caller deletes the HEIC blob; the JPEG blob is the caller's to keep or delete.
 */
export async function heicAsJpeg(
  store: BlobStore,
  blob: StoredBlob,
  name: string,
  maxBytes: number,
  field: string,
): Promise<{ blob: StoredBlob; name: string } | null> {
  const source = blobSource(store, blob.key, blob.size);
  if (!isHeic(await source.read(0, 16))) return null;
  const bytes = await source.read(0, blob.size);
  const jpeg = await heavyWork.run(async () => {
    let decoded: Decoded;
    try {
      decoded = (await heicWorker.run({ bytes, maxPixels: MAX_IMAGE_PIXELS })) as Decoded;
    } catch {
      throw invalid({ [field]: [UNREADABLE] });
    }
    const { width, height, data } = decoded;
    if (!data) {
      throw invalid({ [field]: [`The image is ${width} × ${height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are accepted.`] });
    }
    const sharp = await loadSharp();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } })
      .removeAlpha()
      .jpeg({ quality: 90 })
      .toBuffer();
  });
  try {
    return { blob: await store.put(jpeg, { contentType: 'image/jpeg', maxBytes }), name: jpegNameOf(name) };
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw fileTooLarge(maxBytes, field);
    throw error;
  }
}
