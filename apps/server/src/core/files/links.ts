import { z } from 'zod';
import type { UrlSigner } from '../../lib/signed-urls';

/**
 * The signed URLs files are reached by. A browser cannot put a bearer token on an `<img>` or a
 * download link, so the signature is the credential: whoever hands one out must have checked that
 * the caller may see the file (requireEntity, requireArea, the file belongs to the record).
 */
export interface FileLinks {
  /** Shown by the browser (PDFs and images inline; anything else still downloads). */
  view(fileId: number): string;
  /** Downloaded under the file's real name (`Content-Disposition: attachment`). */
  download(fileId: number): string;
  /** The image proxy: the web adds a listed variant, density and format (apps/web/src/lib/image-url.ts, decision 061). */
  image(fileId: number): string;
}

export const filePaths = {
  view: (fileId: number) => `/api/files/${fileId}`,
  download: (fileId: number) => `/api/files/${fileId}/download`,
  image: (fileId: number) => `/api/images/${fileId}`,
};

/** Absolute URLs on PUBLIC_URL, stable within a signing window so browsers cache them. */
export function fileLinks(urls: UrlSigner, publicUrl: string, now: () => Date): FileLinks {
  const base = publicUrl.replace(/\/+$/, '');
  const signed = (path: string) => `${base}${urls.sign(path, now())}`;
  return {
    view: (fileId) => signed(filePaths.view(fileId)),
    download: (fileId) => signed(filePaths.download(fileId)),
    image: (fileId) => signed(filePaths.image(fileId)),
  };
}

export const SignatureQuerySchema = z.object({
  exp: z.string().optional().describe('Expiry of the signed URL (seconds since the epoch)'),
  sig: z.string().optional().describe('HMAC signature of the path and the expiry'),
});
