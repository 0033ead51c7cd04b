import { formatChangeOrderDate } from '@portal/contract/change-order-constants';
import { SELECTION_MESSAGES } from '@portal/contract/selection-constants';
import type { Selection } from '@portal/contract';
import { ApiRequestError } from '../../../lib/api-client';

/** The deadline as the list and the page say it. */
export function deadlineText(selection: Pick<Selection, 'deadline' | 'status'>): string {
  if (!selection.deadline) return 'No deadline';
  const day = formatChangeOrderDate(selection.deadline);
  return selection.status === 'past_deadline' ? `Deadline passed on ${day}` : `Choose by ${day}`;
}

/**
 * Why the customer cannot choose, in the server's own words: a refusal it gave (a 409: locked, or the deadline passed,
 * since the page was read), else the selection's state; null while they can.
 */
export function closedReason(selection: Pick<Selection, 'can_choose' | 'status' | 'deadline'>, error: unknown): string | null {
  if (error instanceof ApiRequestError && error.status === 409) return error.message;
  if (selection.can_choose) return null;
  if (selection.status === 'locked') return SELECTION_MESSAGES.locked;
  return selection.deadline ? SELECTION_MESSAGES.pastDeadline(selection.deadline) : SELECTION_MESSAGES.locked;
}
