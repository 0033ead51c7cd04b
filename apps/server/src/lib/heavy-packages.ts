import { loadOnce } from './load-once';

/**
 * Packages that only some requests need, loaded by the first of them (docs/decisions/084-memory-at-rest.md): sharp
 * maps libvips (about 8 MB), pdfkit its font metrics and fontkit (about 8 MB), and the S3 SDK is needed only with a
 * bucket (about 6 MB): a server at rest need not hold them.
 */
export const loadSharp = loadOnce(async () => {
  const sharp = (await import('sharp')).default;
  // One encode, one thread: libvips would otherwise spread each encode over every core, and the queue of heavy work
  // (lib/concurrency.ts) could not keep a core for the requests.
  sharp.concurrency(1);
  return sharp;
});
export const loadPdfKit = loadOnce(async () => (await import('pdfkit')).default);
export const loadS3Sdk = loadOnce(() => import('@aws-sdk/client-s3'));
