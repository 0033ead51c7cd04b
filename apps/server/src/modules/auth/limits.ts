import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyAttempts } from '../../lib/http-errors';
import type { RateLimitRule } from '../../lib/rate-limiter';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The sign-in limits of docs/requirements.md 12.4. Every sign-in (password, link or code) counts against the caller's IP; keys come
 * from `request.ip`, which honours X-Forwarded-For only when TRUST_PROXY is on. A limit keyed by an
 * address from the body always sits behind one keyed by the IP, so a body alone never decides.
 */
export const AUTH_LIMITS = {
  signInPerIp: { limit: 10, windowMs: MINUTE },
  signInPerAccount: { limit: 20, windowMs: HOUR },
  // A device that signed in before has a budget of its own, the same size (core/access/device-tokens.ts).
  signInPerDevice: { limit: 20, windowMs: HOUR },
  passwordlessPerIp: { limit: 20, windowMs: HOUR },
  passwordlessPerEmail: { limit: 5, windowMs: HOUR },
  // Reset and email-change links are emails too: the same budget as sign-in links, counted apart.
  passwordResetPerIp: { limit: 20, windowMs: HOUR },
  passwordResetPerEmail: { limit: 5, windowMs: HOUR },
  emailChangePerUser: { limit: 5, windowMs: HOUR },
  // A staff invitation's page asks for its company's brand, as a sign-in page asks the public theme lookup: its limit.
  invitationBrandPerIp: { limit: 60, windowMs: MINUTE },
} as const satisfies Record<string, RateLimitRule>;

export type AuthLimit = keyof typeof AUTH_LIMITS;

/**
 * Counts one attempt under a limit, or refuses with 429 and Retry-After. The key is logged by name
 * only: an IP or an address is not an event field we keep.
 */
export async function enforceLimit(app: FastifyInstance, request: FastifyRequest, limit: AuthLimit, key: string, userId: number | null = null) {
  const result = await app.rateLimiter.hit(`auth:${limit}:${key}`, AUTH_LIMITS[limit], app.now());
  if (!result.allowed) {
    request.log.warn({ event: 'auth.rate_limited', limit, userId, retryAfter: result.retryAfterSeconds }, 'too many attempts');
    throw tooManyAttempts(result.retryAfterSeconds);
  }
}

/**
 * The per-address sign-in limit (keyed by `accountKey`), or the device's own when it presents a device token issued for
 * this address (`subject`: `portal:…` or `staff:…`), so that wrong passwords from elsewhere never lock out a device
 * that signed in before. Either way after the per-IP limit.
 */
export async function enforceSignInBudget(
  app: FastifyInstance,
  request: FastifyRequest,
  who: { subject: string; accountKey: string; userId?: number | null },
  deviceToken: string | undefined,
) {
  const device = app.deviceTokens.deviceOf(who.subject, deviceToken);
  if (device) request.log.info({ event: 'auth.known_device', userId: who.userId ?? null }, 'sign-in from a known device');
  await (device
    ? enforceLimit(app, request, 'signInPerDevice', device, who.userId ?? null)
    : enforceLimit(app, request, 'signInPerAccount', who.accountKey, who.userId ?? null));
}
