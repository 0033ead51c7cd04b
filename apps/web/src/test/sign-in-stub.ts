import { vi } from 'vitest';

/**
 * The API's sign-in route `path` as a device token sees it (portal or console): each answer carries a new device
 * token (`device-1`, `device-2` …); every body sent is recorded.
 */
export function stubSignIn(path: string) {
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
