import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Images } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { QueryStatus } from '../../../../components/query-status';
import { useDocumentTitle } from '../../../../components/document-title';
import { Pagination } from '../../../../components/pagination';
import { EmptyState } from '../../../../components/ui/empty-state';
import { FormError } from '../../../../components/ui/form-error';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { ApiRequestError } from '../../../../lib/api-client';
import { formErrors } from '../../../../lib/form-errors';
import { staffQueryPrefix } from '../../../lib/staff-api';
import { albumPath, useAlbum } from '../api/get-album';
import { albumsPath } from '../api/list-albums';
import { PHOTOS_PAGE_SIZE, photosPath, usePhotos } from '../api/list-photos';
import { useMovePhoto } from '../api/move-photo';
import { AlbumActions, SharedBadge } from './album-actions';
import { PhotoCard } from './photo-card';
import { PhotoUploader } from './photo-uploader';

function NotFound() {
  return (
    <div role="alert" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 className="mb-2 text-2xl font-semibold text-slate-900">Page not found</h2>
      <p className="text-slate-700">This album does not exist or belongs to another project.</p>
    </div>
  );
}

/** One album in the console: its photos as a grid to caption, order and delete, and a place to drop more. */
export function StaffAlbumPage({ projectId, albumId }: { projectId: number; albumId: number }) {
  const album = useAlbum(albumId);
  const [page, setPage] = useState(1);
  const photos = usePhotos(albumId, page);
  const move = useMovePhoto(albumId);
  const client = useQueryClient();
  const navigate = useNavigate();
  // A moved card changes place, and the browser drops focus from a node it moves: focus goes back to the button that
  // moved it once the new order is on screen (the move's answer comes after the list was read again).
  const focusAfterMove = useRef<{ photoId: number; direction: 'earlier' | 'later' } | null>(null);
  useDocumentTitle(album.data ? album.data.name : null);

  useEffect(() => {
    const wanted = focusAfterMove.current;
    if (!wanted) return;
    focusAfterMove.current = null;
    const button = (direction: string) => document.getElementById(`move-${direction}-${wanted.photoId}`) as HTMLButtonElement | null;
    const same = button(wanted.direction);
    (same && !same.disabled ? same : button(wanted.direction === 'earlier' ? 'later' : 'earlier'))?.focus();
  });

  if (album.isPending) return <PageSpinner />;
  if (album.isError) {
    if (album.error instanceof ApiRequestError && album.error.status === 404) return <NotFound />;
    return (
      <p role="alert" className="text-slate-700">
        The album could not be loaded. Try again in a moment.
      </p>
    );
  }
  if (album.data.project_id !== projectId) return <NotFound />;

  const refresh = () => {
    void client.invalidateQueries({ queryKey: staffQueryPrefix(photosPath(albumId)) });
    void client.invalidateQueries({ queryKey: staffQueryPrefix(albumPath(albumId)) });
    void client.invalidateQueries({ queryKey: staffQueryPrefix(albumsPath(projectId)) });
  };
  const total = photos.data?.total ?? album.data.photo_count;
  const offset = (page - 1) * PHOTOS_PAGE_SIZE;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link to="/staff/projects/$projectId/photos" params={{ projectId }} className="text-sm font-medium text-slate-600 underline-offset-2 hover:underline">
          ← Albums
        </Link>
        <div className="flex flex-col gap-1">
          <h2 className="text-xl font-semibold wrap-anywhere text-slate-900">{album.data.name}</h2>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span>{album.data.photo_count === 1 ? '1 photo' : `${album.data.photo_count} photos`}</span>
            <SharedBadge shared={album.data.is_shared} />
          </p>
        </div>
        <AlbumActions
          projectId={projectId}
          album={album.data}
          onDeleted={() => void navigate({ to: '/staff/projects/$projectId/photos', params: { projectId } })}
        />
      </div>

      <PhotoUploader albumId={albumId} onUploaded={refresh} />

      <section aria-labelledby="album-photos" className="flex flex-col gap-4">
        <h2 id="album-photos" className="text-lg font-semibold text-slate-900">
          Photos
        </h2>
        <FormError message={formErrors(move.error).form} />
        <QueryStatus query={photos} noun="photos" className="text-slate-700" />
        {!photos.isSuccess ? null : photos.data.data.length === 0 ? (
          <EmptyState icon={Images} title="No photos yet">
            Drop photos above, or choose them from this device.
          </EmptyState>
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
              {photos.data.data.map((photo, index) => (
                <PhotoCard
                  key={photo.id}
                  albumId={albumId}
                  photo={photo}
                  place={offset + index + 1}
                  count={total}
                  moving={move.isPending || photos.isFetching}
                  onMove={(direction) =>
                    move.mutate(
                      { photoId: photo.id, index: offset + index + (direction === 'earlier' ? -1 : 1) },
                      { onSuccess: () => (focusAfterMove.current = { photoId: photo.id, direction }) },
                    )
                  }
                />
              ))}
            </ul>
            {photos.data.last_page > 1 ? (
              <Pagination
                page={page}
                lastPage={photos.data.last_page}
                pageSize={PHOTOS_PAGE_SIZE}
                total={total}
                onPageChange={setPage}
                onPageSizeChange={() => undefined}
                sizes={[PHOTOS_PAGE_SIZE]}
                label="Photo pages"
              />
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
