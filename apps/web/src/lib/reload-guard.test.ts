import { describe, expect, it } from 'vitest';
import { isStaleChunkError, mayReloadForStaleChunk, RELOAD_GUARD_MS } from './reload-guard';

describe('the stale chunk reload guard (docs/requirements.md 9, 10.6)', () => {
  it('reloads at most once per path within 10 s', () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    const t = 1_000_000;
    expect(mayReloadForStaleChunk('/notes', t, sessionStorage)).toBe(true);
    expect(mayReloadForStaleChunk('/notes', t + 9_999, sessionStorage)).toBe(false);
    expect(mayReloadForStaleChunk('/photos', t + 1, sessionStorage)).toBe(true);
    expect(mayReloadForStaleChunk('/notes', t + 10_000, sessionStorage)).toBe(true);
  });

  it('knows a stale chunk when it sees one', () => {
    expect(isStaleChunkError(new TypeError('Failed to fetch dynamically imported module: /assets/notes-abc.js'))).toBe(true);
    expect(isStaleChunkError(new Error('Not found.'))).toBe(false);
  });
});
