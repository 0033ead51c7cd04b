import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { onePage, signedInToConsole, visitConsole } from '../../../../test/console';
import { inboxItemLink } from './inbox-page';

const page = (data: unknown[], unread: number) => ({ ...onePage(data, 10), unread });
const member = (role: 'owner' | 'staff') => ({
  id: 7,
  name: 'Hana Harbor',
  email: 'hana@harbor.example',
  role,
  company: { id: 3, name: 'Harbor Roofing', logo_url: null, color: '#0f766e' },
});
const NOTE = {
  kind: 'note',
  id: 11,
  project: { id: 4, name: 'Roof replacement' },
  from: { id: 9, name: 'Ann Smith' },
  excerpt: 'Can the crew park on the street?',
  at: '2026-11-24T15:00:00.000000Z',
  read: false,
};
const MESSAGE = {
  kind: 'message',
  id: 5,
  project: { id: 4, name: 'Roof replacement' },
  from: { id: 9, name: 'Ann Smith' },
  excerpt: 'Gutters: the back one leaks',
  at: '2026-11-24T15:01:00.000000Z',
  read: false,
};

/** The console's API as the inbox meets it: reads answered, marks recorded and applied. */
function stubApi(role: 'owner' | 'staff' = 'owner') {
  const read = new Set<string>();
  const writes: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://portal.test');
      const method = init.method ?? 'GET';
      if (method !== 'GET') writes.push(`${method} ${url.pathname}`);
      const items = [MESSAGE, NOTE].map((item) => ({ ...item, read: read.has(`${item.kind}/${item.id}`) }));
      const unread = items.filter((item) => !item.read).length;
      const mark = /^\/api\/staff\/inbox\/(note|message|document)\/(\d+)\/read$/.exec(url.pathname);
      if (mark && method === 'POST') {
        read.add(`${mark[1]}/${mark[2]}`);
        return new Response(null, { status: 204 });
      }
      if (url.pathname === '/api/staff/auth/me') return Response.json(member(role));
      if (url.pathname === '/api/staff/inbox') return Response.json(page(items, unread));
      if (url.pathname === '/api/staff/inbox/unread') return Response.json({ unread });
      if (url.pathname === '/api/integration/contact-messages/5') {
        return Response.json({
          id: 5,
          project_id: 4,
          portal_user: { id: 9, email: 'ann@smith.example', first_name: 'Ann', last_name: 'Smith' },
          subject: 'Gutters',
          message: 'The back one leaks.\nSince Monday.',
          sent_to: null,
          handled: false,
          handled_at: null,
          handled_by_api_key_id: null,
          created_at: MESSAGE.at,
          updated_at: MESSAGE.at,
        });
      }
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
  return writes;
}

signedInToConsole();

describe('the inbox page', () => {
  it('counts unread items in the menu, links a note to its project, and opens a message in place, marking it read', async () => {
    const writes = stubApi();
    const router = visitConsole('/staff/inbox');
    const items = await screen.findByRole('list', { name: 'Inbox items' }, { timeout: 5_000 });
    expect(await screen.findByRole('link', { name: /^Inbox\s*2\s*unread$/ })).toBeInTheDocument();
    expect(within(items).getByRole('link', { name: /Can the crew park/ })).toHaveAttribute('href', '/staff/projects/4/notes');
    expect(within(items).getByRole('link', { name: /Gutters/ })).toHaveAttribute('href', '/staff/inbox?message=5');
    expect(screen.getByText('2 unread.')).toBeInTheDocument();

    await userEvent.click(within(items).getByRole('link', { name: /Gutters/ }));
    const panel = await screen.findByRole('region', { name: 'Gutters' });
    expect(within(panel).getByText(/Since Monday\./)).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ message: 5 });
    await waitFor(() => expect(writes).toContain('POST /api/staff/inbox/message/5/read'));
    expect(await screen.findByRole('link', { name: /^Inbox\s*1\s*unread$/ })).toBeInTheDocument();
    await screen.findByText('1 unread.');

    await userEvent.click(screen.getByRole('button', { name: 'Close the message' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Gutters' })).toBeNull());
    expect(router.state.location.search).toEqual({});
  }, 20_000);

  it('marks everything read at once', async () => {
    const writes = stubApi();
    visitConsole('/staff/inbox');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }, { timeout: 5_000 }));
    await waitFor(() => expect(writes).toContain('POST /api/staff/inbox/read-all'));
  });
});

describe('an answered proposal in the inbox', () => {
  it('links to the proposal in its project', () => {
    expect(inboxItemLink({ kind: 'proposal', id: 12, project: { id: 4, name: 'Roof replacement' } })).toEqual({ to: '/staff/projects/4/proposals/12' });
  });
});

describe('the audit log for a member of staff', () => {
  it('is not in their menu, and its page says it is for owners', async () => {
    stubApi('staff');
    visitConsole('/staff/audit-log');
    expect(await screen.findByRole('heading', { level: 1, name: 'Owners only' }, { timeout: 5_000 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).toBeNull();
    expect(within(nav).getByRole('link', { name: /Inbox/ })).toBeInTheDocument();
  });
});
