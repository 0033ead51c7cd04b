import { TOKEN_STORAGE_KEY } from '@portal/contract';
import type { BrowserContext } from 'playwright-core';
import { baseURL } from './page';
import { recordSecret } from './run-log';

export const DEMO = {
  customer: { email: 'customer@example.com', password: 'portal-demo-1' },
  neighbor: { email: 'neighbor@example.com', password: 'portal-demo-2' },
} as const;

/** Signs in through the real API and returns the token. */
export async function apiSignIn(user: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  recordSecret("a customer's session token", token);
  return token;
}

/** Puts a token where the app keeps it, before any page of the context loads. */
export async function storeToken(context: BrowserContext, token: string) {
  await context.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('e2e-token-stored')) {
        localStorage.setItem(key!, value!);
        sessionStorage.setItem('e2e-token-stored', '1');
      }
    },
    [TOKEN_STORAGE_KEY, token],
  );
}

export async function signedInContext(context: BrowserContext, user: { email: string; password: string } = DEMO.customer) {
  const token = await apiSignIn(user);
  await storeToken(context, token);
  return token;
}
