import type { Photo } from '@portal/contract';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { ArrowLeft, Download, ImageOff, Images } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { EmptyState } from '../../../../components/ui/empty-state';
import { ApiRequestError } from '../../../../lib/api-client';
import { PageHeading } from '../../../../components/ui/page-heading';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { responsiveImage } from '../../../../lib/image-url';
import { paths } from '../../../lib/paths';
import type { ProjectPageProps } from '../../../lib/portal';
import { useAlbum } from '../api/get-album';
import { useAlbums } from '../api/get-albums';

// The viewer (a Radix dialog with its focus and scroll-lock code) loads with the first photo opened, not with the album.
const loadViewer = () => import('../../../../components/photo-viewer');
const PhotoViewer = lazy(() => loadViewer().then((module) => ({ default: module.PhotoViewer })));
const prefetchViewer = () => void loadViewer().catch(() => undefined);

const route = getRouteApi('/default/photos');

export function PhotosPage({ entity }: ProjectPageProps) {
  return <Albums entity={entity.id} />;
}

/** A square-ish thumbnail through the image proxy: webp, 1x and 2x, lazy, with its size so nothing jumps. */
function Thumbnail({ photo, variant, alt }: { photo: Photo; variant: 'album-cover' | 'photo-thumbnail'; alt: string }) {
  const image = responsiveImage(photo.file.image_url!, variant);
  return <img {...image} alt={alt} loading="lazy" decoding="async" className="aspect-[4/3] h-auto w-full object-cover" />;
}

function Albums({ entity }: { entity: number }) {
  const { album: openAlbum, photo } = route.useSearch();
  const albums = useAlbums(entity);
  if (openAlbum !== undefined) return <AlbumView entity={entity} albumId={openAlbum} photoId={photo} />;
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
              <Link
                to="/photos"
                search={(previous) => ({ ...previous, album: album.id, photo: undefined })}
                className="group block w-full overflow-hidden rounded-2xl bg-white text-left ring-1 ring-slate-200 transition hover:ring-slate-400"
              >
                {album.cover ? (
                  <Thumbnail photo={album.cover} variant="album-cover" alt="" />
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
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** What a link to an album or photo the user cannot see (removed, unshared, another project's) shows. */
function NotAvailable({ entity, what, album }: { entity: number; what: 'album' | 'photo'; album?: number }) {
  return (
    <>
      <PageHeading title="Photos" />
      <EmptyState icon={ImageOff} title={what === 'album' ? 'This album is not available' : 'This photo is not available'}>
        It may have been removed, or it is not shared with you.{' '}
        <Link {...paths.photos({ entity })} search={{ entity, album }} className="font-medium text-blue-800 underline">
          {what === 'album' ? 'See all albums' : 'See the album'}
        </Link>
        .
      </EmptyState>
    </>
  );
}

function AlbumView({ entity, albumId, photoId }: { entity: number; albumId: number; photoId: number | undefined }) {
  const navigate = route.useNavigate();
  const router = useRouter();
  const detail = useAlbum(entity, albumId);
  // Opened here (a push): closing goes back to the album's entry. Arrived by a link or a reload: closing replaces it.
  const openedHere = useRef(false);
  const [viewerOpened, setViewerOpened] = useState(photoId !== undefined);
  if (photoId !== undefined && !viewerOpened) setViewerOpened(true);
  if (detail.isPending) return <PageSpinner label="Loading photos…" />;
  if (detail.isError) {
    if (detail.error instanceof ApiRequestError && detail.error.status === 404) return <NotAvailable entity={entity} what="album" />;
    return (
      <p role="alert" className="text-red-800">
        The album could not be loaded.
      </p>
    );
  }
  const album = detail.data;
  const photos = album.photos;
  const index = photoId === undefined ? null : photos.findIndex((photo) => photo.id === photoId);
  if (index === -1) return <NotAvailable entity={entity} what="photo" album={album.id} />;

  const show = (position: number, how: 'push' | 'replace') => {
    if (how === 'push') openedHere.current = true;
    void navigate({ search: (previous) => ({ ...previous, photo: photos[position]!.id }), replace: how === 'replace', resetScroll: false });
  };
  const close = () => {
    if (openedHere.current) {
      openedHere.current = false;
      router.history.back();
    } else {
      void navigate({ search: (previous) => ({ ...previous, photo: undefined }), replace: true, resetScroll: false });
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link {...paths.photos({ entity })} className="inline-flex items-center gap-1 font-medium text-blue-800 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" /> All albums
        </Link>
      </div>
      <PageHeading title={album.name}>
        {album.photo_count} {album.photo_count === 1 ? 'photo' : 'photos'}
      </PageHeading>
      <div>
        <a
          href={album.zip_url}
          download
          className="inline-flex items-center gap-2 rounded-full px-6 py-3 font-semibold ring-1 ring-slate-300 hover:bg-slate-100"
        >
          <Download aria-hidden="true" className="size-4" /> Download album (zip)
        </a>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" onPointerEnter={prefetchViewer} onFocus={prefetchViewer}>
        {photos.map((photo, position) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={() => show(position, 'push')}
              className="block w-full overflow-hidden rounded-xl ring-1 ring-slate-200 hover:ring-slate-400"
              aria-label={`Open photo ${position + 1} of ${photos.length}${photo.caption ? `: ${photo.caption}` : ''}`}
            >
              <Thumbnail photo={photo} variant="photo-thumbnail" alt={photo.caption ?? ''} />
            </button>
          </li>
        ))}
      </ul>
      {/* Moving between photos replaces the entry: Back closes the viewer, it does not step through the album. Once
          opened it stays mounted, so Radix hands focus back to the thumbnail when it closes. */}
      {viewerOpened ? (
        <Suspense fallback={null}>
          <PhotoViewer photos={photos} index={index} onIndexChange={(position) => show(position, 'replace')} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
