import type { Note } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, MessagesSquare } from 'lucide-react';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { mergeNotes } from '../../../../components/notes/merge-notes';
import { NoteComposer } from '../../../../components/notes/note-composer';
import { useReadOnly } from '../../../../components/read-only';
import { EmptyState } from '../../../../components/ui/empty-state';
import { PageHeading } from '../../../../components/ui/page-heading';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { ApiRequestError } from '../../../../lib/api-client';
import type { ProjectPageProps } from '../../../lib/portal';
import { useNewNotes } from '../api/get-new-notes';
import { useNotes } from '../api/get-notes';
import { useReadState } from '../api/get-read-state';
import { markRead } from '../api/mark-read';
import { NoteItem, PendingItem } from './note-item';
import { firstUnreadId, groupByDay, type DayGroup, type PendingNote } from './thread-model';
import { useOutbox } from './use-outbox';
import { useThreadScroll } from './use-thread-scroll';

export function NotesPage({ entity }: ProjectPageProps) {
  const project = entity.model;
  const title = project?.name || project?.address_street || 'Your project';
  // A thread of its own per project: switching projects starts from a clean state.
  return <Thread key={entity.id} entity={entity.id} title={title} number={project?.number ?? null} />;
}

function Thread({ entity, title, number }: { entity: number; title: string; number: string | null }) {
  const thread = useNotes(entity);
  const readState = useReadState(entity);
  const [arrived, setArrived] = useState<Note[]>([]);
  const [gone, setGone] = useState(false);

  const loaded = useMemo(() => thread.data?.pages.flatMap((page) => page.data) ?? [], [thread.data]);
  const notes = useMemo(() => mergeNotes(loaded, arrived), [loaded, arrived]);
  const newest = notes.length > 0 ? notes[notes.length - 1]!.id : thread.isSuccess ? 0 : null;
  const unreadId = readState.data ? firstUnreadId(notes, readState.data.last_read_note_id) : null;

  const { scroller, sentinel, showJump, nearBottom, reveal, scrollToBottom, loadOlder } = useThreadScroll(thread, {
    readPending: readState.isPending,
    unreadId,
  });
  const showBottom = useCallback(() => scrollToBottom(), [scrollToBottom]);
  const onSaved = useCallback((saved: Note) => setArrived((current) => mergeNotes(current, [saved])), []);
  const onGone = useCallback(() => setGone(true), []);
  const outbox = useOutbox(entity, { onSaved, onGone, onShow: showBottom });
  const groups = useMemo(() => groupByDay(notes, outbox.pending), [notes, outbox.pending]);

  const onArrived = useCallback(
    (found: Note[]) => {
      const wasNearBottom = nearBottom();
      setArrived((current) => mergeNotes(current, found));
      reveal(wasNearBottom);
    },
    [nearBottom, reveal],
  );
  useNewNotes(entity, newest, onArrived, (error) => {
    // The company switched notes off, or stopped sharing the project, while the page was open.
    if (error instanceof ApiRequestError && error.status === 404) setGone(true);
  });
  useMarkRead(entity, newest, readState.isSuccess);
  useForgetProjectWhenGone(entity, gone);

  if (gone) return <NotesGone />;

  return (
    <div className="flex min-h-0 flex-1 flex-col bg-slate-50">
      <ThreadHeading title={title} number={number} />
      <div ref={scroller} className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain" tabIndex={0} aria-label="Notes thread">
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 py-4 sm:px-4">
          <div ref={sentinel} className="flex justify-center">
            <ThreadStart thread={thread} empty={notes.length === 0} onLoadOlder={loadOlder} />
          </div>
          {thread.isPending ? <PageSpinner label="Loading notes…" /> : null}
          {thread.isError ? (
            <p role="alert" className="text-center text-red-800">
              The notes could not be loaded. Please reload the page.
            </p>
          ) : null}
          {thread.isSuccess && notes.length === 0 && outbox.pending.length === 0 ? (
            <EmptyState icon={MessagesSquare} title="No notes yet">
              Write to your project team below: they will answer here.
            </EmptyState>
          ) : null}
          <DayGroups groups={groups} unreadId={unreadId} onRetry={outbox.send} onEdit={outbox.edit} />
        </div>
        {showJump ? <JumpToNew onClick={() => scrollToBottom(true)} /> : null}
      </div>
      <NoteComposer text={outbox.text} onText={outbox.setText} files={outbox.files} onFiles={outbox.setFiles} onSend={outbox.submit} />
    </div>
  );
}

