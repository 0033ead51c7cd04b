import type { Database } from '../db/client';

/** The channel the triggers of migration 0007 notify on. */
export const CHANGES_CHANNEL = 'portal_changes';

/** A write to a table, with the row's id when the trigger names one (`sessions:42`); null: anything may have changed. */
export type Change = { table: string; id: number | null } | null;

export interface ChangeFeed {
  /** True while every change is known to reach us; caches serve nothing otherwise. */
  readonly live: boolean;
  /**
   * Moves on every change and every loss of the feed. A cache fills an entry only when the epoch is
   * the one it saw before reading the database: a change that landed during the read wins.
   */
  readonly epoch: number;
  subscribe(listener: (change: Change) => void): () => void;
  close(): Promise<void>;
}

export function parseChange(payload: string): Change {
  const [table, id] = payload.split(':');
  if (!table) return null;
  const number = id === undefined ? null : Number(id);
  return { table, id: number !== null && Number.isSafeInteger(number) ? number : null };
}

/**
 * What the database says changed (docs/decisions/025-response-and-session-caches.md): the triggers
 * of migration 0007 notify on every write to the tables the caches are made of, whoever writes.
 */
export async function openChangeFeed(database: Pick<Database, 'listen'>): Promise<ChangeFeed> {
  const listeners = new Set<(change: Change) => void>();
  let live = false;
  let epoch = 0;
  const emit = (change: Change) => {
    epoch++;
    for (const listener of listeners) listener(change);
  };
  const stop = await database.listen(CHANGES_CHANNEL, {
    onNotify: (payload) => emit(parseChange(payload)),
    onLive(next) {
      live = next;
      // Whatever was cached may have missed a change while the feed was down.
      emit(null);
    },
  });
  return {
    get live() {
      return live;
    },
    get epoch() {
      return epoch;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: stop,
  };
}

/** A feed that is never live: caches built on it serve nothing (API_CACHE_MB=0). */
export const offlineFeed: ChangeFeed = {
  live: false,
  epoch: 0,
  subscribe: () => () => {},
  close: async () => {},
};
