import { STAFF_TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StaffProjectCustomers } from './project-customers';

const PROJECT = 4;
const ANN = { id: 9, email: 'ann@smith.example', first_name: 'Ann', last_name: 'Smith' };
const SHARE = { id: 1, project_id: PROJECT, portal_user: ANN, last_sign_in_at: null, created_at: '2026-11-01T15:00:00Z' };
const PERSON = { ...ANN, invited_at: '2026-11-20T15:00:00Z', last_sign_in_at: null };
// 9:00 PM UTC on Dec 5: 3:00 PM on the company's clock in Chicago, whatever zone the test runs in.
const EXPIRES = '2026-12-05T21:00:00.000Z';

const page = (data: unknown[]) => ({ data, current_page: 1, last_page: 1, per_page: 100, total: data.length, from: 1, to: data.length, links: [] });

/** The company's API as the customers tab meets it: Ann shared and invited, the company in Chicago. */
function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://portal.test');
      const method = init.method ?? 'GET';
      if (url.pathname === '/api/integration/company') return Response.json({ id: 3, name: 'Harbor Roofing', time_zone: 'America/Chicago' });
      if (url.pathname === `/api/integration/projects/${PROJECT}/shares` && method === 'GET') return Response.json({ data: [SHARE] });
      if (url.pathname === `/api/integration/projects/${PROJECT}/shares`) return Response.json(SHARE, { status: 201 });
      if (url.pathname === '/api/integration/portal-users' && method === 'GET') return Response.json(page([PERSON]));
      if (url.pathname === '/api/integration/portal-users') return Response.json({ ...PERSON, id: 10, email: 'bo@smith.example' }, { status: 201 });
      if (/^\/api\/integration\/portal-users\/\d+\/(invite|resend)$/.test(url.pathname)) return Response.json({ portal_user: PERSON, expires_at: EXPIRES });
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
}

beforeEach(() => {
  localStorage.setItem(STAFF_TOKEN_STORAGE_KEY, 'staff-token');
  stubApi();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StaffProjectCustomers projectId={PROJECT} />
    </QueryClientProvider>,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('an invitation’s expiry in the console', () => {
  it('is said after an invitation, in the company’s zone, as the company command says it', async () => {
    const form = await screen.findByRole('region', { name: 'Invite a customer' });
    await userEvent.type(within(form).getByLabelText('Email'), 'bo@smith.example');
    await userEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText('Invitation sent to bo@smith.example. Expires Dec 5, 2026, 3:00 PM CST.')).toBeVisible();
  });

  it('is said after a resend the same way', async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Resend the invitation to Ann Smith' }));
    expect(await screen.findByText('Invitation sent. Expires Dec 5, 2026, 3:00 PM CST.')).toBeVisible();
  });
});
