import type { IntegrationPhoto } from '@portal/contract';
import { ArrowLeft, ArrowRight, Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog, useConfirmOpen } from '../../../../components/confirm-dialog';
import { InlineTextForm } from './inline-text-form';
import { formErrors } from '../../../../lib/form-errors';
import { responsiveImage } from '../../../../lib/image-url';
import { useDeletePhoto } from '../api/delete-photo';
import { useUpdatePhotoCaption } from '../api/update-photo';

const icon =
  'inline-flex size-10 items-center justify-center rounded-full text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40';

export interface PhotoCardProps {
  albumId: number;
  photo: IntegrationPhoto;
  /** Its place in the album, from 1, and how many there are. */
  place: number;
  count: number;
  moving: boolean;
  onMove: (direction: 'earlier' | 'later') => void;
}

/** A photo in the console's grid: its thumbnail, caption (edited in place), place in the album and delete. */
export function PhotoCard({ albumId, photo, place, count, moving, onMove }: PhotoCardProps) {
  const [editing, setEditing] = useState(false);
  const [caption, setCaption] = useState(photo.caption ?? '');
  const update = useUpdatePhotoCaption(albumId, photo.id);
  const remove = useDeletePhoto(albumId);
  const confirm = useConfirmOpen(remove);
  const label = photo.caption || photo.file.name;
  const image = photo.file.image_url ? responsiveImage(photo.file.image_url, 'console-photo') : null;

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(caption.trim() === '' ? null : caption, { onSuccess: () => setEditing(false) });
  };

  return (
    <li className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" aria-label={`Photo ${place} of ${count}: ${label}`}>
      {image ? (
        <img {...image} alt={label} loading="lazy" decoding="async" className="aspect-[4/3] h-auto w-full bg-slate-100 object-cover" />
      ) : (
        <div className="aspect-[4/3] bg-slate-100" />
      )}
      <div className="flex flex-1 flex-col gap-3 p-3">
        {editing ? (
          <InlineTextForm
            label="Caption"
            field="caption"
            value={caption}
            onChange={setCaption}
            maxLength={500}
            error={update.error}
            pending={update.isPending}
            saveLabel="Save"
            onSubmit={save}
            onCancel={() => {
              setEditing(false);
              setCaption(photo.caption ?? '');
              update.reset();
            }}
            className="flex flex-col gap-2"
            buttonsClassName="flex gap-2"
          />
        ) : (
          <p className={`text-sm wrap-anywhere ${photo.caption ? 'text-slate-900' : 'text-slate-500 italic'}`}>{photo.caption || 'No caption'}</p>
        )}
        <div className="mt-auto flex items-center justify-between gap-2">
          <div className="flex gap-1">
            <button
              type="button"
              id={`move-earlier-${photo.id}`}
              className={icon}
              disabled={place === 1 || moving}
              onClick={() => onMove('earlier')}
              aria-label={`Move ${label} earlier`}
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              id={`move-later-${photo.id}`}
              className={icon}
              disabled={place === count || moving}
              onClick={() => onMove('later')}
              aria-label={`Move ${label} later`}
            >
              <ArrowRight aria-hidden="true" className="size-4" />
            </button>
          </div>
          <span className="text-xs text-slate-600">
            {place} / {count}
          </span>
          <div className="flex gap-1">
            {editing ? null : (
              <button
                type="button"
                className={icon}
                onClick={() => {
                  setCaption(photo.caption ?? '');
                  setEditing(true);
                }}
                aria-label={`Edit caption of ${label}`}
              >
                <Pencil aria-hidden="true" className="size-4" />
              </button>
            )}
            <ConfirmDialog
              open={confirm.open}
              onOpenChange={confirm.onOpenChange}
              trigger={
                <button type="button" className={icon} aria-label={`Delete ${label}`}>
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              }
              title="Delete this photo?"
              danger
              confirmLabel="Delete photo"
              pendingLabel="Deleting…"
              pending={remove.isPending}
              error={formErrors(remove.error).form}
              onConfirm={() => remove.mutate(photo.id, { onSuccess: () => confirm.close() })}
            >
              {`“${label}” leaves the album, for the office and the customers. This cannot be undone.`}
            </ConfirmDialog>
          </div>
        </div>
      </div>
    </li>
  );
}
