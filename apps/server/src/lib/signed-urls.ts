import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signed URLs live at most an hour (docs/requirements.md 13.2) and stay the same within a half-hour window, so browsers can cache them. */
export const SIGNED_URL_WINDOW_SECONDS = 30 * 60;

export interface UrlSigner {
  /** `path?…&exp=…&sig=…` for a path of ours (e.g. `/api/files/KEY`), valid between 30 and 60 minutes. */
  sign(pathname: string, now?: Date): string;
  /** True when `sig` was made by us for this path and `exp` has not passed. */
  verify(pathname: string, exp: string | undefined, sig: string | undefined, now?: Date): boolean;
}

/**
 * HMAC-SHA256 over the path and the expiry, with a server key. The expiry is rounded up to the end
 * of the next window, so the same file asked for twice in a window gets the same URL.
 */
export function urlSigner(key: Buffer): UrlSigner {
  const mac = (pathname: string, exp: number) => createHmac('sha256', key).update(`${pathname}\n${exp}`).digest('base64url');
  return {
    sign(pathname, now = new Date()) {
      const seconds = Math.floor(now.getTime() / 1000);
      const exp = (Math.floor(seconds / SIGNED_URL_WINDOW_SECONDS) + 2) * SIGNED_URL_WINDOW_SECONDS;
      return `${pathname}${pathname.includes('?') ? '&' : '?'}exp=${exp}&sig=${mac(pathname, exp)}`;
    },
    verify(pathname, exp, sig, now = new Date()) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
      const expiry = Number(exp);
      const seconds = Math.floor(now.getTime() / 1000);
      if (expiry <= seconds || expiry - seconds > 2 * SIGNED_URL_WINDOW_SECONDS) return false;
      const expected = Buffer.from(mac(pathname, expiry));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
