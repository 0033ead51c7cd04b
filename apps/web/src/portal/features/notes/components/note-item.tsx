import type { Note } from '@portal/contract';
import { AlertCircle, FileText, LoaderCircle, RotateCcw, Pencil } from 'lucide-react';
import { memo, useEffect, useMemo } from 'react';
import { Avatar } from '../../../../components/ui/avatar';
import { NoteAttachments } from '../../../../components/notes/note-attachment';
import { NoteText } from '../../../../components/notes/note-text';
import { formatClockTime } from '../../../../lib/format';
import type { PendingNote } from './thread-model';

const bubble = (own: boolean) =>
  `rounded-2xl px-4 py-2.5 text-[15px] leading-relaxed shadow-xs ${own ? 'rounded-br-md bg-portal text-on-portal' : 'rounded-bl-md bg-white text-slate-900 ring-1 ring-slate-200'}`;

/** A picked file before it is sent: a local preview for images, the name for PDFs. */
function LocalFile({ file }: { file: File }) {
  const url = useMemo(() => (file.type.startsWith('image/') ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (url)
    return (
      <img src={url} alt={file.name} width={224} height={168} className="h-[168px] w-[224px] max-w-full rounded-xl bg-slate-100 object-cover opacity-80" />
    );
  return (
    <span className="flex max-w-64 items-center gap-2 rounded-xl bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-200">
      <FileText aria-hidden="true" className="size-5 shrink-0 text-red-700" />
      <span className="min-w-0 flex-1 truncate">{file.name}</span>
    </span>
  );
}

function Header({ name, title, at, own }: { name: string; title?: string | null; at: string | null; own: boolean }) {
  return (
    <div className={`flex flex-wrap items-baseline gap-x-2 text-sm ${own ? 'justify-end' : ''}`}>
      <span className="font-semibold text-slate-900">{own ? 'You' : name}</span>
      {title && !own ? <span className="text-slate-600">{title}</span> : null}
      {at ? (
        <time dateTime={at} className="text-slate-600">
          {formatClockTime(new Date(at))}
        </time>
      ) : null}
    </div>
  );
}

/** One note; drawn again only when it or its mark changes (new notes arriving, the read mark moving, leave the rest as they are). */
export const NoteItem = memo(function NoteItem({ note, unreadMarker }: { note: Note; unreadMarker?: boolean }) {
  const own = note.is_own;
  return (
    <li className="flex flex-col gap-2" data-note-id={note.id}>
      {unreadMarker ? (
        <div id="notes-unread" className="my-2 flex items-center gap-3 text-sm font-semibold text-red-700" role="note">
          <span className="h-px flex-1 bg-red-300" />
          New since your last visit
          <span className="h-px flex-1 bg-red-300" />
        </div>
      ) : null}
      <article
        aria-label={`${own ? 'You' : note.author.name}, ${formatClockTime(new Date(note.created_at))}`}
        className={`flex items-end gap-2.5 ${own ? 'flex-row-reverse' : ''}`}
      >
        {own ? null : <Avatar name={note.author.name} url={note.author.avatar_url} size="md" />}
        <div className={`flex max-w-[min(36rem,85%)] flex-col gap-1 ${own ? 'items-end' : 'items-start'}`}>
          <Header name={note.author.name} title={note.author.title} at={note.created_at} own={own} />
          <div className={bubble(own)}>
            <NoteText text={note.body} own={own} />
          </div>
          <NoteAttachments files={note.attachments} end={own} />
        </div>
      </article>
    </li>
  );
});

export function PendingItem({ pending, onRetry, onEdit }: { pending: PendingNote; onRetry: () => void; onEdit: () => void }) {
  const failed = pending.status === 'failed';
  return (
    <li className="flex flex-col gap-2">
      <article aria-label={failed ? 'Your note, not sent' : 'Your note, sending'} className="flex flex-row-reverse items-end gap-2.5">
        <div className="flex max-w-[min(36rem,85%)] flex-col items-end gap-1">
          <Header name="You" at={null} own />
          <div className={`${bubble(true)} ${failed ? 'opacity-70 ring-2 ring-red-600' : 'opacity-80'}`}>
            <NoteText text={pending.body} own />
          </div>
          {pending.files.length > 0 ? (
            <ul aria-label="Attachments" className="flex flex-wrap justify-end gap-2">
              {pending.files.map((file, index) => (
                <li key={`${file.name}-${index}`}>
                  <LocalFile file={file} />
                </li>
              ))}
            </ul>
          ) : null}
          {failed ? (
            <div role="alert" className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 text-sm text-red-800">
              <span className="inline-flex items-center gap-1">
                <AlertCircle aria-hidden="true" className="size-4" />
                Not sent{pending.error ? `: ${pending.error}` : ''}
                {pending.filesLost ? ' (add the attachments again)' : ''}
              </span>
              <button
                type="button"
                onClick={onRetry}
                className="inline-flex items-center gap-1 rounded-full px-2 py-1 font-semibold text-red-800 underline hover:bg-red-50"
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                Retry
              </button>
              <button
                type="button"
                onClick={onEdit}
                className="inline-flex items-center gap-1 rounded-full px-2 py-1 font-semibold text-slate-800 underline hover:bg-slate-100"
              >
                <Pencil aria-hidden="true" className="size-4" />
                Edit
              </button>
            </div>
          ) : (
            <span className="inline-flex items-center gap-1 text-sm text-slate-600">
              <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
              Sending…
            </span>
          )}
        </div>
      </article>
    </li>
  );
}
