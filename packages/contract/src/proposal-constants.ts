/**
 * Proposals (docs/requirements.md 11.8, docs/company-api.md "Proposals"): the plain values the portal, the staff console
 * and the server share. Kept free of zod so the web app may import them (`@portal/contract/proposal-constants`).
 */

/**
 * Every status a proposal can have. `draft` never reaches a portal user; `expired` is derived (a sent proposal past the
 * end of its expiry day, UTC), never stored, as an invoice's `overdue` is.
 */
export const PROPOSAL_STATUSES = ['draft', 'sent', 'expired', 'accepted', 'declined', 'withdrawn', 'superseded'] as const;
export type ProposalStatusValue = (typeof PROPOSAL_STATUSES)[number];

/** What a portal user may see, and filter by. */
export const PORTAL_PROPOSAL_STATUSES = ['sent', 'expired', 'accepted', 'declined', 'withdrawn', 'superseded'] as const;

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatusValue, string> = {
  draft: 'Draft',
  sent: 'Awaiting your answer',
  expired: 'Expired',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  superseded: 'Replaced by a newer version',
};

/** How the company reads each status (the staff console, the `company` command). */
export const COMPANY_PROPOSAL_STATUS_LABELS: Record<ProposalStatusValue, string> = {
  ...PROPOSAL_STATUS_LABELS,
  sent: 'Sent',
  superseded: 'Superseded',
};

/** How a proposal's number reads: "P-1001", and "P-1001 v2" from the second version on. */
export const formatProposalNumber = (number: number, version: number): string => `P-${number}${version > 1 ? ` v${version}` : ''}`;

/** The first number a company's proposals get; each new proposal (not each version) takes the next. */
export const PROPOSAL_NUMBER_FROM = 1001;

export const PROPOSAL_TITLE_MAX_LENGTH = 200;
export const PROPOSAL_TEXT_MAX_LENGTH = 20_000;
export const PROPOSAL_MAX_SECTIONS = 50;
export const PROPOSAL_MAX_ITEMS = 300;
export const PROPOSAL_SIGNER_NAME_MAX_LENGTH = 200;
export const PROPOSAL_DECLINE_REASON_MAX_LENGTH = 2_000;

/** `GET /entities/{entity}/proposals`: what it sorts by; newest first by default. */
export const PROPOSAL_SORTS = ['number', 'sent_at', 'expires_on', 'status', 'total'] as const;
export const PROPOSAL_DEFAULT_SORT = '-sent_at';
export const PROPOSAL_DEFAULT_PAGE_SIZE = 10;

/** The words the customer agrees to with the consent box; the evidence records that it was ticked. */
export const PROPOSAL_CONSENT_TEXT = 'I agree that typing my name above is my electronic signature, and I accept this proposal with the options I chose.';

/** The messages a client may rely on, word for word. */
export const PROPOSAL_MESSAGES = {
  expired: (expiresOn: string) => `This proposal expired on ${formatProposalDate(expiresOn)} and can no longer be accepted or declined.`,
  withdrawn: 'This proposal was withdrawn by the company and can no longer be accepted or declined.',
  superseded: 'This proposal was replaced by a newer version: open the newest version to answer it.',
  alreadyAccepted: 'This proposal is already accepted.',
  alreadyDeclined: 'This proposal was already declined.',
  notDraft: 'This proposal has been sent and can no longer be changed: make a new version of it instead.',
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11-30" → "Nov 30, 2026", the same on every machine whatever its locale. */
export function formatProposalDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}
