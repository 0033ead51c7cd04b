import { INT4_MAX } from '@portal/contract';
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 bytes: 256 random bits, as docs/requirements.md 12.2 and 12.3 require for link and session tokens. */
const SECRET_BYTES = 32;
/** base64url of 32 bytes. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** HMAC-SHA-256 under a server key, hex: for values too guessable to hash bare (six-digit codes). */
export function hmacSha256(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/** A uniformly random code of `length` digits, leading zeros kept ("004217"). */
export function newNumericCode(length = 6): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** `id.secret` → its parts, or null for anything malformed ('', '.', '1.', 'x.y', too long …). */
export function parseToken(token: string): { id: number; secret: string } | null {
  if (token.length > 80) return null;
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const idPart = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (!/^[1-9]\d{0,9}$/.test(idPart) || !SECRET_PATTERN.test(secret)) return null;
  const id = Number(idPart);
  return id <= INT4_MAX ? { id, secret } : null;
}

/** The operator's bearer token for a server key (the `company` command and the server derive it alike). */
export function operatorToken(secret: Buffer): string {
  return `ppo_${secret.toString('base64url')}`;
}
