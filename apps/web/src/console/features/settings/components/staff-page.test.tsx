import type { StaffMember } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaffMemberContext } from '../../../components/staff-member';
import { StaffPage } from './staff-page';

afterEach(() => vi.unstubAllGlobals());

const AT = '2026-11-24T15:00:00.000000Z';
const member = (id: number, name: string) => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@harbor.example`,
  title: null,
  phone: null,
  role: 'staff',
  avatar_url: null,
  active: true,
  deactivated_at: null,
  created_at: AT,
  updated_at: AT,
});

describe("a member's picture on the Staff page", () => {
  it('is not sent when it is larger than the server takes, and the row says why', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({ data: [member(1, 'Dana Whitfield'), member(2, 'Sam Ortiz')], meta: { total: 2 } }),
    );
    vi.stubGlobal('fetch', fetch);
    const me = { id: 1, name: 'Dana Whitfield', email: 'dana@harbor.example', role: 'owner' } as StaffMember;
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <StaffMemberContext.Provider value={me}>
          <StaffPage />
        </StaffMemberContext.Provider>
      </QueryClientProvider>,
    );
    const sam = await screen.findByRole('listitem', { name: 'Sam Ortiz' });
    const picture = new File(['x'], 'Sam at the beach.png', { type: 'image/png' });
    Object.defineProperty(picture, 'size', { value: 5 * 1024 * 1024 });
    await userEvent.upload(within(sam).getByLabelText('Picture of Sam Ortiz'), picture);
    expect(await within(sam).findByRole('alert')).toHaveTextContent('Sam at the beach.png is larger than 2.0 MB: choose a smaller file.');
    // Only the list was read: nothing was sent.
    expect(fetch.mock.calls.map(([, init]) => init?.method ?? 'GET').filter((method) => method !== 'GET')).toEqual([]);
    // The refusal is this member's: the other row says nothing.
    expect(within(screen.getByRole('listitem', { name: 'Dana Whitfield' })).queryByRole('alert')).toBeNull();
  });
});
