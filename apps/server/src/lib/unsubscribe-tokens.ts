import { NOTICE_KINDS, type NoticeKind } from '@portal/contract/notice-kinds';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a notice's unsubscribe link: `<portal user id>.<kind>.<HMAC-SHA256>` under the server's auth key
 * (docs/decisions/041-notice-unsubscribe-tokens.md). Only the server can make one, so the link turns off that one
 * kind for that one user and nothing else; it never expires, because an old email's link must keep working.
 */
export interface UnsubscribeTokens {
  make(portalUserId: number, kind: NoticeKind): string;
  /** The user and kind a token was made for, or null for anything we did not make. */
  read(token: string): { portalUserId: number; kind: NoticeKind } | null;
}

const TOKEN_PATTERN = /^([1-9]\d{0,9})\.([a-z]+)\.([A-Za-z0-9_-]{43})$/;

export function unsubscribeTokens(key: Buffer): UnsubscribeTokens {
  // A label of its own, so a value signed with this key for any other purpose is never a valid token.
  const mac = (portalUserId: number, kind: string) => createHmac('sha256', key).update(`notice-unsubscribe\n${portalUserId}\n${kind}`).digest('base64url');
  return {
    make: (portalUserId, kind) => `${portalUserId}.${kind}.${mac(portalUserId, kind)}`,
    read(token) {
      const match = TOKEN_PATTERN.exec(token);
      if (!match) return null;
      const portalUserId = Number(match[1]);
      const kind = match[2] as NoticeKind;
      if (!NOTICE_KINDS.includes(kind) || portalUserId > 2_147_483_647) return null;
      const expected = Buffer.from(mac(portalUserId, kind));
      const given = Buffer.from(match[3]!);
      return expected.length === given.length && timingSafeEqual(expected, given) ? { portalUserId, kind } : null;
    },
  };
}
