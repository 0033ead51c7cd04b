import type { Album, Photo } from '@portal/contract';
import { ArrowLeft, Download, Images } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { responsiveImage } from '../../../lib/image-url';
import type { ProjectPageProps } from '../../../lib/portal';
import { useAlbum } from '../api/get-album';
import { useAlbums } from '../api/get-albums';
import { PhotoViewer } from './photo-viewer';

export function PhotosPage({ entity }: ProjectPageProps) {
  return <Albums entity={entity.id} />;
}

/** A square-ish thumbnail through the image proxy: webp, 1x and 2x, lazy, with its size so nothing jumps. */
function Thumbnail({ photo, width, height, alt }: { photo: Photo; width: number; height: number; alt: string }) {
  const image = responsiveImage(photo.file.image_url!, { width, height, fit: 'cover' });
  return <img {...image} alt={alt} width={width} height={height} loading="lazy" decoding="async" className="aspect-[4/3] h-auto w-full object-cover" />;
}

function Albums({ entity }: { entity: number }) {
  const [open, setOpen] = useState<Album | null>(null);
  const albums = useAlbums(entity);
  if (open) return <AlbumView entity={entity} album={open} onBack={() => setOpen(null)} />;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Photos" />
      {albums.isPending ? (
        <PageSpinner label="Loading albums…" />
      ) : albums.isError ? (
        <p role="alert" className="text-red-800">
          The albums could not be loaded.
        </p>
      ) : albums.data.length === 0 ? (
        <EmptyState icon={Images} title="No albums yet">
          Albums your project team shares with you will appear here.
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {albums.data.map((album) => (
            <li key={album.id}>
              <button
                type="button"
                onClick={() => setOpen(album)}
                className="group block w-full overflow-hidden rounded-2xl bg-white text-left ring-1 ring-slate-200 transition hover:ring-slate-400"
              >
                {album.cover ? (
                  <Thumbnail photo={album.cover} width={384} height={288} alt="" />
                ) : (
                  <div className="flex aspect-[4/3] items-center justify-center bg-slate-100">
                    <Images aria-hidden="true" className="size-10 text-slate-400" />
                  </div>
                )}
                <span className="block px-4 py-3">
                  <span className="block font-semibold text-slate-900 group-hover:underline">{album.name}</span>
                  <span className="block text-sm text-slate-600">
                    {album.photo_count} {album.photo_count === 1 ? 'photo' : 'photos'}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AlbumView({ entity, album, onBack }: { entity: number; album: Album; onBack: () => void }) {
  const detail = useAlbum(entity, album.id);
  const [index, setIndex] = useState<number | null>(null);
  const photos = detail.data?.photos ?? [];
  return (
    <div className="flex flex-col gap-6">
      <div>
        <button type="button" onClick={onBack} className="inline-flex items-center gap-1 font-medium text-blue-800 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" /> All albums
        </button>
      </div>
      <PageHeading title={album.name}>
        {album.photo_count} {album.photo_count === 1 ? 'photo' : 'photos'}
      </PageHeading>
      <div>
        <a
          href={detail.data?.zip_url ?? album.zip_url}
          download
          className="inline-flex items-center gap-2 rounded-full px-6 py-3 font-semibold ring-1 ring-slate-300 hover:bg-slate-100"
        >
          <Download aria-hidden="true" className="size-4" /> Download album (zip)
        </a>
      </div>
      {detail.isPending ? (
        <PageSpinner label="Loading photos…" />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {photos.map((photo, position) => (
            <li key={photo.id}>
              <button
                type="button"
                onClick={() => setIndex(position)}
                className="block w-full overflow-hidden rounded-xl ring-1 ring-slate-200 hover:ring-slate-400"
                aria-label={`Open photo ${position + 1} of ${photos.length}${photo.caption ? `: ${photo.caption}` : ''}`}
              >
                <Thumbnail photo={photo} width={280} height={210} alt={photo.caption ?? ''} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <PhotoViewer photos={photos} index={index} onIndexChange={setIndex} onClose={() => setIndex(null)} />
    </div>
  );
}
