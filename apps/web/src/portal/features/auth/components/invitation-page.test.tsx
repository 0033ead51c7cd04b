import { TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { portalPageTests, stubPortalApi, visitPortal } from '../../../../test/portal';

/** The API as the invitation page meets it: the link works once; every call recorded. */
function stubApi() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  let used = false;
  stubPortalApi(({ url, method, body }) => {
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/auth/invitation') {
      if (used)
        return Response.json({ message: 'The given data was invalid.', errors: { token: ['This invitation link is not valid any more.'] } }, { status: 422 });
      used = true;
      return Response.json({
        token: 'new-session',
        user: { id: 7, email: 'ann@smith.example', first_name: 'Ann', last_name: 'Smith' },
        password_token: 'choose-token',
      });
    }
    if (url.pathname === '/api/auth/password-reset/confirm')
      return Response.json({ token: 'after-password', user: { id: 7, email: 'ann@smith.example', first_name: 'Ann', last_name: 'Smith' } });
    if (url.pathname === '/api/auth/me') return Response.json({ id: 7, email: 'ann@smith.example', first_name: 'Ann', last_name: 'Smith' });
    return undefined;
  });
  return calls;
}

portalPageTests();

describe('the invitation page', () => {
  it('spends nothing on opening: the customer presses the button, is signed in, and may choose a password', async () => {
    const calls = stubApi();
    const router = visitPortal('/invitation?token=12.abc');
    const open = await screen.findByRole('button', { name: 'Open my portal' }, { timeout: 5000 });
    expect(calls.filter((call) => call.path === '/api/auth/invitation')).toEqual([]);
    await userEvent.click(open);
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann', level: 1 })).toBeVisible();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new-session');
    await userEvent.type(screen.getByLabelText('New password'), 'a-long-password-1');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'a-long-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save the password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('after-password');
    expect(calls.find((call) => call.path === '/api/auth/password-reset/confirm')?.body).toEqual({ token: 'choose-token', password: 'a-long-password-1' });
  });

  it('says so when the two passwords differ, and sends nothing', async () => {
    const calls = stubApi();
    visitPortal('/invitation?token=12.abc');
    await userEvent.click(await screen.findByRole('button', { name: 'Open my portal' }, { timeout: 5000 }));
    await userEvent.type(await screen.findByLabelText('New password'), 'a-long-password-1');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'a-long-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByText('The two passwords do not match.')).toBeVisible();
    expect(calls.filter((call) => call.path === '/api/auth/password-reset/confirm')).toEqual([]);
  });

  it('without a token, tells the visitor to open the link from the email', async () => {
    stubApi();
    visitPortal('/invitation');
    expect(await screen.findByText('Open this page with the link in the invitation we emailed you.', {}, { timeout: 5000 })).toBeVisible();
  });
});
