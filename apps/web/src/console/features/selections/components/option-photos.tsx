import type { IntegrationSelectionOption } from '@portal/contract';
import { MAX_PHOTO_BYTES } from '@portal/contract/constants';
import { SELECTION_OPTION_MAX_PHOTOS } from '@portal/contract/selection-constants';
import { ImagePlus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { tooLargeMessage } from '../../../../lib/format';
import { formErrors } from '../../../../lib/form-errors';
import { responsiveImage } from '../../../../lib/image-url';
import { InlineAlert } from '../../../components/labelled-field';
import { useDeleteOptionPhoto, useUploadOptionPhotos } from '../api/option-steps';
import { SMALL } from './small-button';

/** The images the server takes for an option (checked again there by their bytes). */
const ACCEPT = 'image/jpeg,image/png,image/webp';

/** Why the chosen files will not be sent, or null: too many for the room left, or one larger than the server takes. */
function refusal(files: File[], room: number): string | null {
  if (files.length > room) return `An option has at most ${SELECTION_OPTION_MAX_PHOTOS} photos: choose ${room === 0 ? 'none' : `at most ${room}`} more.`;
  for (const file of files) {
    const tooLarge = tooLargeMessage(file, MAX_PHOTO_BYTES);
    if (tooLarge) return tooLarge;
  }
  return null;
}

/** An option's photos (up to six): each removable, and more added from the device, saved as soon as they are chosen. */
export function OptionPhotos({ selectionId, option }: { selectionId: number; option: IntegrationSelectionOption }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadOptionPhotos(selectionId, option.id);
  const remove = useDeleteOptionPhoto(selectionId, option.id);
  const [refused, setRefused] = useState<string | null>(null);
  const room = SELECTION_OPTION_MAX_PHOTOS - option.photos.length;

  const choose = (files: File[]) => {
    if (files.length === 0) return;
    const reason = refusal(files, room);
    setRefused(reason);
    if (!reason) upload.mutate(files);
  };

  const error = refused ?? (upload.error ? (formErrors(upload.error).form ?? 'The photos could not be added. Try again.') : null);
  return (
    <div className="flex flex-col gap-2">
      {option.photos.length > 0 ? (
        <ul aria-label={`Photos of ${option.title}`} className="flex flex-wrap gap-2">
          {option.photos.map((photo, index) => {
            const image = photo.file.image_url ? responsiveImage(photo.file.image_url, 'selection-cover') : null;
            const name = `photo ${index + 1} of ${option.title}`;
            return (
              <li key={photo.id} className="relative">
                {image ? (
                  <img {...image} alt={`Photo ${index + 1}`} loading="lazy" decoding="async" className="h-18 w-24 rounded-lg bg-slate-100 object-cover" />
                ) : (
                  <div className="h-18 w-24 rounded-lg bg-slate-100" />
                )}
                <button
                  type="button"
                  aria-label={`Remove ${name}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(photo.id)}
                  className="absolute -top-2 -right-2 inline-flex size-7 items-center justify-center rounded-full bg-white text-slate-800 shadow ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          aria-label={`Photos to add to ${option.title}`}
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => {
            choose([...(event.target.files ?? [])]);
            // Cleared, so that choosing the same files again is a change too.
            event.target.value = '';
          }}
        />
        <Button variant="ghost" className={SMALL} disabled={room === 0 || upload.isPending} onClick={() => input.current?.click()}>
          <ImagePlus aria-hidden="true" className="size-4" />
          {upload.isPending ? 'Uploading…' : 'Add photos'}
        </Button>
        <span className="text-sm text-slate-600">{`${option.photos.length} of ${SELECTION_OPTION_MAX_PHOTOS} photos`}</span>
      </div>
      <InlineAlert message={error ?? (remove.error ? (formErrors(remove.error).form ?? 'The photo could not be removed. Try again.') : null)} />
    </div>
  );
}
