import type { Note } from '@portal/contract';
import { useCallback, useEffect, useState } from 'react';
import { ApiRequestError } from '../../../../lib/api-client';
import { postNote } from '../api/post-note';
import { drafts } from './drafts';
import type { PendingNote } from './thread-model';

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : // Older browsers: a version-4 shaped id from getRandomValues.
      '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
        (Number(c) ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (Number(c) / 4)))).toString(16),
      );

interface OutboxEvents {
  /** The server saved a note. */
  onSaved: (note: Note) => void;
  /** The project's notes are no longer shared with the user. */
  onGone: () => void;
  /** A note went out or came back: show the bottom of the thread. */
  onShow: () => void;
}

/**
 * What the user writes: the composer's text and files, and the notes on their way or refused, all
 * kept in this browser (drafts.ts) until the server has them.
 */
export function useOutbox(entity: number, { onSaved, onGone, onShow }: OutboxEvents) {
  const [pending, setPending] = useState<PendingNote[]>(() => drafts.outbox(entity));
  const [text, setText] = useState(() => drafts.text(entity));
  const [files, setFiles] = useState<File[]>([]);

  useEffect(() => drafts.saveText(entity, text), [entity, text]);
  useEffect(() => drafts.saveOutbox(entity, pending), [entity, pending]);

  const send = useCallback(
    (note: PendingNote) => {
      setPending((current) => [...current.filter((item) => item.clientId !== note.clientId), { ...note, status: 'sending', error: undefined }]);
      requestAnimationFrame(onShow);
      postNote(entity, { body: note.body, clientId: note.clientId, files: note.files }).then(
        (saved) => {
          onSaved(saved);
          setPending((current) => current.filter((item) => item.clientId !== note.clientId));
          requestAnimationFrame(onShow);
        },
        (error: unknown) => {
          if (error instanceof ApiRequestError && error.status === 404) onGone();
          const message = error instanceof ApiRequestError ? (Object.values(error.fieldErrors()).flat()[0] ?? error.message) : 'no connection';
          setPending((current) => current.map((item) => (item.clientId === note.clientId ? { ...item, status: 'failed', error: message } : item)));
        },
      );
    },
    [entity, onSaved, onGone, onShow],
  );

  /** Sends what the composer holds, and empties it. */
  const submit = () => {
    const note: PendingNote = { clientId: newClientId(), body: text, files, status: 'sending', createdAt: new Date().toISOString() };
    setText('');
    setFiles([]);
    send(note);
  };

  /** A refused note goes back into the composer, above anything typed since. The same function every render, as `send`: the thread is drawn again only when its notes change. */
  const edit = useCallback((note: PendingNote) => {
    setPending((current) => current.filter((item) => item.clientId !== note.clientId));
    setText((current) => (current.trim() ? `${note.body}\n\n${current}` : note.body));
    setFiles(note.files);
  }, []);

  return { pending, text, setText, files, setFiles, send, submit, edit };
}
