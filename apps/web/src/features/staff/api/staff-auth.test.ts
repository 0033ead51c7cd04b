import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffSignIn } from './staff-auth';

/** The API's sign-in as the device token sees it: each answer a new device token, every body recorded. */
function stubSignIn(path: string) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (new URL(String(input), 'http://portal.test').pathname !== path) return Response.json({ message: 'Not found.' }, { status: 404 });
      bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      const device_token = `device-${bodies.length}`;
      const who = { id: 7, email: 'ann@smith.example', first_name: 'Ann', last_name: 'Smith' };
      return Response.json(path.includes('staff') ? { token: 't', staff: who, device_token } : { token: 't', user: who, device_token });
    }),
  );
  return bodies;
}

afterEach(() => vi.unstubAllGlobals());

describe("a console device's own sign-in budget", () => {
  it("sends the console's own token, never the portal's for the same address", async () => {
    // The portal's token for the same address (lib/device-tokens.ts keeps the two apart).
    localStorage.setItem('cc_portal_devices', JSON.stringify([['ann@smith.example', 'portal-device']]));
    const bodies = stubSignIn('/api/staff/auth/login');
    await staffSignIn({ email: 'ann@smith.example', password: 'a-long-password' });
    expect(bodies[0]).not.toHaveProperty('device_token');
    await staffSignIn({ email: 'ann@smith.example', password: 'a-long-password' });
    expect(bodies[1]).toMatchObject({ device_token: 'device-1' });
  });
});
