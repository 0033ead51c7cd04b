import { createHash } from 'node:crypto';

/**
 * The content a signature covers, and its hash (docs/decisions/067-proposal-pages.md): what the customer saw is written
 * as canonical JSON, kept word for word with the evidence, and its SHA-256 recorded and printed on the signed PDF. A
 * proposal's acceptance and a change order's approval both go through here, so both hash the same way.
 */

/** JSON with every object's keys in code-point order and no white space (RFC 8785 for strings, whole numbers, booleans, null, arrays and objects). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const sha256Hex = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The canonical JSON of a signed content and its SHA-256: the evidence keeps both. */
export function hashedContent(content: unknown): { json: string; sha256: string } {
  const json = canonicalJson(content);
  return { json, sha256: sha256Hex(json) };
}
