import { afterEach, describe, expect, it, vi } from 'vitest';
import { login } from './login';

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

describe("a device's own sign-in budget", () => {
  it('sends the token the last sign-in to that address answered, and keeps the new one, across sign-out', async () => {
    const bodies = stubSignIn('/api/auth/login');
    await login({ email: 'ann@smith.example', password: 'a-long-password' });
    expect(bodies[0]).not.toHaveProperty('device_token');
    await login({ email: ' Ann@Smith.example ', password: 'a-long-password' });
    expect(bodies[1]).toMatchObject({ device_token: 'device-1' });
    // Another address has none of its own yet.
    await login({ email: 'bob@smith.example', password: 'a-long-password' });
    expect(bodies[2]).not.toHaveProperty('device_token');
    await login({ email: 'ann@smith.example', password: 'a-long-password' });
    expect(bodies[3]).toMatchObject({ device_token: 'device-2' });
  });
});
