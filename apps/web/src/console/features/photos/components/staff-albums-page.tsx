import { Link } from '@tanstack/react-router';
import { Images } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { QueryStatus } from '../../../../components/query-status';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { FormError } from '../../../../components/ui/form-error';
import { TextField } from '../../../../components/ui/text-field';
import { formErrors } from '../../../../lib/form-errors';
import { useCreateAlbum } from '../api/create-album';
import { useAlbums } from '../api/list-albums';
import { useFirstPhoto } from '../api/list-photos';
import { responsiveImage } from '../../../../lib/image-url';
import { AlbumActions, SharedBadge } from './album-actions';

const photoCount = (count: number) => (count === 1 ? '1 photo' : `${count} photos`);

/** The album's first photo, small, or an empty frame for an empty album. */
function AlbumThumbnail({ albumId }: { albumId: number }) {
  const first = useFirstPhoto(albumId).data?.data[0];
  const image = first?.file.image_url ? responsiveImage(first.file.image_url, 'console-album-cover') : null;
  return image ? (
    <img {...image} alt="" loading="lazy" decoding="async" className="h-18 w-24 shrink-0 rounded-lg bg-slate-100 object-cover" />
  ) : (
    <div className="flex h-18 w-24 shrink-0 items-center justify-center rounded-lg bg-slate-100">
      <Images aria-hidden="true" className="size-6 text-slate-400" />
    </div>
  );
}

/** A project's albums in the console: make one, open one to fill it, share, rename or delete each. */
export function StaffAlbumsPage({ projectId }: { projectId: number }) {
  const albums = useAlbums(projectId);
  const create = useCreateAlbum(projectId);
  const [name, setName] = useState('');
  const errors = formErrors(create.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, { onSuccess: () => setName('') });
  };

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="new-album" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="new-album" className="mb-1 text-lg font-semibold text-slate-900">
          New album
        </h2>
        <p className="mb-4 text-sm text-slate-600">New albums are not shared: add the photos, then share it and the customers hear of it once.</p>
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <TextField label="Album name" value={name} onChange={(event) => setName(event.target.value)} error={errors.fields.name} maxLength={200} required />
          </div>
          <Button type="submit" disabled={create.isPending} className="sm:mb-[1px]">
            {create.isPending ? 'Creating…' : 'Create album'}
          </Button>
        </form>
        <div className="mt-3 empty:hidden">{errors.form ? <FormError message={errors.form} /> : null}</div>
      </section>

      <section aria-labelledby="albums" className="flex flex-col gap-4">
        <h2 id="albums" className="text-lg font-semibold text-slate-900">
          Albums
        </h2>
        <QueryStatus query={albums} noun="albums" className="text-slate-700" />
        {!albums.isSuccess ? null : albums.data.data.length === 0 ? (
          <EmptyState icon={Images} title="No albums yet">
            Create an album above, then drop the project’s photos into it.
          </EmptyState>
        ) : (
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {albums.data.data.map((album) => (
              <li key={album.id} className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <div className="flex items-start gap-4">
                  <AlbumThumbnail albumId={album.id} />
                  <div className="flex min-w-0 flex-col gap-1">
                    <h3 className="text-base font-semibold wrap-anywhere text-slate-900">
                      <Link
                        to="/staff/projects/$projectId/photos/$albumId"
                        params={{ projectId, albumId: album.id }}
                        className="underline-offset-2 hover:underline"
                      >
                        {album.name}
                      </Link>
                    </h3>
                    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                      <span>{photoCount(album.photo_count)}</span>
                      <SharedBadge shared={album.is_shared} />
                    </p>
                  </div>
                </div>
                <AlbumActions projectId={projectId} album={album} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
