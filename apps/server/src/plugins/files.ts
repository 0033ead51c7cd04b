import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { folderBlobStore } from '../lib/blob-store/folder-store';
import type { BlobStore } from '../lib/blob-store/types';
import { loadSecret } from '../lib/secret-file';
import { urlSigner, type UrlSigner } from '../lib/signed-urls';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where photos, documents and attachments are kept. */
    blobs: BlobStore;
    /** Signs and checks the short-lived URLs that files and images are served under. */
    urls: UrlSigner;
  }
}

export interface FilesPluginOptions {
  dataDir: string;
  /** FILES_SECRET; unset: generated once into DATA_DIR/files-secret. */
  secret?: string | undefined;
  /** A store to use instead of the folder (tests, S3). */
  store?: BlobStore;
}

export const filesPlugin = fp(
  async (app: FastifyInstance, options: FilesPluginOptions) => {
    app.decorate('blobs', options.store ?? folderBlobStore(path.join(options.dataDir, 'blobs')));
    app.decorate('urls', urlSigner(await loadSecret({ secret: options.secret, dataDir: options.dataDir, name: 'files-secret' })));
  },
  { name: 'files' },
);
