import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInToConsole, visitConsole } from '../../../../test/console';

/** "Your profile" (docs/staff-console.md): every member, owner or not, changes their own name, title, phone and picture. */

const AT = '2026-11-24T15:00:00.000000Z';

/** The console's API as the profile page meets it: the member's row, changed by what the page sends. */
function stubApi(role: 'owner' | 'staff') {
  let profile = {
    id: 7,
    name: 'Omar Haddad',
    email: 'omar@harbor.example',
    title: 'Site Supervisor',
    phone: '(512) 555-0168',
    role,
    avatar_url: null as string | null,
    active: true,
    deactivated_at: null,
    created_at: AT,
    updated_at: AT,
  };
  const writes: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://portal.test');
      const method = init.method ?? 'GET';
      if (method !== 'GET') writes.push({ method, path: url.pathname, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
      if (url.pathname === '/api/staff/auth/me') {
        return Response.json({
          id: 7,
          name: profile.name,
          email: profile.email,
          role,
          company: { id: 3, name: 'Harbor Roofing', logo_url: null, color: '#0f766e' },
        });
      }
      if (url.pathname === '/api/staff/inbox/unread') return Response.json({ unread: 0 });
      if (url.pathname === '/api/staff/me' && method === 'GET') return Response.json(profile);
      if (url.pathname === '/api/staff/me' && method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { name?: string };
        if (body.name !== undefined && body.name.trim() === '') {
          return Response.json({ message: 'The given data was invalid.', errors: { name: ['The name field is required.'] } }, { status: 422 });
        }
        profile = { ...profile, ...body };
        return Response.json(profile);
      }
      if (url.pathname === '/api/staff/me/avatar' && method === 'PUT') {
        profile = { ...profile, avatar_url: 'http://portal.test/api/avatars/41' };
        return Response.json(profile);
      }
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
  return writes;
}

signedInToConsole();

describe('your profile', () => {
  it('is in the menu of a member of staff, who changes their own name, title and phone, and the header follows', async () => {
    const writes = stubApi('staff');
    const router = visitConsole('/staff');
    const nav = await screen.findByRole('navigation', { name: 'Console' }, { timeout: 5_000 });
    expect(within(nav).queryByRole('link', { name: 'Settings' })).toBeNull();
    await userEvent.click(within(nav).getByRole('link', { name: 'Your profile' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/profile');

    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Omar Haddad');
    // Email and role are shown, not offered: no one changes their own role.
    expect(screen.queryByRole('combobox', { name: 'Role' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Deactivate/ })).toBeNull();
    expect(screen.getByText('omar@harbor.example')).toBeInTheDocument();

    await userEvent.clear(name);
    await userEvent.type(name, 'Omar H. Haddad');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Title' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Site lead');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Phone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save your profile' }));

    await waitFor(() =>
      expect(writes).toContainEqual({ method: 'PATCH', path: '/api/staff/me', body: { name: 'Omar H. Haddad', title: 'Site lead', phone: null } }),
    );
    // The console's header names them as saved, without a reload.
    expect(await within(screen.getByRole('banner')).findByText('Omar H. Haddad')).toBeInTheDocument();
  }, 20_000);

  it('shows what the server refuses next to the field', async () => {
    stubApi('owner');
    visitConsole('/staff/profile');
    const name = await screen.findByRole('textbox', { name: 'Name' }, { timeout: 5_000 });
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save your profile' }));
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  }, 20_000);

  it('lets an owner add their own picture', async () => {
    const writes = stubApi('owner');
    visitConsole('/staff/profile');
    await screen.findByRole('button', { name: 'Add a picture' }, { timeout: 5_000 });
    await userEvent.upload(screen.getByLabelText('Your picture file'), new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(writes.map((write) => `${write.method} ${write.path}`)).toContain('PUT /api/staff/me/avatar'));
    expect(await screen.findByRole('img', { name: 'Your picture' })).toHaveAttribute('src', 'http://portal.test/api/avatars/41');
    expect(screen.getByRole('button', { name: 'Replace the picture' })).toBeInTheDocument();
  }, 20_000);

  it('refuses a picture larger than the server takes before sending it, and says why', async () => {
    const writes = stubApi('owner');
    visitConsole('/staff/profile');
    const input = await screen.findByLabelText('Your picture file', {}, { timeout: 5_000 });
    const picture = new File(['x'], 'Holiday photo.jpg', { type: 'image/jpeg' });
    Object.defineProperty(picture, 'size', { value: 2 * 1024 * 1024 + 1 });
    await userEvent.upload(input, picture);
    // Said as an alert, where the server's own refusals show, and nothing is sent.
    expect(await screen.findByText('Holiday photo.jpg is larger than 2.0 MB: choose a smaller file.')).toHaveAttribute('role', 'alert');
    expect(writes).toEqual([]);
  }, 20_000);
});
