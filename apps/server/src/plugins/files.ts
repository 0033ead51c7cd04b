import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createBlobStore, type BlobStoreConfig } from '../core/files/blob-store';
import type { BlobStore } from '../core/files/blob-store/types';
import { loadSecret } from '../lib/secret-file';
import { urlSigner, type UrlSigner } from '../lib/signed-urls';
import { fileLinker, type FileLinker } from '../core/files/links';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where photos, documents and attachments are kept. */
    blobs: BlobStore;
    /** Signs and checks the short-lived URLs that files and images are served under. */
    urls: UrlSigner;
    /** Signed, absolute URLs of a stored file (view, download, image proxy) for one audience: `linksOf(app, request)`. */
    fileLinks: FileLinker;
  }
}

export interface FilesPluginOptions {
  dataDir: string;
  /** FILES_SECRET; unset: generated once into DATA_DIR/files-secret. */
  secret?: string | undefined;
  /** A store made by the caller (app.ts: createBlobStore(env), shared with the seed; tests)… */
  store?: BlobStore;
  /** …or the S3 settings one is made from (S3_BUCKET set: the bucket; else the folder under dataDir). */
  blobStore?: Omit<BlobStoreConfig, 'DATA_DIR'>;
  /** PUBLIC_URL: signed file URLs are absolute on it. */
  publicUrl?: string;
}

export const filesPlugin = fp(
  async (app: FastifyInstance, options: FilesPluginOptions) => {
    const urls = urlSigner(await loadSecret({ secret: options.secret, dataDir: options.dataDir, name: 'files-secret' }));
    app.decorate('blobs', options.store ?? createBlobStore({ ...options.blobStore, DATA_DIR: options.dataDir }));
    app.decorate('urls', urls);
    // Read at each call: tests move the app's clock.
    app.decorate(
      'fileLinks',
      fileLinker(urls, options.publicUrl ?? '', () => app.now()),
    );
  },
  { name: 'files', dependencies: ['clock'] },
);
