import type { Note } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowDown, FolderKanban, MessagesSquare } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { entityQueryOptions } from '../../../lib/portal';
import { useNewNotes } from '../api/get-new-notes';
import { useNotes } from '../api/get-notes';
import { useReadState } from '../api/get-read-state';
import { markRead } from '../api/mark-read';
import { postNote } from '../api/post-note';
import { drafts } from './drafts';
import { NoteComposer } from './note-composer';
import { NoteItem, PendingItem } from './note-item';
import { firstUnreadId, groupByDay, mergeNotes, type PendingNote } from './thread-model';

const route = getRouteApi('/fullscreen/notes');

/** Near enough to the bottom that a new note should scroll into view rather than wait below. */
const STICK_TO_BOTTOM_PX = 120;

function Unavailable({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">Notes</h1>
      <EmptyState icon={MessagesSquare} title={title}>
        {children}
      </EmptyState>
    </div>
  );
}

export function NotesPage() {
  const { entity: entityId } = route.useSearch();
  const entity = useQuery({ ...entityQueryOptions(entityId ?? 0), enabled: entityId !== undefined });

  if (entityId === undefined) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-semibold tracking-tight">Notes</h1>
        <EmptyState icon={FolderKanban} title="Pick a project first">
          Notes belong to a project.{' '}
          <Link {...paths.index()} className="font-medium text-blue-800 underline">
            Choose one of your projects
          </Link>
          .
        </EmptyState>
      </div>
    );
  }
  if (entity.isPending) return <PageSpinner />;
  const company = entity.data?.company;
  if (!company?.is_portal_project_notes_enabled) {
    return (
      <Unavailable title="Notes are not available">
        {company?.name ?? 'Your contractor'} does not share notes through the portal. Please contact them directly.
      </Unavailable>
    );
  }
  const project = entity.data?.model;
  const title = project?.name || project?.address_street || 'Your project';
  // A thread of its own per project: switching projects starts from a clean state.
  return <Thread key={entityId} entity={entityId} title={title} number={project?.number ?? null} />;
}

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : // Older browsers: a version-4 shaped id from getRandomValues.
      '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) => (Number(c) ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (Number(c) / 4)))).toString(16));

