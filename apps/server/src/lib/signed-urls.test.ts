import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGNED_URL_WINDOW_SECONDS, urlSigner } from './signed-urls';

const signer = urlSigner(randomBytes(32));
const parts = (url: string) => {
  const parsed = new URL(url, 'http://x');
  return { path: parsed.pathname, exp: parsed.searchParams.get('exp') ?? undefined, sig: parsed.searchParams.get('sig') ?? undefined };
};
const t0 = new Date('2026-11-21T10:00:00Z');
const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe('signed URLs', () => {
  it('verify for their own path until they expire, at most an hour', () => {
    const { path, exp, sig } = parts(signer.sign('/api/files/abc', t0));
    expect(signer.verify(path, exp, sig, t0)).toBe(true);
    expect(signer.verify(path, exp, sig, later(SIGNED_URL_WINDOW_SECONDS + 59))).toBe(true);
    expect(signer.verify(path, exp, sig, later(2 * SIGNED_URL_WINDOW_SECONDS))).toBe(false);
  });

  it('stay the same within a window, so browsers can cache them', () => {
    expect(signer.sign('/api/files/abc', t0)).toBe(signer.sign('/api/files/abc', later(SIGNED_URL_WINDOW_SECONDS - 1)));
    expect(signer.sign('/api/files/abc', t0)).not.toBe(signer.sign('/api/files/abc', later(SIGNED_URL_WINDOW_SECONDS)));
  });

  it('refuse another file, an altered expiry or signature, and another key', () => {
    const { exp, sig } = parts(signer.sign('/api/files/abc', t0));
    expect(signer.verify('/api/files/abd', exp, sig, t0)).toBe(false);
    expect(signer.verify('/api/files/abc', String(Number(exp) + 1), sig, t0)).toBe(false);
    expect(signer.verify('/api/files/abc', exp, `${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`, t0)).toBe(false);
    expect(urlSigner(randomBytes(32)).verify('/api/files/abc', exp, sig, t0)).toBe(false);
    expect(signer.verify('/api/files/abc', undefined, sig, t0)).toBe(false);
    expect(signer.verify('/api/files/abc', exp, undefined, t0)).toBe(false);
  });

  it('refuse an expiry further out than a signer would ever write', () => {
    const far = String(Math.floor(t0.getTime() / 1000) + 10 * SIGNED_URL_WINDOW_SECONDS);
    expect(signer.verify('/api/files/abc', far, 'A'.repeat(43), t0)).toBe(false);
  });
});
