import { PREVIEW_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReadOnlyContext } from '../../components/read-only';
import { UploadZone } from '../features/documents/components/upload-zone';
import { NoteComposer } from '../../components/notes/note-composer';
import { authToken } from '../../lib/auth-token';
import { adoptPreview, previewSession } from '../../lib/preview';
import { visitPortal, portalFallback } from '../../test/portal';

/** A staff member's preview in the portal (docs/staff-console.md): the banner, and every write control disabled. */

const USER = { id: 1, email: 'casey@example.com', first_name: 'Casey', last_name: 'Morgan' };
const PREVIEW = { token: 'preview-token', name: 'Casey Morgan', projectId: 7 };

/** The API as the account pages meet it, with every request's method, path and credential. */
function stubApi() {
  const requests: { method: string; path: string; auth: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://portal.test');
      const method = init.method ?? 'GET';
      requests.push({ method, path: url.pathname, auth: new Headers(init.headers).get('authorization') || null });
      if (url.pathname === '/api/account/notifications')
        return Response.json({ note: true, invoice: true, document: true, album: true, proposal: true, schedule: true, change_order: true });
      if (url.pathname === '/api/auth/me') return Response.json(USER);
      if (url.pathname === '/api/auth/sessions') return Response.json({ data: [] });
      if (url.pathname === '/api/auth/logout') return new Response(null, { status: 204 });
      return portalFallback(url);
    }),
  );
  return requests;
}

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => undefined);
  // Someone is signed in to the portal on this computer too: the preview must neither use nor end their sign-in.
  localStorage.setItem(TOKEN_STORAGE_KEY, 'own-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the preview tab', () => {
  it('takes the preview from the fragment into this tab, and out of the address bar', () => {
    const state = encodeURIComponent(JSON.stringify(PREVIEW));
    window.history.replaceState(null, '', `/?entity=3#preview=${state}`);
    adoptPreview();
    expect(window.location.hash).toBe('');
    expect(window.location.search).toBe('?entity=3');
    expect(previewSession.get()).toEqual(PREVIEW);
    expect(authToken.get()).toBe('preview-token');
    // Signing out there ends the preview, never the sign-in kept for the computer.
    authToken.remove();
    expect(previewSession.get()).toBeNull();
    expect(authToken.get()).toBe('own-token');
  });

  it('shows the banner and disables the account forms, sending the preview token for reads', async () => {
    sessionStorage.setItem(PREVIEW_STORAGE_KEY, JSON.stringify(PREVIEW));
    const requests = stubApi();
    visitPortal('/account/notifications');
    const banner = await screen.findByRole('region', { name: 'Preview' }, { timeout: 5000 });
    expect(banner).toHaveTextContent('Preview: you see the portal as Casey Morgan sees it. Nothing can be changed here.');
    const group = await screen.findByRole('group', { name: 'Email me when the company…' });
    for (const box of within(group).getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save email settings' })).toBeDisabled();
    expect(requests.filter((request) => request.method === 'GET').every((request) => request.auth === 'Bearer preview-token')).toBe(true);
    expect(requests.some((request) => request.method !== 'GET')).toBe(false);
  });

  it('disables every form of the account page', async () => {
    sessionStorage.setItem(PREVIEW_STORAGE_KEY, JSON.stringify(PREVIEW));
    stubApi();
    visitPortal('/account');
    await screen.findByRole('button', { name: 'Save name' }, { timeout: 5000 });
    for (const name of ['Save name', 'End preview']) expect(screen.getByRole('button', { name })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save name' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'First name' })).toBeDisabled();
    const main = screen.getByRole('main');
    for (const button of within(main).getAllByRole('button')) expect(button, button.textContent ?? '').toBeDisabled();
    for (const field of within(main).getAllByRole('textbox')) expect(field).toBeDisabled();
  });

  it('"End preview" ends the session on the server and in the tab', async () => {
    sessionStorage.setItem(PREVIEW_STORAGE_KEY, JSON.stringify(PREVIEW));
    const requests = stubApi();
    // jsdom does not navigate; the console's page is where it would go.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    visitPortal('/account/notifications');
    await userEvent.click(await screen.findByRole('button', { name: 'End preview' }, { timeout: 5000 }));
    await waitFor(() => expect(previewSession.get()).toBeNull());
    expect(requests).toContainEqual({ method: 'POST', path: '/api/auth/logout', auth: 'Bearer preview-token' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('own-token');
  });

  it('shows no banner and disables nothing outside a preview', async () => {
    stubApi();
    visitPortal('/account/notifications');
    expect(await screen.findByRole('button', { name: 'Save email settings' }, { timeout: 5000 })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
  });
});

describe('write controls in a read-only portal', () => {
  const readOnly = (children: ReactNode) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReadOnlyContext.Provider value={true}>{children}</ReadOnlyContext.Provider>
      </QueryClientProvider>,
    );

  it('the notes composer takes nothing and sends nothing', async () => {
    const onSend = vi.fn();
    readOnly(<NoteComposer text="" onText={() => undefined} files={[]} onFiles={() => undefined} onSend={onSend} />);
    expect(screen.getByRole('textbox', { name: 'Note' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveAttribute('placeholder', 'Nothing can be sent in a preview');
    expect(screen.getByRole('button', { name: 'Send note' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Attach images or PDFs/ })).toBeDisabled();
  });

  it('the upload zone takes no file', () => {
    readOnly(<UploadZone entity={3} />);
    expect(screen.getByLabelText('Choose a file')).toBeDisabled();
  });
});
