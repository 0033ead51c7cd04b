import { PREVIEW_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leavePrerender } from './lib/prerendered-page';
import { prerenderLoginPage } from './sign-in-prerender';

// docs/decisions/105-the-sign-in-page-drawn-in-its-html.md
describe("the build's /login", () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    document.documentElement.removeAttribute('data-signed-in');
    vi.restoreAllMocks();
  });

  it('is the sign-in page, taking input and marked with its address, beside the "Loading…" a signed-in visitor gets', async () => {
    const { body } = await prerenderLoginPage();
    document.body.innerHTML = body;
    const root = document.getElementById('root')!;
    expect(root.getAttribute('data-prerendered')).toBe('/login');
    // docs/decisions/111-the-drawn-sign-in-page-usable-before-its-script.md
    expect(root.closest('[inert]')).toBeNull();
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

  // docs/decisions/111-the-drawn-sign-in-page-usable-before-its-script.md
  it('holds a sign-in sent before the app has the page, and sends it to the app once, when it has', async () => {
    const { body, script } = await prerenderLoginPage();
    // A page of its own, as the browser parses login.html: the script runs in its head, before the form is there.
    const page = document.implementation.createHTMLDocument();
    new Function('document', script)(page);
    page.body.innerHTML = body;
    const root = page.getElementById('root')!;
    const form = root.querySelector('form')!;
    // What the app's own handler (React's, on the root) and the browser (were nothing to stop it) would see.
    const seenByApp = vi.fn();
    root.addEventListener('submit', seenByApp);
    const sentByBrowser = () => form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));

    expect(sentByBrowser()).toBe(false);
    expect(sentByBrowser()).toBe(false);
    expect(seenByApp).not.toHaveBeenCalled();

    leavePrerender(root);
    expect(seenByApp).toHaveBeenCalledOnce();
    // Taken over: the app sees each submit itself, and nothing held is sent again.
    sentByBrowser();
    leavePrerender(root);
    expect(seenByApp).toHaveBeenCalledTimes(2);
  });

  it('drops a held sign-in when the app drew a page of its own instead of keeping the drawn one', async () => {
    const { body, script } = await prerenderLoginPage();
    const page = document.implementation.createHTMLDocument();
    new Function('document', script)(page);
    page.body.innerHTML = body;
    const root = page.getElementById('root')!;
    const seenByApp = vi.fn();
    root.addEventListener('submit', seenByApp);
    root.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    // The app rendered anew rather than keep the drawn page: the form that was sent is gone with it.
    root.replaceChildren(page.createElement('form'));
    leavePrerender(root);
    expect(seenByApp).not.toHaveBeenCalled();
  });
});
