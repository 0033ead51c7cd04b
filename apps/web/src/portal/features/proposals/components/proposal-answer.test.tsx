import type { ProposalDetail } from '@portal/contract';
import { TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { PROPOSAL_CONSENT_TEXT } from '@portal/contract/proposal-constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProposalSections } from '../../../../components/proposals/proposal-sections';
import { ReadOnlyContext } from '../../../../components/read-only';
import { ProposalAnswer } from './proposal-answer';

const SECTIONS: ProposalDetail['sections'] = [
  {
    id: 1,
    title: 'Roof',
    items: [
      { id: 11, description: 'Tear-off and disposal', quantity: '1', unit_price: '4000.00', amount: '4000.00', optional: false, selected: true },
      { id: 12, description: 'Gutter guards', quantity: '1', unit_price: '850.00', amount: '850.00', optional: true, selected: false },
    ],
  },
];

/** The portal API's accept route, answering in turn what the test lines up; every body it was sent. */
function stubAccept(answers: { status: number; body: unknown }[]) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://portal.test');
      if (url.pathname === '/api/entities/7/proposals/3/accept' && init.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        const answer = answers.shift() ?? { status: 500, body: {} };
        // A slow server: a second click arrives while the first is out.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return Response.json(answer.body, { status: answer.status });
      }
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
  return bodies;
}

/** The page's two halves as the detail joins them: the ticks feed the total and the accepted options. */
function Page({ readOnly = false }: { readOnly?: boolean }) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <ReadOnlyContext.Provider value={readOnly}>
        <ProposalSections
          proposal={{ sections: SECTIONS, tax_rate: '10' }}
          chosen={chosen}
          onToggle={(id, ticked) => setChosen((previous) => (ticked ? new Set([...previous, id]) : new Set([...previous].filter((other) => other !== id))))}
        />
        <ProposalAnswer entity={7} proposalId={3} chosen={[...chosen]} total="(total)" />
      </ReadOnlyContext.Provider>
    </QueryClientProvider>
  );
}

beforeEach(() => localStorage.setItem(TOKEN_STORAGE_KEY, 'session-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("a proposal's optional items and the accept form", () => {
  it('follows the ticks with the total, tax included', async () => {
    stubAccept([]);
    render(<Page />);
    const user = userEvent.setup();
    expect(screen.getByTestId('proposal-total')).toHaveTextContent('$4,400.00');
    await user.click(screen.getByRole('checkbox', { name: 'Gutter guards' }));
    expect(screen.getByTestId('proposal-total')).toHaveTextContent('$5,335.00');
    expect(screen.getByText('With 1 optional item')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Gutter guards' }));
    expect(screen.getByTestId('proposal-total')).toHaveTextContent('$4,400.00');
  });

  it('asks for the name and the consent beside their fields and sends nothing until both are given', async () => {
    const bodies = stubAccept([]);
    render(<Page />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Accept and sign' }));
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(expect.stringContaining('Type your full name to sign.'));
    expect(screen.getByRole('checkbox', { name: PROPOSAL_CONSENT_TEXT })).toHaveAccessibleDescription('Tick the box to agree to sign electronically.');
    await user.type(screen.getByLabelText('Full name'), 'Ann Smith');
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Accept and sign' }));
    expect(bodies).toEqual([]);
  });

  it('sends one acceptance for a double click, with the options ticked, and shows a 409 as the server says it', async () => {
    const message = 'This proposal was withdrawn by the company and can no longer be accepted or declined.';
    const bodies = stubAccept([{ status: 409, body: { message } }]);
    render(<Page />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Gutter guards' }));
    await user.type(screen.getByLabelText('Full name'), '  Ann Smith ');
    await user.click(screen.getByRole('checkbox', { name: PROPOSAL_CONSENT_TEXT }));
    await user.dblClick(screen.getByRole('button', { name: 'Accept and sign' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(bodies).toEqual([{ signer_name: 'Ann Smith', consent: true, selected_item_ids: [12] }]);
  });

  it("shows the server's field error beside the name", async () => {
    stubAccept([{ status: 422, body: { message: 'The given data was invalid.', errors: { signer_name: ['The name must be a single line.'] } } }]);
    render(<Page />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), 'Ann Smith');
    await user.click(screen.getByRole('checkbox', { name: PROPOSAL_CONSENT_TEXT }));
    await user.click(screen.getByRole('button', { name: 'Accept and sign' }));
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(expect.stringContaining('The name must be a single line.')));
    expect(screen.queryByText('The given data was invalid.')).toBeNull();
  });

  it('declines only after the second step, with the reason', async () => {
    stubAccept([]);
    render(<Page />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Decline this proposal…' }));
    expect(screen.getByRole('heading', { name: 'Decline this proposal?' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Keep it open' }));
    expect(screen.queryByRole('heading', { name: 'Decline this proposal?' })).toBeNull();
  });

  it("disables every answer in a staff member's read-only preview", () => {
    stubAccept([]);
    render(<Page readOnly />);
    expect(screen.getByRole('button', { name: 'Accept and sign' })).toBeDisabled();
    expect(screen.getByLabelText('Full name')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decline this proposal…' })).toBeDisabled();
  });
});
