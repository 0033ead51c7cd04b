import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { NETWORK_ERROR } from '../../lib/form-errors';
import type { UploadProgress } from './upload';

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed';

export interface UploadItem<R> {
  /** Stable for the item's life, across retries. */
  id: number;
  /** Random, the same for every try of this file: an idempotency key for its upload. */
  key: string;
  file: File;
  status: UploadStatus;
  /** Bytes sent of `total` in the current try. */
  loaded: number;
  total: number;
  /** Why the last try failed: the server's message for the file, else its general message. */
  error: string | null;
  /**
   * Whether another try could succeed: not for a file refused before it was sent (too large) or by the server for
   * what it is (4xx but a timeout or a rate limit), only for the network, a timeout, a limit or the server's fault.
   */
  retriable: boolean;
  result: R | null;
}

/** Sends one file; calls `onProgress` as bytes go out. Rejects to fail this file alone. `key` is the item's. */
export type UploadSender<R> = (file: File, onProgress: (progress: UploadProgress) => void, signal: AbortSignal, key: string) => Promise<R>;

/** 128 random bits as hex; getRandomValues works on plain http too, where randomUUID does not. */
function randomKey() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface UploadQueueOptions<R> {
  send: UploadSender<R>;
  /** How many files are in flight at once. */
  concurrency?: number;
  /** Called once for each file that arrives. */
  onDone?: (item: UploadItem<R>) => void;
  /** Why a file cannot be sent at all (too large), or null: it is listed as failed, with no retry, and never sent. */
  refuse?: (file: File) => string | null;
}

/**
 * Why a file failed, in words for the person who dropped it: a refusal's field message (the server names `files`),
 * else its message; anything that is not an answer is the network.
 */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const fields = error.fieldErrors();
    const first = fields.files?.[0] ?? Object.values(fields).flat()[0];
    return first ?? error.message;
  }
  return NETWORK_ERROR;
}

/** Whether sending the same file again could succeed after this failure. */
export function isRetriable(error: unknown): boolean {
  return !(error instanceof ApiRequestError) || error.status >= 500 || error.status === 408 || error.status === 429;
}

/**
 * Many files uploaded a few at a time, one request each, so every file has its own progress and its own fate: a
 * refused file waits with its error for a retry while the others carry on. Plain state with subscribers, so it is
 * tested without React and read in React with useUploadQueue.
 */
export function createUploadQueue<R>(options: UploadQueueOptions<R>) {
  const concurrency = Math.max(1, options.concurrency ?? 3);
  let { send, onDone, refuse } = options;
  let items: UploadItem<R>[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const controllers = new Map<number, AbortController>();

  const update = (id: number, change: Partial<UploadItem<R>>) => {
    items = items.map((item) => (item.id === id ? { ...item, ...change } : item));
    listeners.forEach((listener) => listener());
  };

  const pump = () => {
    while (controllers.size < concurrency) {
      const next = items.find((item) => item.status === 'queued');
      if (!next) return;
      start(next);
    }
  };

  const start = (item: UploadItem<R>) => {
    const controller = new AbortController();
    controllers.set(item.id, controller);
    update(item.id, { status: 'uploading', loaded: 0, total: item.file.size, error: null, retriable: true });
    send(item.file, ({ loaded, total }) => update(item.id, { loaded, total: total || item.file.size }), controller.signal, item.key)
      .then(
        (result) => {
          if (controller.signal.aborted) return;
          update(item.id, { status: 'done', result, loaded: item.file.size, total: item.file.size });
          const done = items.find((each) => each.id === item.id);
          if (done) onDone?.(done);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          update(item.id, { status: 'failed', error: uploadErrorMessage(error), retriable: isRetriable(error) });
        },
      )
      .finally(() => {
        controllers.delete(item.id);
        pump();
      });
  };

  return {
    getSnapshot: () => items,
    /** New callbacks for files from now on. */
    configure(next: Pick<UploadQueueOptions<R>, 'send' | 'onDone' | 'refuse'>) {
      ({ send, onDone, refuse } = next);
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(files: Iterable<File>) {
      const added = [...files].map((file): UploadItem<R> => {
        const refusal = refuse?.(file) ?? null;
        return {
          id: nextId++,
          key: randomKey(),
          file,
          status: refusal ? 'failed' : 'queued',
          loaded: 0,
          total: file.size,
          error: refusal,
          retriable: refusal === null,
          result: null,
        };
      });
      if (added.length === 0) return;
      items = [...items, ...added];
      listeners.forEach((listener) => listener());
      pump();
    },
    /** Sends a failed file again, behind those already waiting. */
    retry(id: number) {
      const item = items.find((each) => each.id === id);
      if (!item || item.status !== 'failed' || !item.retriable) return;
      items = [...items.filter((each) => each.id !== id), { ...item, status: 'queued', loaded: 0, error: null }];
      listeners.forEach((listener) => listener());
      pump();
    },
    /** Forgets a file: one in flight is cancelled, one done or failed leaves the list. */
    remove(id: number) {
      controllers.get(id)?.abort();
      controllers.delete(id);
      items = items.filter((each) => each.id !== id);
      listeners.forEach((listener) => listener());
      pump();
    },
    /** Forgets the files that arrived, keeping those still going or failed. */
    clearDone() {
      items = items.filter((each) => each.status !== 'done');
      listeners.forEach((listener) => listener());
    },
    /** Cancels everything (the page is left). */
    dispose() {
      controllers.forEach((controller) => controller.abort());
      controllers.clear();
      items = items.map((item) => (item.status === 'uploading' || item.status === 'queued' ? { ...item, status: 'failed', error: 'Cancelled.' } : item));
    },
  };
}

export type UploadQueue<R> = ReturnType<typeof createUploadQueue<R>>;

/** A queue for the life of a component (its uploads stop when it goes), and its items as state. */
export function useUploadQueue<R>(options: UploadQueueOptions<R>): [UploadItem<R>[], UploadQueue<R>] {
  const [queue] = useState(() => createUploadQueue<R>(options));
  // Its callbacks are the latest render's; the number in flight stays what it started with.
  useLayoutEffect(() => queue.configure(options));
  useEffect(() => () => queue.dispose(), [queue]);
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  return [items, queue];
}
