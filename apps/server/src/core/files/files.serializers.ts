import type { StoredFile } from '@portal/contract';
import { isImageKind } from '../../lib/file-types';
import { apiTimestamp } from '../../lib/timestamps';
import type { FileRow } from '../../db/rows';
import type { WithFileLinks } from './links';

/** A file with its signed URLs (`linksOf(app, request)`). Call only for a file the caller may see. */
export function serializeFile(app: WithFileLinks, file: FileRow): StoredFile {
  return {
    id: file.id,
    name: file.original_name,
    kind: file.kind as StoredFile['kind'],
    content_type: file.content_type,
    size: file.size,
    width: file.width,
    height: file.height,
    url: app.fileLinks.view(file.id),
    download_url: app.fileLinks.download(file.id),
    image_url: isImageKind(file.kind) ? app.fileLinks.image(file.id) : null,
    created_at: apiTimestamp(file.created_at),
  };
}
