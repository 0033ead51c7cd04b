import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter';

const rule = { limit: 3, windowMs: 60_000 };

describe('RateLimiter', () => {
  it('allows up to the limit in a window, then refuses with the seconds until the oldest hit leaves it', () => {
    const limiter = new RateLimiter();
    expect(limiter.hit('k', rule, 0)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    expect(limiter.hit('k', rule, 10_000).allowed).toBe(true);
    expect(limiter.hit('k', rule, 20_000)).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
    expect(limiter.hit('k', rule, 30_000)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 30 });
    // Refused hits are not counted: at 60 s the first hit has left the window.
    expect(limiter.hit('k', rule, 59_999).allowed).toBe(false);
    expect(limiter.hit('k', rule, 60_000).allowed).toBe(true);
    expect(limiter.hit('k', rule, 60_001)).toMatchObject({ allowed: false, retryAfterSeconds: 10 });
  });

  it('keeps keys apart', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 3; i++) limiter.hit('a', rule, 0);
    expect(limiter.hit('a', rule, 0).allowed).toBe(false);
    expect(limiter.hit('b', rule, 0).allowed).toBe(true);
  });

  it('never answers a Retry-After under one second', () => {
    const limiter = new RateLimiter();
    limiter.hit('k', { limit: 1, windowMs: 100 }, 0);
    expect(limiter.hit('k', { limit: 1, windowMs: 100 }, 99)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
  });

  it('reads its own clock when no time is given, and accepts dates', () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const limiter = new RateLimiter({ now: () => now });
    limiter.hit('k', { limit: 1, windowMs: 1_000 });
    expect(limiter.hit('k', { limit: 1, windowMs: 1_000 }).allowed).toBe(false);
    now = new Date(now.getTime() + 1_000);
    expect(limiter.hit('k', { limit: 1, windowMs: 1_000 }).allowed).toBe(true);
    expect(limiter.hit('k', { limit: 1, windowMs: 1_000 }, new Date(now.getTime() + 1_000)).allowed).toBe(true);
  });

  it('forgets a key on reset', () => {
    const limiter = new RateLimiter();
    limiter.hit('k', { limit: 1, windowMs: 1_000 }, 0);
    limiter.reset('k');
    expect(limiter.hit('k', { limit: 1, windowMs: 1_000 }, 0).allowed).toBe(true);
  });

  it('prunes keys whose window has passed', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 100; i++) limiter.hit(`k${i}`, rule, 0);
    limiter.hit('late', rule, 50_000);
    expect(limiter.size).toBe(101);
    limiter.prune(60_000);
    expect(limiter.size).toBe(1);
  });

  it('sweeps expired keys on its own as hits come in', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 999; i++) limiter.hit(`old${i}`, rule, 0);
    for (let i = 0; i < 5; i++) limiter.hit(`new${i}`, rule, 120_000);
    expect(limiter.size).toBeLessThanOrEqual(5);
  });

  it("never forgets a live key's hits, however many other keys arrive", () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 3; i++) limiter.hit('signin:account:victim', rule, 0);
    for (let i = 0; i < 150_000; i++) limiter.hit(`signin:ip:flood-${i}`, rule, 1);
    expect(limiter.hit('signin:account:victim', rule, 2).allowed).toBe(false);
  });

  it('multiplies every limit by its multiplier', () => {
    const limiter = new RateLimiter({ multiplier: 4 });
    for (let i = 0; i < 12; i++) expect(limiter.hit('k', rule, 0).allowed).toBe(true);
    expect(limiter.hit('k', rule, 0).allowed).toBe(false);
  });
});
