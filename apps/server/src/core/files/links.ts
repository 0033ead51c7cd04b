import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { UrlSigner } from '../../lib/signed-urls';

/**
 * Who a signed URL was handed to (docs/decisions/062-file-links-checked-at-use.md). The signature
 * covers it, so it is never taken on trust from the query, and the file routes check at each use
 * that this audience may still see the file (core/files/access.ts):
 * - `p<sessionId>`: a portal session (the customer's own or a staff preview): the session must not be
 *   revoked, and the record holding the file must still be shared with its user, in an area switched on;
 * - `c<companyId>`: the company itself (the staff console or an API key): the file must be the company's.
 */
export type LinkAudience = { kind: 'portal'; sessionId: number } | { kind: 'company'; companyId: number };

export function audienceParam(audience: LinkAudience): string {
  return audience.kind === 'portal' ? `p${audience.sessionId}` : `c${audience.companyId}`;
}

export function parseAudience(value: string | undefined): LinkAudience | null {
  const match = value ? /^([pc])([1-9]\d{0,15})$/.exec(value) : null;
  if (!match) return null;
  const id = Number(match[2]);
  return match[1] === 'p' ? { kind: 'portal', sessionId: id } : { kind: 'company', companyId: id };
}

/** The audience of the links an answer to this request carries: the portal session, else the company behind the console or the key. */
export function audienceOf(request: Pick<FastifyRequest, 'portalUser' | 'staffMember' | 'integration'>): LinkAudience {
  if (request.portalUser) return { kind: 'portal', sessionId: request.portalUser.sessionId };
  const companyId = request.integration?.company.id ?? request.staffMember?.company.id;
  // A route that hands out links always has a caller; a public one never does, so this is a bug, not a 4xx.
  if (companyId === undefined) throw new Error('file links asked for outside an authenticated request');
  return { kind: 'company', companyId };
}

/** The signed path: the audience is part of what the signature covers. */
export function signedPath(path: string, audience: LinkAudience): string {
  return `${path}?aud=${audienceParam(audience)}`;
}

/**
 * The signed URLs of files, for one audience. A browser cannot put a bearer token on an `<img>` or a
 * download link, so the signature says who the URL was handed to; whoever hands one out must have checked
 * that the caller may see the file (requireEntity, requireArea, the file belongs to the record), and the
 * file routes check again at each use that the audience still may.
 */
export interface FileLinks {
  /** Shown by the browser (PDFs and images inline; anything else still downloads). */
  view(fileId: number): string;
  /** Downloaded under the file's real name (`Content-Disposition: attachment`). */
  download(fileId: number): string;
  /** The image proxy: the web adds a listed variant, density and format (apps/web/src/lib/image-url.ts, decision 061). */
  image(fileId: number): string;
  /** Any other path of ours served under the same rules (the album zip). */
  sign(path: string): string;
}

/** What serializers take: the links of the request's audience. */
export interface WithFileLinks {
  fileLinks: FileLinks;
}

export interface FileLinker {
  /** The links for one audience (usually `audienceOf(request)`; see `linksOf`). */
  for(audience: LinkAudience): FileLinks;
}

export const filePaths = {
  view: (fileId: number) => `/api/files/${fileId}`,
  download: (fileId: number) => `/api/files/${fileId}/download`,
  image: (fileId: number) => `/api/images/${fileId}`,
};

/** Absolute URLs on PUBLIC_URL, stable within a signing window (per audience) so browsers cache them. */
export function fileLinker(urls: UrlSigner, publicUrl: string, now: () => Date): FileLinker {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    for(audience) {
      const signed = (path: string) => `${base}${urls.sign(signedPath(path, audience), now())}`;
      return {
        view: (fileId) => signed(filePaths.view(fileId)),
        download: (fileId) => signed(filePaths.download(fileId)),
        image: (fileId) => signed(filePaths.image(fileId)),
        sign: signed,
      };
    },
  };
}

/** `{ fileLinks }` for the request's caller, to pass to serializers. */
export function linksOf(app: { fileLinks: FileLinker }, request: Parameters<typeof audienceOf>[0]): WithFileLinks {
  return { fileLinks: app.fileLinks.for(audienceOf(request)) };
}

export const SignatureQuerySchema = z.object({
  aud: z.string().optional().describe('Who the URL was handed to (covered by the signature)'),
  exp: z.string().optional().describe('Expiry of the signed URL (seconds since the epoch)'),
  sig: z.string().optional().describe('HMAC signature of the path, the audience and the expiry'),
});
