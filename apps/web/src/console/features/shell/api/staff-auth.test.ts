import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffSignIn } from './staff-auth';
import { stubSignIn } from '../../../../test/sign-in-stub';

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
