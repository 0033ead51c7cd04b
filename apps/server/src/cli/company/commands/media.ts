import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { IntegrationAlbum, IntegrationDocument, IntegrationPhoto } from '@portal/contract';
import { defineCommand, idOption, textOption } from '../command';
import { escapeNameForDisplay, uploadNameProblem } from '../../../lib/file-types';
import { SetupError, UsageError } from '../errors';
import { contentTypeOf } from './company';

/** As many as the server takes in one request. */
const PHOTOS_PER_REQUEST = 20;
const PHOTO_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp']);

export const uploadPhotos = defineCommand({
  name: 'upload-photos',
  summary: 'a folder of photos becomes an album of a project (--share shows it to the customers)',
  as: 'company',
  options: {
    project: { type: 'string', value: 'ID', required: true, help: 'the project' },
    folder: { type: 'string', value: 'PATH', required: true, help: 'a folder of JPEG, PNG or WebP files, taken in name order' },
    album: { type: 'string', value: 'NAME', help: "the album's name (default: the folder's name)" },
    share: { type: 'boolean', help: 'share the album once every photo is in' },
  },
  async run({ client, options, json, print }) {
    const folder = path.resolve(textOption(options, 'folder')!);
    const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
      throw new SetupError(`Cannot read the folder ${folder}: ${error.code ?? String(error)}`);
    });
    const images = names.filter((name) => PHOTO_EXTENSIONS.has(path.extname(name).toLowerCase())).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    if (images.length === 0) throw new UsageError(`${folder} holds no .jpg, .jpeg, .png or .webp file.`);
    // Before the album is made: the server would refuse the whole batch without saying which photo.
    const unfit = images.find((name) => uploadNameProblem(name) !== null);
    if (unfit !== undefined) throw new UsageError(`${escapeNameForDisplay(unfit)} in ${folder}: ${uploadNameProblem(unfit)}`);
    let album = (await client.company('POST', `/integration/projects/${idOption(options, 'project')}/albums`, {
      body: { name: textOption(options, 'album')?.trim() || path.basename(folder) },
    })) as IntegrationAlbum;
    const uploaded: IntegrationPhoto[] = [];
    for (let start = 0; start < images.length; start += PHOTOS_PER_REQUEST) {
      const batch = images.slice(start, start + PHOTOS_PER_REQUEST);
      const answer = (await client.company('POST', `/integration/albums/${album.id}/photos`, {
        files: batch.map((name) => ({ field: 'files', path: path.join(folder, name), contentType: contentTypeOf(name) })),
      })) as { data: IntegrationPhoto[] };
      uploaded.push(...answer.data);
      if (!json) print(`Uploaded ${uploaded.length} of ${images.length}.`);
    }
    if (options.share === true) album = (await client.company('POST', `/integration/albums/${album.id}/share`)) as IntegrationAlbum;
    if (json) return print(JSON.stringify({ album, photos: uploaded }, null, 2));
    print(`Album ${album.id} "${album.name}": ${uploaded.length} photos${album.is_shared ? ', shared' : ' (not shared yet)'}.`);
  },
});

export const uploadDocument = defineCommand({
  name: 'upload-document',
  summary: 'add a document to a project (--share shows it to the customers)',
  as: 'company',
  options: {
    project: { type: 'string', value: 'ID', required: true, help: 'the project' },
    file: { type: 'string', value: 'PATH', required: true, help: 'the file (PDF, image, Word, Excel or text)' },
    share: { type: 'boolean', help: 'share it with the customers at once' },
  },
  async run({ client, options, json, print }) {
    const file = textOption(options, 'file')!;
    const answer = (await client.company('POST', `/integration/projects/${idOption(options, 'project')}/documents`, {
      body: { shared: options.share === true ? 'true' : 'false' },
      files: [{ field: 'files', path: file, contentType: contentTypeOf(file) }],
    })) as { data: IntegrationDocument[] };
    const document = answer.data[0]!;
    print(json ? JSON.stringify(document, null, 2) : `Document ${document.id}: ${document.name}${document.is_shared ? ', shared' : ' (not shared yet)'}.`);
  },
});
