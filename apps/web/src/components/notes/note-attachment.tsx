import type { NoteAttachment } from '@portal/contract';
import { FileText } from 'lucide-react';
import { formatBytes } from '../../lib/format';
import { responsiveImage } from '../../lib/image-url';

/** A note's file: a thumbnail of an image, the name and size of a PDF; either opens in a new tab. */
export function NoteAttachmentLink({ file }: { file: NoteAttachment }) {
  if (file.image_url) {
    const image = responsiveImage(file.image_url, 'note-attachment');
    return (
      <a href={file.url} target="_blank" rel="noopener noreferrer" className="block overflow-hidden rounded-xl ring-1 ring-slate-200">
        <img {...image} alt={file.name} loading="lazy" decoding="async" className="h-[168px] w-[224px] max-w-full bg-slate-100 object-cover" />
      </a>
    );
  }
  return (
    <a
      href={file.url}
      target="_blank"
      rel="noopener noreferrer"
      className="flex max-w-64 items-center gap-2 rounded-xl bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-200 hover:bg-slate-50"
    >
      <FileText aria-hidden="true" className="size-5 shrink-0 text-red-700" />
      <span className="min-w-0 flex-1 truncate font-medium">{file.name}</span>
      <span className="shrink-0 text-slate-600">{formatBytes(file.size)}</span>
    </a>
  );
}

/** A note's files under its text; `end` lines them up on the right, under the writer's own bubble. */
export function NoteAttachments({ files, end = false }: { files: NoteAttachment[]; end?: boolean }) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="Attachments" className={end ? 'flex flex-wrap justify-end gap-2' : 'flex flex-wrap gap-2'}>
      {files.map((file) => (
        <li key={file.id}>
          <NoteAttachmentLink file={file} />
        </li>
      ))}
    </ul>
  );
}
