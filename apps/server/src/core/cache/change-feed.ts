import type { Database } from '../../db/client';

/** The channel the triggers of migration 0007 notify on. */
export const CHANGES_CHANNEL = 'portal_changes';

/** A write to a table, with the row's id when the trigger names one (`sessions:42`); null: anything may have changed. */
export type Change = { table: string; id: number | null } | null;

export interface ChangeFeed {
  /** True while every change is known to reach us; caches serve nothing otherwise. */
  readonly live: boolean;
  subscribe(listener: (change: Change) => void): () => void;
  /**
   * Resolves once every change committed before the call has reached this process's caches (a marker sent after them
   * comes back after them: PostgreSQL delivers notifications in commit order), or after `timeoutMs`, when the feed is
   * late and the caches have stopped serving anyway. Every write awaits it before it answers (plugins/changes.ts), so the
   * caller's next request never meets an answer cached before the write.
   */
  settled(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export function parseChange(payload: string): Change {
  const [table, id] = payload.split(':');
  if (!table) return null;
  const number = id === undefined || id === '' ? null : Number(id);
  return { table, id: number !== null && Number.isSafeInteger(number) ? number : null };
}

/** How often the feed proves that notifications still arrive, and how long one may take. */
export const HEARTBEAT_MS = 5_000;
const HEARTBEAT = 'heartbeat:';

/**
 * What the database says changed (docs/decisions/025-response-and-session-caches.md): the triggers
 * of migration 0007 notify on every write to the tables the caches are made of, whoever writes.
 *
 * A listening connection that looks fine can still hear nothing: a half-open TCP connection, a
 * transaction-mode pooler that accepts LISTEN and never delivers. So the feed is live only while its
 * own heartbeat, sent through the ordinary pool every few seconds, comes back on the listener; one
 * that is late turns the caches off until the next one arrives.
 */
export async function openChangeFeed(database: Pick<Database, 'listen' | 'notify'>, options: { heartbeatMs?: number } = {}): Promise<ChangeFeed> {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const listeners = new Set<(change: Change) => void>();
  let connected = false;
  let live = false;
  let sent = 0;
  let awaited: string | null = null;
  let firstBeat: (() => void) | null = null;
  const emit = (change: Change) => {
    for (const listener of listeners) listener(change);
  };
  const setLive = (next: boolean) => {
    if (live === next) return;
    live = next;
    // Whatever was cached may have missed a change while the feed was deaf.
    emit(null);
  };
  async function beat() {
    if (!connected) return;
    // The last one never came back: notifications are not arriving.
    if (awaited) setLive(false);
    const marker = `${HEARTBEAT}${++sent}`;
    awaited = marker;
    try {
      await database.notify(CHANGES_CHANNEL, marker);
    } catch {
      // The database is unreachable: the heartbeat stays outstanding and the next beat turns the caches off.
    }
  }

  const ready = new Promise<void>((resolve) => (firstBeat = resolve));
  const stop = await database.listen(CHANGES_CHANNEL, {
    onNotify(payload) {
      if (!payload.startsWith(HEARTBEAT)) return emit(parseChange(payload));
      if (payload !== awaited) return;
      awaited = null;
      setLive(true);
      firstBeat?.();
    },
    onLive(next) {
      connected = next;
      awaited = null;
      if (next) void beat();
      else setLive(false);
    },
  });
  const timer = setInterval(() => void beat(), heartbeatMs);
  timer.unref();
  // Serving starts with the first heartbeat back, or without the caches if none comes soon.
  await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, heartbeatMs).unref())]);
  return {
    get live() {
      return live;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async settled(timeoutMs = 2_000) {
      const marker = `settled_${++sent}`;
      let stopListening = () => {};
      const seen = new Promise<void>((resolve) => {
        const listener = (change: Change) => {
          if (change?.table === marker) resolve();
        };
        listeners.add(listener);
        stopListening = () => listeners.delete(listener);
      });
      let timeout: NodeJS.Timeout | undefined;
      try {
        await database.notify(CHANGES_CHANNEL, marker);
        await Promise.race([seen, new Promise<void>((resolve) => (timeout = setTimeout(resolve, timeoutMs)))]);
      } finally {
        clearTimeout(timeout);
        stopListening();
      }
    },
    async close() {
      clearInterval(timer);
      await stop();
    },
  };
}

/** A feed that is never live: a cache built on it serves nothing (a repository made outside the app, in tests and tools). */
export const offlineFeed: ChangeFeed = {
  live: false,
  subscribe: () => () => {},
  settled: async () => {},
  close: async () => {},
};
