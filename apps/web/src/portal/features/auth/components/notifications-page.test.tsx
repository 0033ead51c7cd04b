import { TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { NOTIFICATION_MESSAGES } from '@portal/contract/notice-kinds';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { portalPageTests, stubPortalApi, visitPortal } from '../../../../test/portal';

const USER = { id: 1, email: 'casey@example.com', first_name: 'Casey', last_name: 'Morgan' };

/** The API as these pages meet it: the settings kept in memory, every write recorded. */
function stubApi(options: { unsubscribe?: { status: number; body: unknown } } = {}) {
  let settings = { note: true, invoice: true, document: true, album: true, proposal: true, schedule: true, change_order: true };
  const writes: { method: string; path: string; body: unknown; auth: string | null }[] = [];
  stubPortalApi(({ url, method, body, init }) => {
    if (method !== 'GET') writes.push({ method, path: url.pathname, body, auth: new Headers(init.headers).get('authorization') || null });
    if (url.pathname === '/api/account/notifications') {
      if (method === 'PATCH') settings = { ...settings, ...(body as Partial<typeof settings>) };
      return Response.json(settings);
    }
    if (url.pathname === '/api/notifications/unsubscribe') {
      const answer = options.unsubscribe ?? { status: 200, body: { kind: 'note', message: NOTIFICATION_MESSAGES.unsubscribed('note') } };
      return Response.json(answer.body, { status: answer.status });
    }
    if (url.pathname === '/api/auth/me') return Response.json(USER);
    return undefined;
  });
  return writes;
}

portalPageTests();

describe('the email notifications page', () => {
  beforeEach(() => localStorage.setItem(TOKEN_STORAGE_KEY, 'session-token'));

  it('shows one switch per kind, named for what the email is about, and saves them with a confirmation', async () => {
    const writes = stubApi();
    visitPortal('/account/notifications');
    expect(await screen.findByRole('heading', { name: 'Email notifications', level: 1 }, { timeout: 5000 })).toBeVisible();
    const group = await screen.findByRole('group', { name: 'Email me when the company…' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('id'))).toHaveLength(7);
    for (const name of ['New notes', 'Invoices', 'Shared documents', 'Shared photo albums', 'Proposals', 'Change orders', 'Scheduled visits']) {
      expect(within(group).getByRole('checkbox', { name })).toBeChecked();
    }
    expect(within(group).getByRole('checkbox', { name: 'Invoices' })).toHaveAccessibleDescription('An email when the company sends you an invoice.');

    await userEvent.click(within(group).getByRole('checkbox', { name: 'Invoices' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save email settings' }));
    await waitFor(() => expect(screen.getByText(NOTIFICATION_MESSAGES.saved)).toBeVisible());
    expect(screen.getByText(NOTIFICATION_MESSAGES.saved)).toHaveAttribute('role', 'status');
    expect(writes).toEqual([
      {
        method: 'PATCH',
        path: '/api/account/notifications',
        body: { note: true, invoice: false, document: true, album: true, proposal: true, schedule: true, change_order: true },
        auth: 'Bearer session-token',
      },
    ]);
    expect(within(group).getByRole('checkbox', { name: 'Invoices' })).not.toBeChecked();
    // A change after saving takes the confirmation away until it is saved too.
    await userEvent.click(within(group).getByRole('checkbox', { name: 'New notes' }));
    expect(screen.queryByText(NOTIFICATION_MESSAGES.saved)).toBeNull();
  });

  it('is linked from the account settings page', async () => {
    stubApi();
    visitPortal('/account');
    const link = await screen.findByRole('link', { name: 'Choose which emails you get' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/account/notifications');
    // The summary names every kind of email the server sends, proposals, change orders and visits among them.
    expect(screen.getByRole('region', { name: 'Email notifications' })).toHaveTextContent(
      'Emails about new notes, invoices, shared documents, shared photo albums, proposals, change orders and scheduled visits on your projects.',
    );
  });
});

describe('the unsubscribe page', () => {
  it('turns the kind off without a session, says what it turned off and links to the settings', async () => {
    const writes = stubApi();
    const router = visitPortal('/unsubscribe?token=7.note.abc');
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(NOTIFICATION_MESSAGES.unsubscribed('note'))).toBeVisible();
    expect(screen.getByRole('link', { name: 'Choose which emails you get' })).toHaveAttribute('href', '/account/notifications');
    expect(writes).toEqual([{ method: 'POST', path: '/api/notifications/unsubscribe', body: { token: '7.note.abc' }, auth: null }]);
    expect(router.state.location.pathname).toBe('/unsubscribe');
  });

  it('says clearly when the link is not valid', async () => {
    stubApi({
      unsubscribe: {
        status: 422,
        body: { message: NOTIFICATION_MESSAGES.invalidUnsubscribeLink, errors: { token: [NOTIFICATION_MESSAGES.invalidUnsubscribeLink] } },
      },
    });
    visitPortal('/unsubscribe?token=forged');
    expect(await screen.findByRole('heading', { name: 'This link did not work' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(NOTIFICATION_MESSAGES.invalidUnsubscribeLink);
  });

  it('asks for the link when opened without one, and sends nothing', async () => {
    const writes = stubApi();
    visitPortal('/unsubscribe');
    expect(await screen.findByText('Open this page with the unsubscribe link at the bottom of one of our emails.', undefined, { timeout: 5000 })).toBeVisible();
    expect(writes).toEqual([]);
  });
});
