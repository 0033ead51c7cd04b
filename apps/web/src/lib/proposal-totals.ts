import { invoiceTotals } from '@portal/contract/money';

interface CountableItem {
  id?: number | undefined;
  quantity: string;
  unit_price: string;
  optional: boolean;
}

export interface ProposalTotals {
  /** Each counted item's amount is in here; cents throughout. */
  subtotal: number;
  tax: number;
  total: number;
}

/**
 * What a proposal comes to with the optional items in `chosen` ticked: the required items and the chosen optional
 * ones, taxed at the rate. The contract's invoice arithmetic (integer cents, each product and the tax rounded half
 * away from zero) is the server's too, so the total the customer watches is the total the acceptance records.
 */
export function proposalTotals(sections: readonly { items: readonly CountableItem[] }[], taxRate: string, chosen: ReadonlySet<number>): ProposalTotals {
  const counted = sections.flatMap((section) => section.items).filter((item) => !item.optional || (item.id !== undefined && chosen.has(item.id)));
  const { subtotal, tax, total } = invoiceTotals(
    counted.map((item) => ({ quantity: item.quantity, unitPrice: item.unit_price })),
    taxRate,
  );
  return { subtotal, tax, total };
}
