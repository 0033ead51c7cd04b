import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AreaSwitchedOff } from './area-switched-off';

function renderWith(company: Record<string, unknown>) {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(company), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AreaSwitchedOff area="is_portal_project_notes_enabled" label="Notes" />
      <p>page</p>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('a console page of an area switched off in the portal', () => {
  it('says customers see none of it', async () => {
    renderWith({ id: 1, is_portal_project_notes_enabled: false });
    expect(await screen.findByRole('note')).toHaveTextContent('Notes are switched off in the portal');
  });

  it('says nothing while the area is on', async () => {
    renderWith({ id: 1, is_portal_project_notes_enabled: true });
    await screen.findByText('page');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('note')).toBeNull();
  });
});
