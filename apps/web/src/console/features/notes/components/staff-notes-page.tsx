import type { IntegrationNote } from '@portal/contract';
import { EyeOff, MessagesSquare } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { QueryStatus } from '../../../../components/query-status';
import { mergeNotes } from '../../../../components/notes/merge-notes';
import { NoteAttachments } from '../../../../components/notes/note-attachment';
import { NoteComposer } from '../../../../components/notes/note-composer';
import { NoteText } from '../../../../components/notes/note-text';
import { AreaSwitchedOff } from '../../../components/area-switched-off';
import { useStaffMember } from '../../../components/staff-member';
import { Avatar } from '../../../../components/ui/avatar';
import { EmptyState } from '../../../../components/ui/empty-state';
import { formErrors } from '../../../../lib/form-errors';
import { addArrivedNote, useNewProjectNotes, useProjectNotes } from '../api/get-project-notes';
import { usePostProjectNote } from '../api/post-project-note';

const when = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * A project's whole thread in the console (docs/staff-console.md): customers' notes, staff notes and internal notes,
 * newest first under the box that writes one. New notes arrive by polling, as in the portal.
 */
export function StaffNotesPage({ projectId }: { projectId: number }) {
  const thread = useProjectNotes(projectId);
  const queryClient = useQueryClient();
  const loaded = useMemo(() => thread.data?.pages.flatMap((page) => page.data) ?? [], [thread.data]);
  const arrived = useNewProjectNotes(projectId, thread.isSuccess);
  const notes = useMemo(() => mergeNotes(loaded, arrived.data ?? []).reverse(), [loaded, arrived.data]);

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h2 className="sr-only">Notes</h2>
      <AreaSwitchedOff area="is_portal_project_notes_enabled" label="Notes" />
      <Composer projectId={projectId} onPosted={(note) => addArrivedNote(queryClient, projectId, note)} />
      <QueryStatus query={thread} noun="notes" loadingLabel="Loading notes…" />
      {thread.isSuccess && notes.length === 0 ? (
        <EmptyState icon={MessagesSquare} title="No notes yet">
          Write the first one above. Customers see shared notes in their portal and answer here.
        </EmptyState>
      ) : null}
      {notes.length > 0 ? (
        <ol aria-label="Notes, newest first" aria-live="polite" className="flex flex-col gap-3">
          {notes.map((note) => (
            <StaffNoteItem key={note.id} note={note} />
          ))}
        </ol>
      ) : null}
      {thread.hasNextPage ? (
        <button
          type="button"
          onClick={() => void thread.fetchNextPage()}
          disabled={thread.isFetchingNextPage}
          className="self-center rounded-full px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-white disabled:opacity-60"
        >
          {thread.isFetchingNextPage ? 'Loading older notes…' : 'Load older notes'}
        </button>
      ) : null}
    </div>
  );
}

function Composer({ projectId, onPosted }: { projectId: number; onPosted: (note: IntegrationNote) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [internal, setInternal] = useState(false);
  const post = usePostProjectNote(projectId);
  const errors = formErrors(post.error);
  const fieldMessages = Object.values(errors.fields).filter(Boolean);

  const send = () => {
    post.mutate(
      { body: text, shared_with_portal: !internal, files },
      {
        onSuccess: (note) => {
          onPosted(note);
          setText('');
          setFiles([]);
          setInternal(false);
        },
      },
    );
  };

  return (
    <NoteComposer
      text={text}
      onText={setText}
      files={files}
      onFiles={setFiles}
      onSend={send}
      busy={post.isPending}
      className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
      options={
        <div className="flex flex-col gap-2">
          <div className="flex items-start gap-2">
            <input
              id={`${id}-internal`}
              type="checkbox"
              checked={internal}
              onChange={(event) => setInternal(event.target.checked)}
              aria-describedby={`${id}-internal-hint`}
              className="mt-1 size-4 shrink-0 accent-amber-700"
            />
            <div className="text-sm">
              <label htmlFor={`${id}-internal`} className="font-medium text-slate-900">
                Internal note
              </label>
              <p id={`${id}-internal-hint`} className="text-slate-600">
                {internal ? 'Only your company’s staff will see this note.' : 'Customers of this project see it in their portal and get an email.'}
              </p>
            </div>
          </div>
          {post.isPending ? (
            <p role="status" className="text-sm text-slate-600">
              Posting…
            </p>
          ) : null}
          {post.isError ? (
            <p role="alert" className="text-sm font-medium text-red-800">
              {[errors.form, ...fieldMessages].filter(Boolean).join(' ') || 'The note was not posted.'}
            </p>
          ) : null}
        </div>
      }
    />
  );
}

function authorLabel(note: IntegrationNote): string {
  if (note.author.type === 'portal_user') return 'Customer';
  if (note.author.type === 'company') return 'Company';
  return note.author.title ?? 'Staff';
}

function StaffNoteItem({ note }: { note: IntegrationNote }) {
  const member = useStaffMember();
  const internal = !note.shared_with_portal;
  const mine = note.author.type === 'staff' && note.author.id === member.id;
  const name = mine ? `${note.author.name} (you)` : note.author.name;
  return (
    <li>
      <article
        aria-label={`${internal ? 'Internal note' : 'Note'} by ${note.author.name}, ${when.format(new Date(note.created_at))}`}
        className={`flex gap-3 rounded-2xl p-4 shadow-sm ring-1 ${internal ? 'bg-amber-50 ring-amber-300' : 'bg-white ring-slate-200'}`}
        data-note-id={note.id}
      >
        <Avatar name={note.author.name} url={note.author.avatar_url} size="md" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-semibold text-slate-900">{name}</span>
            <span className={note.author.type === 'portal_user' ? 'rounded-full bg-blue-100 px-2 text-xs font-semibold text-blue-900' : 'text-slate-600'}>
              {authorLabel(note)}
            </span>
            <time dateTime={note.created_at} className="text-slate-600">
              {when.format(new Date(note.created_at))}
            </time>
          </div>
          {internal ? (
            <p className="inline-flex items-center gap-1.5 self-start rounded-full bg-amber-200 px-2.5 py-0.5 text-xs font-semibold text-amber-950">
              <EyeOff aria-hidden="true" className="size-3.5" />
              Internal: customers do not see this
            </p>
          ) : null}
          <div className="text-[15px] leading-relaxed text-slate-900">
            <NoteText text={note.body} own={false} />
          </div>
          <NoteAttachments files={note.attachments} />
        </div>
      </article>
    </li>
  );
}
