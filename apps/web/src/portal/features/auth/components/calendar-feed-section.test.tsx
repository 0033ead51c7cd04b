import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CalendarFeedSection } from './calendar-feed-section';

/** The feed endpoints as the server answers them: one feed kept in memory, each POST a new URL. */
function stubFeed(initial: { active: boolean }) {
  let active = initial.active;
  let made = 0;
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push(`${method} ${new URL(String(input), 'http://portal.test').pathname}`);
      const status = { active, created_at: active ? '2026-11-24T15:00:00.000Z' : null, last_used_at: null };
      if (method === 'POST') {
        active = true;
        made += 1;
        const url = `https://portal.test/api/calendar/feeds/secret-${made}.ics`;
        return Response.json({ ...status, active: true, url, webcal_url: url.replace('https://', 'webcal://') });
      }
      if (method === 'DELETE') {
        active = false;
        return new Response(null, { status: 204 });
      }
      return Response.json(status);
    }),
  );
  return calls;
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CalendarFeedSection />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the calendar feed on the account page', () => {
  it('makes the link and shows it once, with a webcal:// link, saying who can see the visits', async () => {
    const calls = stubFeed({ active: false });
    renderSection();
    expect(screen.getByText(/Anyone with the link sees your projects’ visits/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Create my calendar link' }));
    expect(await screen.findByLabelText('Calendar link')).toHaveTextContent('https://portal.test/api/calendar/feeds/secret-1.ics');
    expect(screen.getByRole('link', { name: 'Open it in your calendar app' })).toHaveAttribute('href', 'webcal://portal.test/api/calendar/feeds/secret-1.ics');
    expect(screen.getByRole('button', { name: 'Copy the link' })).toBeInTheDocument();
    expect(calls).toContain('POST /api/account/calendar-feed');
  });

  it('offers a new link and turning it off when one exists, without showing the old URL', async () => {
    const calls = stubFeed({ active: true });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Get a new link' }));
    expect(await screen.findByLabelText('Calendar link')).toHaveTextContent('secret-1.ics');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off the link' }));
    expect(await screen.findByRole('button', { name: 'Create my calendar link' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Calendar link')).toBeNull();
    expect(calls.filter((call) => call !== 'GET /api/account/calendar-feed')).toEqual(['POST /api/account/calendar-feed', 'DELETE /api/account/calendar-feed']);
  });
});
