import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrandingPage } from './branding-page';

afterEach(() => vi.unstubAllGlobals());

describe('the logo in the branding settings', () => {
  it('is not sent when it is larger than the server takes, and the page says why', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = new URL(String(input), 'http://portal.test');
        calls.push(`${init.method ?? 'GET'} ${url.pathname}`);
        return Response.json({
          id: 1,
          name: 'Harbor Roofing',
          color: '#0f766e',
          logo_url: null,
          portal_welcome_message: null,
          theme_code: 'harbor',
          time_zone: 'UTC',
        });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <BrandingPage />
      </QueryClientProvider>,
    );
    const logo = new File(['x'], 'Wide logo.png', { type: 'image/png' });
    Object.defineProperty(logo, 'size', { value: 3 * 1024 * 1024 });
    await userEvent.upload(await screen.findByLabelText('Logo image'), logo);
    expect(await screen.findByText('Wide logo.png is larger than 2.0 MB: choose a smaller file.')).toBeInTheDocument();
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual([]);
  });
});
