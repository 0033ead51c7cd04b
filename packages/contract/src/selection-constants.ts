/**
 * Selections and allowances (docs/company-api.md "Selections and allowances"): the plain values the portal, the staff
 * console and the server share. Kept free of zod so the web app may import them (`@portal/contract/selection-constants`).
 */
import { formatChangeOrderDate } from './change-order-constants';

/**
 * A selection's status, derived when read, never stored: `locked` once the company locked it; else `chosen` with a
 * current choice; else `past_deadline` once its deadline day has ended (UTC); else `to_choose`.
 */
export const SELECTION_STATUSES = ['to_choose', 'chosen', 'locked', 'past_deadline'] as const;
export type SelectionStatusValue = (typeof SELECTION_STATUSES)[number];

export const SELECTION_STATUS_LABELS: Record<SelectionStatusValue, string> = {
  to_choose: 'To choose',
  chosen: 'Chosen',
  locked: 'Locked',
  past_deadline: 'Past deadline',
};

/** Who made a choice: the customer in the portal, or the company on their behalf. */
export const SELECTION_CHOSEN_BY = ['customer', 'company'] as const;
export type SelectionChosenBy = (typeof SELECTION_CHOSEN_BY)[number];

/** Why a choice stopped being the current one: a later choice, or the company's reset. */
export const SELECTION_REPLACED_BY = ['choice', 'reset'] as const;
export type SelectionReplacedBy = (typeof SELECTION_REPLACED_BY)[number];

/**
 * What a choice over its allowance makes (the company setting `selection_overage_change_orders`): a change order draft
 * the office sends, or one sent to the customer at once.
 */
export const SELECTION_OVERAGE_MODES = ['draft', 'send'] as const;
export type SelectionOverageMode = (typeof SELECTION_OVERAGE_MODES)[number];

/** How the portal names the group of selections that have no room. */
export const SELECTION_NO_ROOM_LABEL = 'Other';

export const ALLOWANCE_NAME_MAX_LENGTH = 200;
export const SELECTION_TITLE_MAX_LENGTH = 200;
export const SELECTION_TEXT_MAX_LENGTH = 20_000;
export const SELECTION_ROOM_MAX_LENGTH = 100;
export const SELECTION_OPTION_TITLE_MAX_LENGTH = 200;
export const SELECTION_MAX_OPTIONS = 50;
export const SELECTION_OPTION_MAX_PHOTOS = 6;
export const SELECTION_LEAD_TIME_DAYS_MAX = 730;
export const SELECTION_SUPPLIER_URL_MAX_LENGTH = 2_000;
export const SELECTION_SIGNER_NAME_MAX_LENGTH = 200;
/** Why the company chose for the customer. */
export const SELECTION_NOTE_MAX_LENGTH = 2_000;

/** The words the customer agrees to with the consent box; the evidence records that it was ticked. */
export const SELECTION_CONSENT_TEXT = 'I agree that typing my name above is my electronic signature, and I choose this option.';

/** The messages a client may rely on, word for word. */
export const SELECTION_MESSAGES = {
  locked: 'This selection is locked: the company has ordered what was chosen, so the choice can no longer change.',
  pastDeadline: (deadline: string) => `The deadline to choose passed on ${formatChangeOrderDate(deadline)}: ask the company if you still need to change it.`,
  optionNotFound: 'That option is no longer offered: choose another.',
  optionChosen: 'This option was chosen and cannot be deleted: reset the choice first.',
  selectionChosen: 'This selection has a choice and cannot be deleted: reset the choice first.',
  tooManyPhotos: `An option may have at most ${SELECTION_OPTION_MAX_PHOTOS} photos.`,
  tooManyOptions: `A selection may have at most ${SELECTION_MAX_OPTIONS} options.`,
  noCredit: 'There is no credit to carry: what is chosen is not under the allowance, or a change order already carries it.',
  notChosen: 'This selection has no choice to reset.',
} as const;
