import type { FastifyReply, FastifyRequest } from 'fastify';
import { isImageKind } from '../../lib/file-types';
import { HttpError } from '../../lib/http-errors';
import type { BlobStore } from './blob-store/types';
import type { FileRow } from '../../db/rows';

/** Nothing in a served file may load, run or submit anything (and it cannot be framed by other sites). */
export const FILE_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";
/**
 * A PDF shown inline: Chrome refuses to start its PDF viewer in a sandboxed document ("This page
 * has been blocked by Chrome"), so the sandbox directive is left out for PDF previews only. The
 * viewer runs the PDF in the browser's own isolated process; nothing else may load.
 * docs/decisions (files-and-signed-urls).
 */
export const PDF_PREVIEW_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data: blob:";

export const invalidSignature = () => new HttpError(403, 'This link is invalid or has expired.');

/** `attachment; filename="Site plan.pdf"; filename*=UTF-8''Site%20plan.pdf` (RFC 6266 / RFC 5987). */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  // The quoted form is for old clients: ASCII only, no quotes or backslashes.
  const fallback =
    name
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\%]/g, '_')
      .trim() || 'download';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** PDFs and images open in the browser; everything else is always a download. */
export const previewable = (file: Pick<FileRow, 'kind'>) => file.kind === 'pdf' || isImageKind(file.kind);

type ByteRange = { start: number; end: number };

/**
 * One `bytes=` range of RFC 9110 section 14.1.2, or 'none' to send the whole file (no header, a header we
 * do not understand, or several ranges), or 'unsatisfiable'.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'none' | 'unsatisfiable' {
  if (!header) return 'none';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'none';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export interface SendFileOptions {
  disposition: 'inline' | 'attachment';
  /** Seconds since the epoch at which the signed URL expires: the answer may be cached until then. */
  expires: number;
  now: Date;
  /** A file anyone may see (a company's logo): shared caches and other origins may keep and show it. */
  public?: boolean;
}

/**
 * Sends a stored file: its real type (never HTML), nosniff, a sandboxing CSP, Content-Disposition
 * with the real name, one byte range on request, and caching for as long as its URL is valid.
 */
export async function sendFile(store: BlobStore, request: FastifyRequest, reply: FastifyReply, file: FileRow, options: SendFileOptions) {
  const etag = `"${file.sha256}"`;
  const maxAge = Math.max(0, options.expires - Math.floor(options.now.getTime() / 1000));
  const pdfPreview = options.disposition === 'inline' && file.kind === 'pdf';
  void reply.headers({
    'content-type': file.content_type,
    'x-content-type-options': 'nosniff',
    'content-security-policy': pdfPreview ? PDF_PREVIEW_CONTENT_SECURITY_POLICY : FILE_CONTENT_SECURITY_POLICY,
    'content-disposition': contentDisposition(options.disposition, file.original_name),
    'accept-ranges': 'bytes',
    etag,
    'last-modified': file.created_at.toUTCString(),
    'cache-control': `${options.public ? 'public' : 'private'}, max-age=${maxAge}, immutable`,
    'cross-origin-resource-policy': options.public ? 'cross-origin' : 'same-origin',
  });

  if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.status(304).send();
  }

  // If-Range with another validator: the file changed, send it whole.
  const ifRange = request.headers['if-range'];
  const range = ifRange && ifRange !== etag ? 'none' : parseRange(request.headers.range, file.size);
  if (range === 'unsatisfiable') {
    void reply.header('content-range', `bytes */${file.size}`);
    throw new HttpError(416, 'The requested range is not satisfiable.');
  }

  const body = await store.get(file.blob_key, range === 'none' ? undefined : range);
  if (!body) throw new HttpError(404, 'Not found.');
  if (range === 'none') {
    void reply.header('content-length', String(file.size));
    return reply.status(200).send(body);
  }
  void reply.header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  void reply.header('content-length', String(range.end - range.start + 1));
  return reply.status(206).send(body);
}
