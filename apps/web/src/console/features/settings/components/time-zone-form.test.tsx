import type { IntegrationCompany } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TimeZoneForm } from './time-zone-form';

function renderForm(timeZone = 'UTC') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TimeZoneForm company={{ id: 1, name: 'Harbor Roofing', time_zone: timeZone } as IntegrationCompany} />
    </QueryClientProvider>,
  );
}

/** The zones the list offers besides the one chosen, as a person reads them. */
async function zonesFoundBy(search: string): Promise<string[]> {
  const field = screen.getByLabelText('Search time zones');
  await userEvent.clear(field);
  if (search) await userEvent.click(field).then(() => userEvent.paste(search));
  // The options' text straight from the list: a role query over a few hundred of them takes seconds in jsdom.
  const list = screen.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement;
  return [...list.options].slice(1).map((option) => option.textContent ?? '');
}

describe('the time zone picker', () => {
  it('finds a zone by the name people call it, its abbreviation, or a city IANA does not name', async () => {
    renderForm();
    const first = async (search: string) => (await zonesFoundBy(search))[0];
    for (const [search, zone] of [
      ['New York', 'America/New_York'],
      ['Eastern', 'America/New_York'],
      ['EST', 'America/New_York'],
      ['Pacific', 'America/Los_Angeles'],
      ['Portland', 'America/Los_Angeles'],
      ['Toronto', 'America/Toronto'],
    ]) {
      expect(await first(search!), search).toBe(zone);
    }
    // Six searches over some four hundred zones, each one typed: seconds in jsdom on a slow machine.
  }, 20_000);

  it('says so when nothing matches, and names every zone the one way IANA writes it', async () => {
    renderForm('America/New_York');
    expect(await zonesFoundBy('Atlantis')).toEqual([]);
    expect(screen.getByText(/No other zone matches/)).toBeInTheDocument();
    // The chosen zone stays, written as everywhere else in the console and the portal.
    expect(screen.getByRole('option', { name: 'America/New_York' })).toBeInTheDocument();
    expect(await zonesFoundBy('port of spain')).toEqual(['America/Port_of_Spain']);
  });
});
