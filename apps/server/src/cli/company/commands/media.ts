import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { MAX_DOCUMENT_BYTES, MAX_PHOTO_BYTES, type IntegrationAlbum, type IntegrationDocument, type IntegrationPhoto } from '@portal/contract';
import { defineCommand, idOption, textOption } from '../command';
import { escapeNameForDisplay, uploadNameProblem } from '../../../lib/file-types';
import { RefusedError, SetupError, UsageError } from '../errors';
import { contentTypeOf } from './company';

/** What the server takes as a photo: HEIC too, which it keeps as JPEG (core/files/heic.ts). */
const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.heic', '.heif'];

/**
 * A file the command did not take, and why, in words a person can act on. `refused`: a photo that should have gone in
 * (the command then ends with exit code 1); otherwise not a photo at all (a note, a folder), named and passed over.
 */
type NotTaken = { file: string; reason: string; refused: boolean };

const refusalText = (error: RefusedError) => Object.values(error.errors).flat().join(' ') || error.message;

export const uploadPhotos = defineCommand({
  name: 'upload-photos',
  summary: 'a folder of photos becomes an album of a project (--share shows it to the customers)',
  as: 'company',
  options: {
    project: { type: 'string', value: 'ID', required: true, help: 'the project' },
    folder: { type: 'string', value: 'PATH', required: true, help: 'a folder of JPEG, PNG, WebP or HEIC files, taken in name order' },
    album: { type: 'string', value: 'NAME', help: "the album's name (default: the folder's name)" },
    share: { type: 'boolean', help: 'share the album once every photo is in' },
  },
  async run({ client, options, json, print, resolvePath }) {
    const folder = resolvePath(textOption(options, 'folder')!);
    const projectId = idOption(options, 'project');
    const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      throw new SetupError(`Cannot read the folder ${folder}: ${error.code ?? String(error)}`);
    });
    const skipped: NotTaken[] = [];
    const images: string[] = [];
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))) {
      const shown = escapeNameForDisplay(entry.name);
      const nameProblem = uploadNameProblem(entry.name);
      if (!entry.isFile()) skipped.push({ file: shown, reason: 'a folder, not a photo (the photos inside it are not taken).', refused: false });
      else if (!PHOTO_EXTENSIONS.includes(path.extname(entry.name).toLowerCase()))
        skipped.push({ file: shown, reason: `not a photo (the command takes ${PHOTO_EXTENSIONS.join(', ')}).`, refused: false });
      // Before anything is sent: the server would refuse it without naming it as it is on the disk.
      else if (nameProblem !== null) skipped.push({ file: shown, reason: nameProblem, refused: true });
      else images.push(entry.name);
    }
    if (!json) for (const { file, reason } of skipped) print(`Skipped ${file}: ${reason}`);
    if (images.length === 0) throw new UsageError(`${folder} holds no photo to upload (${PHOTO_EXTENSIONS.join(', ')}).`);

    // One photo a request: a refusal then names its photo, and the others still go in.
    let album: IntegrationAlbum | null = null;
    const uploaded: IntegrationPhoto[] = [];
    const refused: NotTaken[] = [];
    for (const name of images) {
      album ??= (await client.company('POST', `/integration/projects/${projectId}/albums`, {
        body: { name: textOption(options, 'album')?.trim() || path.basename(folder) },
      })) as IntegrationAlbum;
      try {
        const answer = (await client.company('POST', `/integration/albums/${album.id}/photos`, {
          files: [{ field: 'files', path: path.join(folder, name), contentType: contentTypeOf(name), maxBytes: MAX_PHOTO_BYTES }],
        })) as { data: IntegrationPhoto[] };
        uploaded.push(...answer.data);
        if (!json) print(`Uploaded ${name} (${uploaded.length + refused.length} of ${images.length}).`);
      } catch (error) {
        if (!(error instanceof RefusedError) || error.status === 404 || error.status === 401 || error.status === 403) throw error;
        refused.push({ file: name, reason: refusalText(error), refused: true });
        if (!json) print(`Not uploaded ${name} (${uploaded.length + refused.length} of ${images.length}): ${refusalText(error)}`);
      }
    }
    // An album with nothing in it is not what anyone asked for.
    if (album && uploaded.length === 0) {
      await client.company('DELETE', `/integration/albums/${album.id}`);
      album = null;
    }
    if (album && options.share === true) album = (await client.company('POST', `/integration/albums/${album.id}/share`)) as IntegrationAlbum;
    const notTaken = [...skipped, ...refused];
    if (json) print(JSON.stringify({ album, photos: uploaded, not_taken: notTaken.map(({ file, reason }) => ({ file, reason })) }, null, 2));
    else if (album) print(`Album ${album.id} "${album.name}": ${uploaded.length} photos${album.is_shared ? ', shared' : ' (not shared yet)'}.`);
    else print('No photo was uploaded, so no album was kept.');
    const failed = notTaken.filter((item) => item.refused);
    if (failed.length > 0) {
      throw new RefusedError(
        422,
        `${failed.length} photo${failed.length === 1 ? ' was' : 's were'} not uploaded: ${failed.map((item) => item.file).join(', ')}. Fix ${failed.length === 1 ? 'it' : 'them'} and upload ${failed.length === 1 ? 'it' : 'them'} again.`,
      );
    }
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
  async run({ client, options, json, print, resolvePath }) {
    const file = resolvePath(textOption(options, 'file')!);
    const answer = (await client.company('POST', `/integration/projects/${idOption(options, 'project')}/documents`, {
      body: { shared: options.share === true ? 'true' : 'false' },
      files: [{ field: 'files', path: file, contentType: contentTypeOf(file), maxBytes: MAX_DOCUMENT_BYTES }],
    })) as { data: IntegrationDocument[] };
    const document = answer.data[0]!;
    print(json ? JSON.stringify(document, null, 2) : `Document ${document.id}: ${document.name}${document.is_shared ? ', shared' : ' (not shared yet)'}.`);
  },
});
