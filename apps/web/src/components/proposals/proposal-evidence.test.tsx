import type { ProposalDetail } from '@portal/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProposalEvidence } from './proposal-evidence';

const SECTIONS: ProposalDetail['sections'] = [
  {
    id: 1,
    title: 'Roof',
    items: [
      { id: 11, description: 'Tear-off and disposal', quantity: '1', unit_price: '4000.00', amount: '4000.00', optional: false, selected: true },
      { id: 12, description: 'Gutter guards', quantity: '1', unit_price: '850.00', amount: '850.00', optional: true, selected: true },
      { id: 13, description: 'Skylight', quantity: '1', unit_price: '1200.00', amount: '1200.00', optional: true, selected: false },
    ],
  },
];

describe('the evidence of an acceptance', () => {
  it('states who signed, when in UTC and locally, from where, the options chosen and the hashes', () => {
    render(
      <ProposalEvidence
        sections={SECTIONS}
        acceptance={{
          signer_name: 'Ann Smith',
          signer_email: 'ann@smith.example',
          accepted_at: '2026-11-24T19:20:01.000Z',
          ip_address: '203.0.113.9',
          user_agent: 'Mozilla/5.0',
          selected_item_ids: [12],
          subtotal: '4850.00',
          tax: '400.13',
          total: '5250.13',
          content_sha256: 'a'.repeat(64),
          pdf_sha256: 'b'.repeat(64),
        }}
      />,
    );
    const evidence = screen.getByRole('region', { name: 'Signed and accepted' });
    expect(within(evidence).getByText('Time (UTC)').nextElementSibling).toHaveTextContent('Nov 24, 2026, 7:20:01 PM UTC');
    // Where the reader is: the minute and second stay, the hour and zone follow the browser.
    expect(within(evidence).getByText('Your local time').nextElementSibling).toHaveTextContent(/^Nov 2[45], 2026, \d{1,2}:20:01 [AP]M \S+$/);
    expect(within(evidence).getByText('203.0.113.9')).toBeVisible();
    expect(within(evidence).getByText('Gutter guards')).toBeVisible();
    expect(within(evidence).queryByText('Skylight')).toBeNull();
    expect(within(evidence).getByText('$5,250.13')).toBeVisible();
    expect(screen.getByTestId('pdf-sha256')).toHaveTextContent('b'.repeat(64));
  });
});
