/**
 * Change orders (docs/company-api.md "Change orders"): the plain values the portal, the staff console and the server
 * share. Kept free of zod so the web app may import them (`@portal/contract/change-order-constants`).
 */

/**
 * Every status a change order can have. `draft` never reaches a portal user; `expired` is derived (sent, and past the
 * end of its approval deadline day, UTC), never stored, as a proposal's `expired` is.
 */
export const CHANGE_ORDER_STATUSES = ['draft', 'sent', 'expired', 'approved', 'declined', 'withdrawn', 'superseded'] as const;
export type ChangeOrderStatusValue = (typeof CHANGE_ORDER_STATUSES)[number];

/** The statuses stored in the database (`expired` is derived from `sent`). */
export const STORED_CHANGE_ORDER_STATUSES = ['draft', 'sent', 'approved', 'declined', 'withdrawn', 'superseded'] as const;
export type StoredChangeOrderStatus = (typeof STORED_CHANGE_ORDER_STATUSES)[number];

/** What a portal user may see, and filter by. */
export const PORTAL_CHANGE_ORDER_STATUSES = ['sent', 'expired', 'approved', 'declined', 'withdrawn', 'superseded'] as const;

export const CHANGE_ORDER_STATUS_LABELS: Record<ChangeOrderStatusValue, string> = {
  draft: 'Draft',
  sent: 'Awaiting your approval',
  expired: 'Expired',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  superseded: 'Replaced by a newer version',
};

/** How the company reads each status (the staff console, the `company` command). */
export const COMPANY_CHANGE_ORDER_STATUS_LABELS: Record<ChangeOrderStatusValue, string> = {
  ...CHANGE_ORDER_STATUS_LABELS,
  sent: 'Sent',
  superseded: 'Superseded',
};

/** How a change order's number reads: "CO-7", and "CO-7 v2" from the second version on. */
export const formatChangeOrderNumber = (number: number, version: number): string => `CO-${number}${version > 1 ? ` v${version}` : ''}`;

/** The first number a company's change orders get; each new change order (not each version) takes the next. */
export const CHANGE_ORDER_NUMBER_FROM = 1;

export const CHANGE_ORDER_TITLE_MAX_LENGTH = 200;
export const CHANGE_ORDER_TEXT_MAX_LENGTH = 20_000;
export const CHANGE_ORDER_ITEM_DESCRIPTION_MAX_LENGTH = 1_000;
export const CHANGE_ORDER_MAX_ITEMS = 300;
export const CHANGE_ORDER_MAX_FILES = 50;
export const CHANGE_ORDER_SIGNER_NAME_MAX_LENGTH = 200;
export const CHANGE_ORDER_DECLINE_REASON_MAX_LENGTH = 2_000;
/** How many days the work adds (or, negative, takes off): −365 to 365; 0 none. */
export const CHANGE_ORDER_SCHEDULE_DAYS_MIN = -365;
export const CHANGE_ORDER_SCHEDULE_DAYS_MAX = 365;

/** `GET /entities/{entity}/change-orders`: what it sorts by; newest first by default. */
export const CHANGE_ORDER_SORTS = ['number', 'sent_at', 'approval_deadline', 'status', 'total'] as const;
export const CHANGE_ORDER_DEFAULT_SORT = '-sent_at';
export const CHANGE_ORDER_DEFAULT_PAGE_SIZE = 10;

/** The words the customer agrees to with the consent box; the evidence records that it was ticked. */
export const CHANGE_ORDER_CONSENT_TEXT = 'I agree that typing my name above is my electronic signature, and I approve this change order to the contract.';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11-30" → "Nov 30, 2026", the same on every machine whatever its locale. */
export function formatChangeOrderDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** The messages a client may rely on, word for word. */
export const CHANGE_ORDER_MESSAGES = {
  expired: (approvalDeadline: string) =>
    `This change order's approval deadline passed on ${formatChangeOrderDate(approvalDeadline)} and it can no longer be approved or declined.`,
  withdrawn: 'This change order was withdrawn by the company and can no longer be approved or declined.',
  superseded: 'This change order was replaced by a newer version: open the newest version to answer it.',
  alreadyApproved: 'This change order is already approved.',
  alreadyDeclined: 'This change order was already declined.',
  notDraft: 'This change order has been sent and can no longer be changed: make a new version of it instead.',
} as const;
