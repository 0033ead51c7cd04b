import type { FastifyRequest } from 'fastify';

/**
 * Who signed, from where and when: what a typed signature's evidence records of the request, the same for a proposal's
 * acceptance and a change order's approval (docs/decisions/067-proposal-pages.md).
 */
export interface SignerEvidence {
  /** The full name as typed (the schema has trimmed it). */
  signerName: string;
  /** The signed-in portal user's email: who the portal knows signed. */
  signerEmail: string;
  signedAt: Date;
  ipAddress: string;
  userAgent: string | null;
}

/** The longest user agent kept with the evidence: enough for any browser's, not a place to store a book. */
export const USER_AGENT_MAX = 1_000;

/** The browser's user agent as kept with the evidence, or null when it sent none. */
export const userAgentOf = (request: FastifyRequest): string | null => request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null;

/** The evidence of the request signing now: the IP address as the server trusts it (behind the proxy, the client's). */
export function signerEvidence(request: FastifyRequest, user: { email: string }, signerName: string, now: Date): SignerEvidence {
  return { signerName, signerEmail: user.email, signedAt: now, ipAddress: request.ip, userAgent: userAgentOf(request) };
}

/** A moment as the signed PDF prints it: "2026-11-20 12:00:00 UTC". */
export const utcStamp = (date: Date) =>
  `${date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, '')} UTC`;
