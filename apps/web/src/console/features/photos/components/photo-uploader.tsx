import type { IntegrationPhoto } from '@portal/contract';
import { MAX_PHOTO_BYTES } from '@portal/contract/constants';
import { CircleAlert, CircleCheck, ImageUp, RotateCw, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { SMALL_BUTTON } from './inline-text-form';
import { formatBytes, tooLargeMessage } from '../../../../lib/format';
import { useUploadQueue, type UploadItem } from '../../../lib/upload-queue';
import { uploadPhoto } from '../api/upload-photo';

/** How many photos go up at once: enough to fill the line, few enough that each shows steady progress. */
export const UPLOAD_CONCURRENCY = 3;
/** HEIC too: an iPhone's photos, which the server keeps as JPEG (docs/decisions/113-the-company-command-as-a-contractor-types.md). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

function UploadRow({ item, onRetry, onRemove }: { item: UploadItem<IntegrationPhoto>; onRetry: () => void; onRemove: () => void }) {
  const percent = item.total > 0 ? Math.min(100, Math.round((item.loaded / item.total) * 100)) : 0;
  const name = item.file.name;
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex items-center gap-3">
        {item.status === 'done' ? (
          <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-green-700" />
        ) : item.status === 'failed' ? (
          <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-red-700" />
        ) : (
          <ImageUp aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
        )}
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900" title={name}>
          {name}
        </span>
        <span className="shrink-0 text-sm text-slate-600">
          {item.status === 'queued' ? 'Waiting' : item.status === 'uploading' ? `${percent}%` : item.status === 'done' ? 'Uploaded' : 'Failed'}
        </span>
      </div>
      {item.status === 'uploading' || item.status === 'queued' ? (
        <progress
          className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-portal [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-portal"
          max={100}
          value={percent}
          aria-label={`Upload of ${name}`}
        />
      ) : null}
      {item.status === 'failed' ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-red-800">{item.error}</p>
          <div className="flex shrink-0 gap-2">
            {/* A file that can never succeed (too large, not a photo) offers no Retry: only Dismiss. */}
            {item.retriable ? (
              <Button variant="ghost" className={SMALL_BUTTON} onClick={onRetry} aria-label={`Retry ${name}`}>
                <RotateCw aria-hidden="true" className="size-4" />
                Retry
              </Button>
            ) : null}
            <Button variant="ghost" className={SMALL_BUTTON} onClick={onRemove} aria-label={`Dismiss ${name}`}>
              <X aria-hidden="true" className="size-4" />
              Dismiss
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/**
 * Drop many photos (or choose them, from a keyboard or a phone): one request each, a few at a time, each with its own
 * progress; a refused one keeps the server's reason and a Retry while the rest carry on.
 */
export function PhotoUploader({ albumId, onUploaded }: { albumId: number; onUploaded: () => void }) {
  const [items, queue] = useUploadQueue<IntegrationPhoto>({
    concurrency: UPLOAD_CONCURRENCY,
    send: (file, onProgress, signal, key) => uploadPhoto(albumId, file, onProgress, signal, key),
    onDone: onUploaded,
    // Checked here, as documents are, rather than sent for the server to refuse after the whole file went up.
    refuse: (file) => tooLargeMessage(file, MAX_PHOTO_BYTES),
  });
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const statusId = useId();

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    queue.add(event.dataTransfer.files);
  };
  const done = items.filter((item) => item.status === 'done').length;
  const failed = items.filter((item) => item.status === 'failed').length;
  const going = items.length - done - failed;
  const uploading = items.filter((item) => item.status === 'uploading').length;

  // Closing or reloading the tab would cut the uploads short: the browser asks first.
  useEffect(() => {
    if (going === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [going]);

  return (
    <section aria-labelledby={`${hintId}-title`} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id={`${hintId}-title`} className="mb-4 text-lg font-semibold text-slate-900">
        Add photos
      </h2>
      <div
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={drop}
        role="group"
        aria-labelledby={hintId}
        className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center ${dragging ? 'border-portal bg-slate-50' : 'border-slate-300'}`}
      >
        <ImageUp aria-hidden="true" className="size-8 text-slate-500" />
        <p id={hintId} className="text-slate-700">
          Drop photos here, or choose them. JPEG, PNG, WebP or HEIC, up to {formatBytes(MAX_PHOTO_BYTES)} each.
        </p>
        <Button variant="ghost" className={SMALL_BUTTON} onClick={() => input.current?.click()} aria-describedby={hintId}>
          Choose photos
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Photos to upload"
          onChange={(event) => {
            if (event.target.files) queue.add(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {items.length > 0 ? (
        <div className="mt-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id={statusId} role="status" className="text-sm text-slate-700">
              {[
                uploading > 0 ? `${uploading} uploading` : null,
                going > uploading ? `${going - uploading} waiting` : null,
                `${done} of ${items.length} uploaded`,
                failed > 0 ? `${failed} failed` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {done > 0 ? (
              <Button variant="ghost" className={SMALL_BUTTON} onClick={() => queue.clearDone()}>
                Clear uploaded
              </Button>
            ) : null}
          </div>
          <ul aria-label="Uploads" className="divide-y divide-slate-100">
            {items.map((item) => (
              <UploadRow key={item.id} item={item} onRetry={() => queue.retry(item.id)} onRemove={() => queue.remove(item.id)} />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
