import { buffer as readAll } from 'node:stream/consumers';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/http-errors';

/**
 * The signed PDF is made once, at signing, and stored: never rendered again, so the bytes a reader downloads are the
 * bytes whose SHA-256 the evidence records (docs/decisions/067-proposal-pages.md).
 */

/** A stored signed PDF: its blob, its SHA-256 and size, and a way to take it back. */
export interface StoredPdf {
  key: string;
  sha256: string;
  size: number;
  remove: () => Promise<void>;
}

export type PdfStore = (pdf: Buffer) => Promise<StoredPdf>;

/** Stores a signed PDF in the blob store; `remove` takes it back when its signature is not written. */
export async function storeSignedPdf(app: FastifyInstance, pdf: Buffer): Promise<StoredPdf> {
  const blob = await app.blobs.put(pdf, { contentType: 'application/pdf' });
  return { ...blob, remove: () => app.blobs.delete(blob.key) };
}

/**
 * Runs a signature's transaction: `keep` stores the PDF made inside it, and a transaction that does not commit (a lost
 * race, a failed insert) deletes that PDF again, so no PDF is left without its evidence. The error still propagates.
 */
export async function signingTransaction<T>(
  db: Executor,
  store: PdfStore,
  work: (tx: Executor, keep: (pdf: Buffer) => Promise<StoredPdf>) => Promise<T>,
): Promise<T> {
  let stored: StoredPdf | null = null;
  try {
    return await db.transaction((tx) =>
      work(tx, async (pdf) => {
        const blob = await store(pdf);
        stored = blob;
        return blob;
      }),
    );
  } catch (error) {
    await (stored as StoredPdf | null)?.remove();
    throw error;
  }
}

/**
 * The signed PDF as it was stored at signing, byte for byte, with its SHA-256 in `x-content-sha256`. No cache may keep
 * it: it shows one customer's signature.
 */
export async function sendSignedPdf(
  app: FastifyInstance,
  reply: FastifyReply,
  fileName: string,
  signed: { pdf_blob_key: string; pdf_sha256: string },
  disposition: 'attachment' | 'inline',
) {
  const stream = await app.blobs.get(signed.pdf_blob_key);
  if (!stream) throw notFound();
  const bytes = await readAll(stream);
  return reply
    .type('application/pdf')
    .header('content-disposition', `${disposition}; filename="${fileName}.pdf"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-sha256', signed.pdf_sha256)
    .send(bytes);
}
