import type { Album, Photo } from '@portal/contract';
import { apiTimestamp } from '../../lib/timestamps';
import { serializeFile } from '../../core/files/files.serializers';
import type { AlbumWithCover, PhotoWithFile } from '../../core/covers';
import type { WithFileLinks } from '../../core/files/links';

export const albumZipPath = (albumId: number) => `/api/albums/${albumId}/zip`;

type Links = WithFileLinks;

export function serializePhoto(app: Links, { photo, file }: PhotoWithFile): Photo {
  return {
    id: photo.id,
    album_id: photo.album_id,
    caption: photo.caption,
    taken_at: photo.taken_at ? apiTimestamp(photo.taken_at) : null,
    width: file.width,
    height: file.height,
    created_at: apiTimestamp(photo.created_at),
    file: serializeFile(app, file),
  };
}

export function serializeAlbum(app: Links, item: AlbumWithCover): Album {
  return {
    id: item.album.id,
    name: item.album.name,
    photo_count: item.photo_count,
    cover: item.cover ? serializePhoto(app, item.cover) : null,
    zip_url: app.fileLinks.sign(albumZipPath(item.album.id)),
    created_at: apiTimestamp(item.album.created_at),
    updated_at: apiTimestamp(item.album.updated_at),
  };
}