function Thread({ entity, title, number }: { entity: number; title: string; number: string | null }) {
  const queryClient = useQueryClient();
  const thread = useNotes(entity);
  const readState = useReadState(entity);
  const [arrived, setArrived] = useState<Note[]>([]);
  const [pending, setPending] = useState<PendingNote[]>(() => drafts.outbox(entity));
  const [text, setText] = useState(() => drafts.text(entity));
  const [files, setFiles] = useState<File[]>([]);
  const [gone, setGone] = useState(false);
  const [showJump, setShowJump] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const initialScrollDone = useRef(false);
  const markedUpTo = useRef(0);

  const loaded = useMemo(() => thread.data?.pages.flatMap((page) => page.data) ?? [], [thread.data]);
  const notes = useMemo(() => mergeNotes(loaded, arrived), [loaded, arrived]);
  const newest = notes.length > 0 ? notes[notes.length - 1]!.id : thread.isSuccess ? 0 : null;
  const unreadId = readState.data ? firstUnreadId(notes, readState.data.last_read_note_id) : null;
  const groups = useMemo(() => groupByDay(notes, pending), [notes, pending]);

  useEffect(() => drafts.saveText(entity, text), [entity, text]);
  useEffect(() => drafts.saveOutbox(entity, pending), [entity, pending]);

  const nearBottom = () => {
    const element = scroller.current;
    return !element || element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
  };
  const scrollToBottom = useCallback((smooth = false) => {
    const element = scroller.current;
    if (element) element.scrollTo({ top: element.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
    setShowJump(false);
  }, []);

  const onArrived = useCallback(
    (found: Note[]) => {
      const stick = nearBottom();
      setArrived((current) => mergeNotes(current, found));
      if (stick) requestAnimationFrame(() => scrollToBottom(true));
      else setShowJump(true);
    },
    [scrollToBottom],
  );
  useNewNotes(entity, newest, onArrived, (error) => {
    // The company switched notes off, or stopped sharing the project, while the page was open.
    if (error instanceof ApiRequestError && error.status === 404) setGone(true);
  });

  // First paint: at the "since your last visit" mark when there is one, otherwise at the newest note.
  useLayoutEffect(() => {
    if (initialScrollDone.current || !thread.isSuccess || readState.isPending) return;
    initialScrollDone.current = true;
    const marker = unreadId !== null ? scroller.current?.querySelector('#notes-unread') : null;
    if (marker) marker.scrollIntoView({ block: 'start' });
    else scrollToBottom();
  }, [thread.isSuccess, readState.isPending, unreadId, scrollToBottom]);

  // Older notes go in above: keep what the user was reading exactly where it was.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && keepFromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    }
  }, [thread.data?.pages.length]);

  const loadOlder = useCallback(() => {
    if (!thread.hasNextPage || thread.isFetchingNextPage) return;
    const element = scroller.current;
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    void thread.fetchNextPage();
  }, [thread]);

  // Scrolling up to the top of what is loaded asks for the page before it.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && initialScrollDone.current) loadOlder();
      },
      { root: scroller.current, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [loadOlder]);

  // What is on screen has been read: move the mark to the newest note (never back).
  useEffect(() => {
    if (newest === null || newest <= markedUpTo.current || !readState.isSuccess) return;
    markedUpTo.current = newest;
    markRead(entity, newest).catch(() => {
      markedUpTo.current = 0;
    });
  }, [entity, newest, readState.isSuccess]);

  const send = useCallback(
    (note: PendingNote) => {
      setPending((current) => [...current.filter((item) => item.clientId !== note.clientId), { ...note, status: 'sending', error: undefined }]);
      requestAnimationFrame(() => scrollToBottom());
      postNote(entity, { body: note.body, clientId: note.clientId, files: note.files }).then(
        (saved) => {
          setArrived((current) => mergeNotes(current, [saved]));
          setPending((current) => current.filter((item) => item.clientId !== note.clientId));
          requestAnimationFrame(() => scrollToBottom());
        },
        (error: unknown) => {
          if (error instanceof ApiRequestError && error.status === 404) setGone(true);
          const message = error instanceof ApiRequestError ? Object.values(error.fieldErrors()).flat()[0] ?? error.message : 'no connection';
          setPending((current) => current.map((item) => (item.clientId === note.clientId ? { ...item, status: 'failed', error: message } : item)));
        },
      );
    },
    [entity, scrollToBottom],
  );

  const onSend = () => {
    const note: PendingNote = { clientId: newClientId(), body: text, files, status: 'sending', createdAt: new Date().toISOString() };
    setText('');
    setFiles([]);
    send(note);
  };

  const onEdit = (note: PendingNote) => {
    setPending((current) => current.filter((item) => item.clientId !== note.clientId));
    setText((current) => (current.trim() ? `${note.body}\n\n${current}` : note.body));
    setFiles(note.files);
  };

  if (gone) {
    void queryClient.invalidateQueries({ queryKey: ['entities', String(entity)] });
    return <Unavailable title="Notes are not available">This project's notes are no longer shared with you.</Unavailable>;
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col bg-slate-50">
      <div className="border-b border-slate-200 bg-white px-4 py-3">
        <h1 className="mx-auto max-w-3xl truncate text-lg font-semibold tracking-tight text-slate-900">
          Notes <span className="font-normal text-slate-600">· {title}{number ? ` (${number})` : ''}</span>
        </h1>
      </div>
      <div ref={scroller} className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain" tabIndex={0} aria-label="Notes thread">
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 py-4 sm:px-4">
          <div ref={sentinel} className="flex justify-center">
            {thread.hasNextPage ? (
              <button
                type="button"
                onClick={loadOlder}
                disabled={thread.isFetchingNextPage}
                className="rounded-full px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-white disabled:opacity-60"
              >
                {thread.isFetchingNextPage ? 'Loading older notes…' : 'Load older notes'}
              </button>
            ) : thread.isSuccess && notes.length > 0 ? (
              <p className="text-sm text-slate-600">This is the start of the conversation.</p>
            ) : null}
          </div>
          {thread.isPending ? <PageSpinner label="Loading notes…" /> : null}
          {thread.isError ? (
            <p role="alert" className="text-center text-red-800">
              The notes could not be loaded. Please reload the page.
            </p>
          ) : null}
          {thread.isSuccess && notes.length === 0 && pending.length === 0 ? (
            <EmptyState icon={MessagesSquare} title="No notes yet">
              Write to your project team below: they will answer here.
            </EmptyState>
          ) : null}
          <div role="log" aria-label="Notes" aria-live="polite" className="flex flex-col gap-6">
            {groups.map((group) => (
              <section key={group.key} aria-labelledby={`day-${group.key}`} className="flex flex-col gap-4">
                <h2 id={`day-${group.key}`} className="sticky top-0 z-10 self-center rounded-full bg-slate-200 px-3 py-1 text-xs font-semibold text-slate-800 shadow-xs">
                  {group.label}
                </h2>
                <ol className="flex flex-col gap-4">
                  {group.items.map((item) =>
                    item.kind === 'note' ? (
                      <NoteItem key={item.note.id} note={item.note} unreadMarker={item.note.id === unreadId} />
                    ) : (
                      <PendingItem key={item.pending.clientId} pending={item.pending} onRetry={() => send(item.pending)} onEdit={() => onEdit(item.pending)} />
                    ),
                  )}
                </ol>
              </section>
            ))}
          </div>
        </div>
        {showJump ? (
          <button
            type="button"
            onClick={() => scrollToBottom(true)}
            className="sticky bottom-4 left-full mr-4 ml-auto flex items-center gap-1 rounded-full bg-slate-900 px-4 py-2 text-sm font-semibold text-white shadow-lg"
          >
            <ArrowDown aria-hidden="true" className="size-4" />
            New notes
          </button>
        ) : null}
      </div>
      <NoteComposer text={text} onText={setText} files={files} onFiles={setFiles} onSend={onSend} />
    </div>
  );
}
