import { DEVICE_TOKEN_PATTERN } from '@portal/contract';
import { hmacSha256, newSecret, sameDigest } from '../../lib/tokens';

/**
 * Device tokens (OWASP's "device cookies", kept by the web app beside its session token rather than in a cookie, since
 * the API takes bearer tokens only): each sign-in answers one, bound to the address signed in with. A sign-in that
 * presents a valid one for its address counts against that device's own budget, not the address's, so 20 wrong
 * passwords from anyone lock out unknown devices but never the person's own (docs/decisions/116-a-known-device-keeps-its-own-sign-in-budget.md).
 *
 * `subject` says whose address it is: `portal:ann@x.example` or `staff:ann@x.example`, never interchangeable.
 */
export function deviceTokens(key: Buffer) {
  const signature = (subject: string, nonce: string) => hmacSha256(key, `device-token\n${subject}\n${nonce}`);
  return {
    issue(subject: string): string {
      const nonce = newSecret();
      return `${nonce}.${signature(subject, nonce)}`;
    },
    /** The device's id when `token` was issued for `subject` by this server; null for anything else. */
    deviceOf(subject: string, token: string | undefined): string | null {
      if (!token || !DEVICE_TOKEN_PATTERN.test(token)) return null;
      const [nonce, given] = token.split('.') as [string, string];
      return sameDigest(given, signature(subject, nonce)) ? nonce : null;
    },
  };
}
export type DeviceTokens = ReturnType<typeof deviceTokens>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Issued at every sign-in, checked at every password sign-in (plugins/auth.ts decorates it). */
    deviceTokens: DeviceTokens;
  }
}
