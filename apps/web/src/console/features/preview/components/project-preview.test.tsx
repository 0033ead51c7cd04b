import { STAFF_TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProjectPreview } from './project-preview';

/** The console's "Preview as customer" on a project: a picker of its customers, and the new tab it opens. */

const share = (id: number, first: string | null, email: string) => ({
  id: 100 + id,
  project_id: 7,
  portal_user: { id, email, first_name: first, last_name: first ? 'Morgan' : null },
  last_sign_in_at: null,
  created_at: '2026-11-01T09:00:00.000000Z',
});

function stubApi(shares: unknown[], previewAnswer: { status: number; body: unknown }) {
  const posts: { path: string; body: unknown; auth: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://portal.test');
      if (url.pathname === '/api/integration/projects/7/shares') return Response.json({ data: shares });
      if (url.pathname === '/api/staff/previews' && init.method === 'POST') {
        posts.push({ path: url.pathname, body: JSON.parse(String(init.body)), auth: new Headers(init.headers).get('authorization') });
        return Response.json(previewAnswer.body, { status: previewAnswer.status });
      }
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
  return posts;
}

/** The tab window.open gives: where it was sent, and whether it was closed. */
function stubTab() {
  const tab = { opener: {} as unknown, location: { replace: vi.fn() }, close: vi.fn() };
  vi.stubGlobal(
    'open',
    vi.fn(() => tab),
  );
  return tab;
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ProjectPreview projectId={7} />
    </QueryClientProvider>,
  );

beforeEach(() => localStorage.setItem(STAFF_TOKEN_STORAGE_KEY, 'console-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('preview as customer in the console', () => {
  it('previews the picked customer in a new tab, with the console token, and never keeps the preview here', async () => {
    const posts = stubApi([share(1, 'Casey', 'casey@example.com'), share(2, null, 'jo@example.com')], {
      status: 201,
      body: {
        token: '9.secret',
        expires_at: '2026-11-24T17:00:00.000000Z',
        project_id: 7,
        entity_id: 102,
        portal_user: share(2, null, 'jo@example.com').portal_user,
      },
    });
    const tab = stubTab();
    show();
    const picker = await screen.findByRole('combobox', { name: 'Customer' });
    expect(screen.getByRole('option', { name: 'Casey Morgan (casey@example.com)' })).toBeInTheDocument();
    await userEvent.selectOptions(picker, 'jo@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Preview as customer' }));
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalled());
    expect(posts).toEqual([{ path: '/api/staff/previews', body: { project_id: 7, portal_user_id: 2 }, auth: 'Bearer console-token' }]);
    expect(tab.opener).toBeNull();
    const sent = new URL(tab.location.replace.mock.calls[0]![0] as string, 'http://portal.test');
    expect(sent.pathname + sent.search).toBe('/?entity=102');
    expect(JSON.parse(decodeURIComponent(sent.hash.replace('#preview=', '')))).toEqual({ token: '9.secret', name: 'jo@example.com', projectId: 7 });
    expect(sessionStorage.length).toBe(0);
  });

  it('says why when the preview is refused, and closes the tab it opened', async () => {
    stubApi([share(1, 'Casey', 'casey@example.com')], {
      status: 422,
      body: { message: 'The given data was invalid.', errors: { portal_user_id: ['This project is not shared with this customer.'] } },
    });
    const tab = stubTab();
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Preview as customer' }));
    expect(await screen.findByText('This project is not shared with this customer.')).toBeVisible();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.replace).not.toHaveBeenCalled();
  });

  it('offers nothing to preview for a project shared with nobody', async () => {
    stubApi([], { status: 500, body: {} });
    show();
    expect(await screen.findByText('This project is not shared with any customer yet.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Preview as customer' })).toBeNull();
  });
});
