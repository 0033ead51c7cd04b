import { changeOrderDraftsRepository } from '../core/change-orders/change-order-drafts.repository';
import { changeOrderSendingRepository } from '../core/change-orders/change-order-sending.repository';
import type { ChangeOrderDraftFields } from '../core/change-orders/change-orders.queries';
import type { AreaSeeder } from './context';

/**
 * The change orders demo (docs/company-api.md "Change orders"): on Acme's kitchen remodel a sent change order awaiting
 * Casey's approval: two items, three more days of work and an approval deadline. Seeders keep no clock (no now()), so
 * the deadline is a fixed date far enough ahead that the demo's change order can still be approved, as the demo's
 * proposal's expiry is. An approved one is left to the approval path itself, which makes its evidence and signed PDF.
 */

const SENT_DAY = 262;

const sinkToIsland: ChangeOrderDraftFields = {
  number: null,
  title: 'Move the sink to the island',
  description:
    'You asked to move the sink from the window wall to the new island. This adds a drain and supply lines under the floor, ' +
    'and a dishwasher connection at the island.',
  taxRate: '8.25',
  scheduleDays: 3,
  approvalDeadline: '2027-06-30',
  invoiceOnApproval: true,
  items: [
    { description: 'Plumbing: drain, vent and supply lines to the island', quantity: '1', unitPrice: '1650.00' },
    { description: 'Floor opening and patch, per sq ft', quantity: '12.5', unitPrice: '24.80' },
  ],
  fileIds: [],
};

export const seedChangeOrders: AreaSeeder = async (tx, demo) => {
  const acme = demo.companies.acme;
  const created = await changeOrderDraftsRepository(tx).createDraft(acme, demo.projects.kitchen, sinkToIsland, demo.at(SENT_DAY - 1));
  if ('refused' in created) throw new Error(`The demo change order was refused: ${created.refused}`);
  const sentAt = demo.at(SENT_DAY);
  const refusal = await changeOrderSendingRepository(tx).send(acme, created.id, sentAt, sentAt.toISOString().slice(0, 10));
  if (refusal) throw new Error(`The demo change order was not sent: ${refusal.refused}`);
};
