import { afterEach, describe, expect, it, vi } from 'vitest';
import { login } from './login';
import { stubSignIn } from '../../../../test/sign-in-stub';

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
