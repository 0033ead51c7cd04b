import { toCents } from '@portal/contract/money';
import { SELECTION_NO_ROOM_LABEL } from '@portal/contract/selection-constants';
import { formatMoney } from './format';

/*
 * How an allowance's difference reads, in the portal and the console alike: over the allowance is money to pay, under
 * it a credit, and the words say which, so the figure never needs its sign.
 */

/** The amount without its sign: "over" and "under" carry it in words. */
const unsigned = (amount: string) => formatMoney(amount.trim().replace(/^-/, ''));

/**
 * An allowance's difference in a column of them: "$250.00 over", "$80.00 under", or "On budget"; "Nothing chosen yet"
 * while none of its selections has a choice (then it is no credit).
 */
export function overUnder(difference: string, anythingChosen = true): string {
  if (!anythingChosen) return 'Nothing chosen yet';
  const value = toCents(difference);
  if (value === 0) return 'On budget';
  return `${unsigned(difference)} ${value > 0 ? 'over' : 'under'}`;
}

/** An option's price against its selection's allowance: "$250.00 over the allowance", "$80.00 under the allowance". */
export function againstAllowance(difference: string): string {
  const value = toCents(difference);
  if (value === 0) return 'Exactly the allowance';
  return `${unsigned(difference)} ${value > 0 ? 'over' : 'under'} the allowance`;
}

/** Over the allowance reads as money to pay, under as a credit: the colour repeats what the words say. */
export function differenceTone(difference: string, anythingChosen = true): string {
  if (!anythingChosen) return 'text-slate-600';
  const value = toCents(difference);
  return value > 0 ? 'text-amber-800' : value < 0 ? 'text-green-800' : 'text-slate-700';
}

export interface RoomGroup<T> {
  room: string;
  selections: T[];
}

/**
 * Selections by room, the rooms in the order they first come and the selections in theirs within each; a selection
 * with no room goes under "Other".
 */
export function groupByRoom<T extends { room: string | null }>(selections: readonly T[]): RoomGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const selection of selections) {
    const room = selection.room?.trim() || SELECTION_NO_ROOM_LABEL;
    groups.set(room, [...(groups.get(room) ?? []), selection]);
  }
  return [...groups].map(([room, members]) => ({ room, selections: members }));
}
