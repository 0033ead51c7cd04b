import type { Photo, StoredFile } from '@portal/contract';
import { ChevronLeft, ChevronRight, Download, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef, type KeyboardEvent, type TouchEvent } from 'react';
import { responsiveImage } from '../lib/image-url';

/** A horizontal swipe longer than this (CSS pixels) moves to the next or previous photo. */
const SWIPE_PX = 50;

/**
 * What the viewer shows of a photo: an album's photo as it is, or any other image (an option's photo of a selection)
 * given its caption and size. `file.image_url` is the image proxy's signed base.
 */
export type ViewerPhoto = Pick<Photo, 'id' | 'caption' | 'width' | 'height'> & { file: Pick<StoredFile, 'image_url' | 'download_url'> };

interface PhotoViewerProps {
  photos: ViewerPhoto[];
  /** The photo shown; null: the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * The full-screen viewer of the photos area and a selection's options: a Radix dialog (focus stays inside, Escape closes), arrow keys and swipes
 * move between photos, the caption is the alt text, and the original can be downloaded.
 */
export function PhotoViewer({ photos, index, onIndexChange, onClose }: PhotoViewerProps) {
  // Always mounted, opened and closed through `open`: Radix then hands focus back to the thumbnail that opened it.
  return (
    <Dialog.Root open={index !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {index !== null && photos[index] ? <Viewer photos={photos} index={index} onIndexChange={onIndexChange} /> : null}
    </Dialog.Root>
  );
}

function Viewer({ photos, index, onIndexChange }: { photos: ViewerPhoto[]; index: number; onIndexChange: (index: number) => void }) {
  const photo = photos[index]!;
  const touchStart = useRef<number | null>(null);
  // There is no Dialog.Trigger (each thumbnail opens it): give focus back to the one that did.
  const opener = useRef(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const hasPrevious = index > 0;
  const hasNext = index < photos.length - 1;
  const previous = () => hasPrevious && onIndexChange(index - 1);
  const next = () => hasNext && onIndexChange(index + 1);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    }
  };
  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined) return;
    if (end - start > SWIPE_PX) previous();
    else if (start - end > SWIPE_PX) next();
  };

  // Sized for the screen: 1x and 2x of at most 1600 × 1200 (the proxy never enlarges); the photo's own shape, not the box's.
  const { src, srcSet } = responsiveImage(photo.file.image_url!, 'photo-full');
  const label = `Photo ${index + 1} of ${photos.length}`;

  return (
    <>
      <Dialog.Portal>
        {/* Opaque: the page under the viewer (its header, logo and text) must not show through the photo's surroundings. */}
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
          className="fixed inset-0 z-50 flex flex-col bg-black text-white outline-none"
        >
          <div className="flex items-center justify-end gap-3 p-3">
            <div className="flex items-center gap-2">
              <a
                href={photo.file.download_url}
                download
                className="inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-white/50 hover:bg-white/10"
              >
                <Download aria-hidden="true" className="size-4" /> Download original
              </a>
              <Dialog.Close className="rounded-full p-2 ring-1 ring-white/50 hover:bg-white/10" aria-label="Close viewer">
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
          </div>
          <Dialog.Description className="sr-only">Use the left and right arrow keys, or swipe, to move between photos.</Dialog.Description>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-16">
            <img
              key={photo.id}
              src={src}
              srcSet={srcSet}
              alt={photo.caption ?? ''}
              width={photo.width ?? undefined}
              height={photo.height ?? undefined}
              className="max-h-full max-w-full object-contain"
            />
            <button
              type="button"
              onClick={previous}
              disabled={!hasPrevious}
              aria-label="Previous photo"
              className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-black/50 p-3 ring-1 ring-white/50 hover:bg-black/70 disabled:opacity-30"
            >
              <ChevronLeft aria-hidden="true" className="size-6" />
            </button>
            <button
              type="button"
              onClick={next}
              disabled={!hasNext}
              aria-label="Next photo"
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-black/50 p-3 ring-1 ring-white/50 hover:bg-black/70 disabled:opacity-30"
            >
              <ChevronRight aria-hidden="true" className="size-6" />
            </button>
          </div>
          {/* The counter sits with the caption, below the photo: the top bar keeps only the buttons. */}
          <div className="flex min-h-16 flex-col items-center gap-1 p-3 text-center">
            <Dialog.Title className="text-sm font-medium text-slate-300">{label}</Dialog.Title>
            <p className="text-base" aria-live="polite">
              {photo.caption ?? ''}
            </p>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </>
  );
}
