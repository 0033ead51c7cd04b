import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import type { App } from '../src/app';
import { portalUsers } from '../src/db/schema';
import { passwords } from '../src/modules/auth/password';

/** Test-only helpers for the auth suites. */

let ipCounter = 0;
/** A fresh client address per call (TEST-NET-3), so rate limits of one test never touch another. */
export function nextIp(): string {
  ipCounter += 1;
  return `203.0.${113 + Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/** A portal user of its own; with a password when one is given. */
export async function createUser(app: App, options: { password?: string; firstName?: string } = {}) {
  const email = `user-${randomBytes(5).toString('hex')}@example.com`;
  const [row] = await app.database.db
    .insert(portalUsers)
    .values({
      email,
      first_name: options.firstName ?? 'Pat',
      last_name: 'Tester',
      password_hash: options.password ? await passwords.hash(options.password) : null,
    })
    .returning({ id: portalUsers.id });
  return { id: row!.id, email };
}

/**
 * Freezes `Date` (only Date: timers keep running, so the database and SMTP work as usual). The
 * app's clock (`app.now`) and the rate limiter read it, so moving it moves every expiry.
 */
export function freezeClock(start = new Date('2026-03-02T09:00:00Z')) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
  return {
    advance(ms: number) {
      vi.setSystemTime(new Date(Date.now() + ms));
    },
    restore() {
      vi.useRealTimers();
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function me(app: App, token: string) {
  return app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
}

export function postJson(
  app: App,
  url: string,
  payload: unknown,
  options: { ip?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'content-type': 'application/json', ...options.headers },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}