/** What is on screen has been read: moves the mark to the newest note (never back). A preview reads nothing for the customer. */
function useMarkRead(entity: number, newest: number | null, readStateLoaded: boolean) {
  const markedUpTo = useRef(0);
  const readOnly = useReadOnly();
  useEffect(() => {
    if (readOnly || newest === null || newest <= markedUpTo.current || !readStateLoaded) return;
    markedUpTo.current = newest;
    markRead(entity, newest).catch(() => {
      markedUpTo.current = 0;
    });
  }, [entity, newest, readStateLoaded, readOnly]);
}

/** Once the notes are gone, the project is asked for again: the page around it then shows what changed. */
function useForgetProjectWhenGone(entity: number, gone: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (gone) void queryClient.invalidateQueries({ queryKey: ['entities', String(entity)] });
  }, [entity, gone, queryClient]);
}

function NotesGone() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6">
      <PageHeading title="Notes" />
      <EmptyState icon={MessagesSquare} title="Notes are not available">
        This project's notes are no longer shared with you.
      </EmptyState>
    </div>
  );
}

function ThreadHeading({ title, number }: { title: string; number: string | null }) {
  return (
    <div className="border-b border-slate-200 bg-white px-4 py-3">
      <h1 className="mx-auto max-w-3xl truncate text-lg font-semibold tracking-tight text-slate-900">
        Notes{' '}
        <span className="font-normal text-slate-600">
          · {title}
          {number ? ` (${number})` : ''}
        </span>
      </h1>
    </div>
  );
}

/** The top of what is loaded: a way to older notes, or the start of the conversation. */
function ThreadStart({ thread, empty, onLoadOlder }: { thread: ReturnType<typeof useNotes>; empty: boolean; onLoadOlder: () => void }): ReactNode {
  if (thread.hasNextPage) {
    return (
      <button
        type="button"
        onClick={onLoadOlder}
        disabled={thread.isFetchingNextPage}
        className="rounded-full px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-white disabled:opacity-60"
      >
        {thread.isFetchingNextPage ? 'Loading older notes…' : 'Load older notes'}
      </button>
    );
  }
  return thread.isSuccess && !empty ? <p className="text-sm text-slate-600">This is the start of the conversation.</p> : null;
}

/**
 * The thread itself. Drawn again only when what it shows changes: the composer's text lives beside it, and without
 * memo every key typed drew every note again (their links found anew), which a long thread on a slow phone feels.
 */
const DayGroups = memo(function DayGroups({
  groups,
  unreadId,
  onRetry,
  onEdit,
}: {
  groups: DayGroup[];
  unreadId: number | null;
  onRetry: (note: PendingNote) => void;
  onEdit: (note: PendingNote) => void;
}) {
  return (
    <div role="log" aria-label="Notes" aria-live="polite" className="flex flex-col gap-6">
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`day-${group.key}`} className="flex flex-col gap-4">
          <h2
            id={`day-${group.key}`}
            className="sticky top-0 z-10 self-center rounded-full bg-slate-200 px-3 py-1 text-xs font-semibold text-slate-800 shadow-xs"
          >
            {group.label}
          </h2>
          <ol className="flex flex-col gap-4">
            {group.items.map((item) =>
              item.kind === 'note' ? (
                <NoteItem key={item.note.id} note={item.note} unreadMarker={item.note.id === unreadId} />
              ) : (
                <PendingItem key={item.pending.clientId} pending={item.pending} onRetry={() => onRetry(item.pending)} onEdit={() => onEdit(item.pending)} />
              ),
            )}
          </ol>
        </section>
      ))}
    </div>
  );
});

function JumpToNew({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="sticky bottom-4 left-full mr-4 ml-auto flex items-center gap-1 rounded-full bg-slate-900 px-4 py-2 text-sm font-semibold text-white shadow-lg"
    >
      <ArrowDown aria-hidden="true" className="size-4" />
      New notes
    </button>
  );
}
