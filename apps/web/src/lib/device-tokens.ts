/**
 * The device tokens a sign-in answers (OWASP's device cookies; docs/decisions/116-a-known-device-keeps-its-own-sign-in-budget.md),
 * kept in localStorage beside the session token, one per address, and sent back with the next password sign-in to that
 * address, so that someone else's wrong passwords never lock this device out. They outlive sign-out: that is when they
 * matter. A few addresses at most per browser.
 */
const MAX_ADDRESSES = 5;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function deviceTokenStore(key: string) {
  const read = (): [string, string][] => {
    try {
      const parsed: unknown = JSON.parse(storage()?.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((entry): entry is [string, string] => Array.isArray(entry) && entry.length === 2) : [];
    } catch {
      return [];
    }
  };
  const normal = (email: string) => email.trim().toLowerCase();
  return {
    get(email: string): string | undefined {
      return read().find(([address]) => address === normal(email))?.[1];
    },
    /** The newest first; the oldest address goes past MAX_ADDRESSES. */
    set(email: string, token: string) {
      const rest = read().filter(([address]) => address !== normal(email));
      try {
        storage()?.setItem(key, JSON.stringify([[normal(email), token], ...rest].slice(0, MAX_ADDRESSES)));
      } catch {
        // A full or refused storage: the device simply shares the address's budget next time.
      }
    },
  };
}

export const portalDeviceTokens = deviceTokenStore('cc_portal_devices');
export const staffDeviceTokens = deviceTokenStore('cc_portal_staff_devices');

/** Keeps the device token of a sign-in's answer under the address it signed in (`user` or `staff`), and answers it. */
export function keepDeviceToken<T extends { device_token?: string; user?: { email: string }; staff?: { email: string } }>(
  store: ReturnType<typeof deviceTokenStore>,
  answer: T,
): T {
  const email = answer.user?.email ?? answer.staff?.email;
  if (email && answer.device_token) store.set(email, answer.device_token);
  return answer;
}

/** Runs a sign-in call with the device's token for `email` and keeps the one it answers. */
export async function withDeviceToken<T extends { device_token?: string }>(
  store: ReturnType<typeof deviceTokenStore>,
  email: string,
  call: (deviceToken: string | undefined) => Promise<T>,
): Promise<T> {
  const answer = await call(store.get(email));
  if (answer.device_token) store.set(email, answer.device_token);
  return answer;
}
