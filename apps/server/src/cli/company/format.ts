import { COMPANY_INVOICE_STATUS_LABELS } from '@portal/contract/constants';
import { COMPANY_PROPOSAL_STATUS_LABELS, type ProposalStatusValue } from '@portal/contract/proposal-constants';
import { formatUsd, toCents } from '@portal/contract/money';
import { COMPANY_CHANGE_ORDER_STATUS_LABELS, type ChangeOrderStatusValue } from '@portal/contract/change-order-constants';
import { SELECTION_STATUS_LABELS, type SelectionStatusValue } from '@portal/contract/selection-constants';

/**
 * How the `company` command writes what the staff console shows, the one way both do: money with thousands
 * separators ("$7,577.50"), statuses by their labels ("Partially paid"). `--json` prints the API's values untouched.
 */

/** An API amount ("7577.50") as "$7,577.50"; nothing as an empty string, for a table's blank cell. */
export const money = (value: string | null | undefined) => (value == null ? '' : formatUsd(toCents(value)));

export const invoiceStatus = (status: keyof typeof COMPANY_INVOICE_STATUS_LABELS) => COMPANY_INVOICE_STATUS_LABELS[status];

export const proposalStatus = (status: ProposalStatusValue) => COMPANY_PROPOSAL_STATUS_LABELS[status];

export const changeOrderStatus = (status: ChangeOrderStatusValue) => COMPANY_CHANGE_ORDER_STATUS_LABELS[status];

export const selectionStatus = (status: SelectionStatusValue) => SELECTION_STATUS_LABELS[status];

/** An allowance's difference as the office says it: over, under (a credit), or on it. */
export function allowanceDifference(difference: string): string {
  const cents = toCents(difference);
  if (cents === 0) return 'on the allowance';
  return cents > 0 ? `over by ${formatUsd(cents)}` : `under by ${formatUsd(-cents)} (a credit)`;
}
