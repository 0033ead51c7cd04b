import { PREVIEW_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prerenderLoginPage } from './sign-in-prerender';

// docs/decisions/105-the-sign-in-page-drawn-in-its-html.md
describe("the build's /login", () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    document.documentElement.removeAttribute('data-signed-in');
    vi.restoreAllMocks();
  });

  it('is the sign-in page, inert and marked with its address, beside the "Loading…" a signed-in visitor gets', async () => {
    const { body } = await prerenderLoginPage();
    document.body.innerHTML = body;
    const root = document.getElementById('root')!;
    expect(root.getAttribute('data-prerendered')).toBe('/login');
    expect(root.hasAttribute('inert')).toBe(true);
    expect(root.querySelector('h1')?.textContent).toBe('Sign in');
    expect([...root.querySelectorAll('label')].map((label) => label.textContent)).toEqual(['Email', 'Password']);
    expect(document.getElementById('boot-signed-in')?.textContent).toContain('Loading…');
  });

  it('marks the page signed in for a kept sign-in or a preview of this tab, and for nothing else', async () => {
    const { script } = await prerenderLoginPage();
    const run = () => {
      document.documentElement.removeAttribute('data-signed-in');
      new Function(script)();
      return document.documentElement.hasAttribute('data-signed-in');
    };
    expect(run()).toBe(false);
    localStorage.setItem(TOKEN_STORAGE_KEY, '1.token');
    expect(run()).toBe(true);
    localStorage.clear();
    sessionStorage.setItem(PREVIEW_STORAGE_KEY, '{"token":"2.token","name":"Ann","projectId":1}');
    expect(run()).toBe(true);
    sessionStorage.clear();
    // Storage the browser refuses is no sign-in, as for the app (lib/auth-token.ts), and no error.
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(run()).toBe(false);
  });
});
