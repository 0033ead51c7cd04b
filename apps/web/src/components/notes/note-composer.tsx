import { NOTE_ATTACHMENT_MAX_BYTES, NOTE_BODY_MAX_LENGTH, NOTE_COUNTER_FROM, NOTE_MAX_ATTACHMENTS } from '@portal/contract/constants';
import { FileText, Paperclip, SendHorizontal, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { formatBytes, formatCount } from '../../lib/format';
import { useReadOnly, WriteControls } from '../read-only';

/** What the file picker offers; the server checks the bytes whatever the browser says. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,application/pdf';
const ACCEPTED_TYPES = new Set(ACCEPT.split(','));

interface NoteComposerProps {
  text: string;
  onText: (text: string) => void;
  files: File[];
  onFiles: (files: File[]) => void;
  /** Sends what is typed; the composer is cleared by its owner. */
  onSend: () => void;
  /** What else the writer decides with the note (the console's "Internal note"), shown under the text. */
  options?: ReactNode;
  /** The frame around it: the portal's sits at the foot of the full-screen thread, the console's in a card. */
  className?: string;
  /** Sending is under way: the button waits (the portal sends in the background and never sets it). */
  busy?: boolean;
}

/** Checks picked files against the limits, so a refusal is explained before anything is sent. */
export function addFiles(current: File[], picked: File[]): { files: File[]; error: string | null } {
  const files = [...current];
  const problems: string[] = [];
  for (const file of picked) {
    if (!ACCEPTED_TYPES.has(file.type)) problems.push(`${file.name} is not an image or a PDF.`);
    else if (file.size > NOTE_ATTACHMENT_MAX_BYTES) problems.push(`${file.name} is larger than ${formatBytes(NOTE_ATTACHMENT_MAX_BYTES)}.`);
    else if (file.size === 0) problems.push(`${file.name} is empty.`);
    else if (files.length >= NOTE_MAX_ATTACHMENTS) problems.push(`At most ${NOTE_MAX_ATTACHMENTS} attachments per note.`);
    else files.push(file);
  }
  return { files, error: problems.length > 0 ? [...new Set(problems)].join(' ') : null };
}

export function NoteComposer({
  text,
  onText,
  files,
  onFiles,
  onSend,
  options,
  className = 'border-t border-slate-200 bg-white px-3 py-3 sm:px-4',
  busy = false,
}: NoteComposerProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const length = text.length;
  const over = length - NOTE_BODY_MAX_LENGTH;
  const empty = text.trim().length === 0;
  const readOnly = useReadOnly();
  const canSend = !empty && over <= 0 && !busy && !readOnly;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    setFileError(null);
    onSend();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter breaks the line; Enter that confirms an IME composition is left alone.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form onSubmit={send} aria-label="Write a note" className={className}>
      <WriteControls>
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-2">
          {files.length > 0 ? (
            <ul aria-label="Files to attach" className="flex flex-wrap gap-2">
              {files.map((file, index) => (
                <li key={`${file.name}-${index}`} className="flex max-w-60 items-center gap-2 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-900">
                  <FileText aria-hidden="true" className="size-4 shrink-0 text-slate-600" />
                  <span className="min-w-0 truncate">{file.name}</span>
                  <button
                    type="button"
                    aria-label={`Remove ${file.name}`}
                    onClick={() => onFiles(files.filter((_, at) => at !== index))}
                    className="rounded-full p-1 text-slate-700 hover:bg-slate-200"
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {fileError ? (
            <p role="alert" className="text-sm text-red-800">
              {fileError}
            </p>
          ) : null}
          <div className="flex items-end gap-2">
            <input
              ref={fileInput}
              id={`${id}-files`}
              type="file"
              multiple
              accept={ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-label="Attach images or PDFs"
              onChange={(event) => {
                const picked = [...(event.target.files ?? [])];
                event.target.value = '';
                const result = addFiles(files, picked);
                onFiles(result.files);
                setFileError(result.error);
              }}
            />
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              disabled={files.length >= NOTE_MAX_ATTACHMENTS}
              aria-label={`Attach images or PDFs (up to ${NOTE_MAX_ATTACHMENTS}, ${formatBytes(NOTE_ATTACHMENT_MAX_BYTES)} each)`}
              title="Attach images or PDFs"
              className="mb-0.5 rounded-full p-2.5 text-slate-700 hover:bg-slate-100 disabled:opacity-50"
            >
              <Paperclip aria-hidden="true" className="size-5" />
            </button>
            <div className="flex min-w-0 flex-1 flex-col">
              <label htmlFor={`${id}-text`} className="sr-only">
                Note
              </label>
              <textarea
                id={`${id}-text`}
                value={text}
                onChange={(event) => onText(event.target.value)}
                onKeyDown={onKeyDown}
                rows={1}
                placeholder={readOnly ? 'Nothing can be sent in a preview' : 'Write a note…'}
                aria-describedby={`${id}-hint ${id}-count`}
                aria-invalid={over > 0 ? true : undefined}
                className={`max-h-48 min-h-11 w-full resize-none rounded-2xl border px-4 py-2.5 text-base text-slate-900 outline-none [field-sizing:content] disabled:cursor-not-allowed disabled:bg-slate-100 focus:ring-2 focus:ring-blue-600/30 ${over > 0 ? 'border-red-600' : 'border-slate-300 focus:border-blue-600'}`}
              />
            </div>
            <button
              type="submit"
              disabled={!canSend}
              aria-label="Send note"
              className="rounded-full bg-portal p-3 text-on-portal transition-[filter,opacity] hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50"
            >
              <SendHorizontal aria-hidden="true" className="size-5" />
            </button>
          </div>
          {options ? <div className="px-14">{options}</div> : null}
          <div className="flex justify-between gap-2 px-14 text-xs text-slate-600">
            <span id={`${id}-hint`} className="hidden sm:inline">
              {readOnly ? '' : 'Enter sends · Shift+Enter for a new line'}
            </span>
            <span id={`${id}-count`} aria-live="polite" className={over > 0 ? 'font-semibold text-red-800' : ''}>
              {length >= NOTE_COUNTER_FROM
                ? over > 0
                  ? `${formatCount(over)} characters too long (at most ${formatCount(NOTE_BODY_MAX_LENGTH)})`
                  : `${formatCount(length)} / ${formatCount(NOTE_BODY_MAX_LENGTH)}`
                : ''}
            </span>
          </div>
        </div>
      </WriteControls>
    </form>
  );
}
