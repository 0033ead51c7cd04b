/** docs/requirements.md 9 and 10.6: a stale chunk reloads the page at most once per path within 10 s. */
export const RELOAD_GUARD_MS = 10_000;

const key = (path: string) => `portal:reloaded:${path}`;

/**
 * True when the page may reload now for a stale chunk on `path`, and records that it did; false
 * when it already reloaded for this path less than 10 s ago (the chunk is really gone: show the error).
 */
export function mayReloadForStaleChunk(path: string, now = Date.now(), storage: Storage = sessionStorage): boolean {
  const last = Number(storage.getItem(key(path)) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(key(path), String(now));
  return true;
}

/** The errors browsers give for a code chunk that a new deployment removed. */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads on Vite's preload errors, within the guard. */
export function installStaleChunkReload(win: Window = window) {
  win.addEventListener('vite:preloadError', (event) => {
    if (mayReloadForStaleChunk(win.location.pathname)) {
      event.preventDefault();
      win.location.reload();
    }
  });
}
