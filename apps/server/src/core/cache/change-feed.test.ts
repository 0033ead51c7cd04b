import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationHandlers } from '../../db/client';
import { openChangeFeed, type Change } from './change-feed';

/**
 * A database whose listening connection can go deaf without saying so (a half-open connection, a
 * transaction-mode pooler): `deaf` drops every notification on the floor.
 */
function fakeDatabase() {
  let handlers: NotificationHandlers | null = null;
  const state = { deaf: false };
  return {
    state,
    async listen(_channel: string, next: NotificationHandlers) {
      handlers = next;
      next.onLive(true);
      return async () => next.onLive(false);
    },
    async notify(_channel: string, payload: string) {
      if (!state.deaf) handlers?.onNotify(payload);
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the change feed', () => {
  it('is live once its heartbeat comes back, and passes changes on', async () => {
    const database = fakeDatabase();
    const feed = await openChangeFeed(database, { heartbeatMs: 1000 });
    expect(feed.live).toBe(true);
    const seen: Change[] = [];
    feed.subscribe((change) => seen.push(change));
    await database.notify('portal_changes', 'sessions:42');
    await database.notify('portal_changes', 'heartbeat:999');
    expect(seen).toEqual([{ table: 'sessions', id: 42 }]);
    await feed.close();
    expect(feed.live).toBe(false);
  });

  it('turns the caches off when a heartbeat does not come back, and on again when one does', async () => {
    vi.useFakeTimers();
    const database = fakeDatabase();
    const opening = openChangeFeed(database, { heartbeatMs: 1000 });
    await vi.advanceTimersByTimeAsync(0);
    const feed = await opening;
    const seen: Change[] = [];
    feed.subscribe((change) => seen.push(change));
    expect(feed.live).toBe(true);

    database.state.deaf = true;
    await vi.advanceTimersByTimeAsync(1000); // this heartbeat is lost…
    expect(feed.live).toBe(true);
    await vi.advanceTimersByTimeAsync(1000); // …and the next beat finds it missing
    expect(feed.live).toBe(false);
    expect(seen).toEqual([null]);

    database.state.deaf = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(feed.live).toBe(true);
    expect(seen).toEqual([null, null]);
    await feed.close();
  });

  it('starts without the caches when no heartbeat ever comes back', async () => {
    vi.useFakeTimers();
    const database = fakeDatabase();
    database.state.deaf = true;
    const opening = openChangeFeed(database, { heartbeatMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    const feed = await opening;
    expect(feed.live).toBe(false);
    await feed.close();
  });
});
