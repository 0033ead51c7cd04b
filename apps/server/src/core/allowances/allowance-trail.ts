import { CHANGE_ORDER_TITLE_MAX_LENGTH, formatUsd, fromCents, toCents } from '@portal/contract';
import type { Executor } from '../../db/client';
import type { AllowanceRow, ChangeOrderRow } from '../../db/rows';
import { changeOrderDraftsRepository } from '../change-orders/change-order-drafts.repository';
import { changeOrderSendingRepository } from '../change-orders/change-order-sending.repository';
import type { ChangeOrderDraftFields, ChangeOrderRefusal } from '../change-orders/change-orders.queries';
import type { AllowanceMoney } from './allowance-money';
import { allowancesRepository } from './allowances.repository';

/**
 * The one money trail of an allowance (docs/company-api.md "Selections and allowances"): the contract changes only
 * through change orders, so what is chosen beyond an allowance is carried by one, made and kept true here, inside the
 * transaction of whatever changed it (a choice, a reset, the allowance's amount). The allowance is locked first, so two
 * choices against it carry their difference one after the other.
 */

export interface AllowanceTrailInput {
  companyId: number;
  allowanceId: number;
  now: Date;
  /** The UTC day of `now`, for the sending checks. */
  today: string;
}

/** What the trail did that someone must still hear of after the transaction commits. */
export interface AllowanceTrail {
  /** Change orders sent at once (the company setting `send`): their customers are emailed after the commit. */
  sentChangeOrderIds: number[];
}

/** Which change order now carries the allowance's outstanding money, and whether it went out. */
interface Carried {
  changeOrderId: number;
  sent: boolean;
}

/** A refusal the trail's own writes cannot meet (it only writes what it read under the allowance's lock). */
function must<T>(result: T | ChangeOrderRefusal | null): T | null {
  if (result && typeof result === 'object' && 'refused' in result) throw new Error(`The allowance's change order was refused: ${result.refused}`);
  return result as T | null;
}

/** The change order that carries `outstanding` of the allowance: one line, what is chosen against what is allowed. */
export function trailFields(allowance: AllowanceRow, money: AllowanceMoney): ChangeOrderDraftFields {
  const chosen = formatUsd(toCents(money.chosen));
  const amount = formatUsd(toCents(money.amount));
  return {
    number: null,
    title: `Allowance: ${allowance.name}`.slice(0, CHANGE_ORDER_TITLE_MAX_LENGTH),
    description: null,
    taxRate: '0',
    scheduleDays: 0,
    approvalDeadline: null,
    invoiceOnApproval: false,
    items: [{ description: `${allowance.name}: ${chosen} chosen against the ${amount} allowance`, quantity: '1', unitPrice: money.outstanding }],
    fileIds: [],
  };
}

/** Whether the change order already says what the trail would write: then it is left as it is (no new version). */
async function carriesAlready(tx: Executor, row: ChangeOrderRow, fields: ChangeOrderDraftFields): Promise<boolean> {
  if (row.title !== fields.title || toCents(row.total) !== toCents(fields.items[0]!.unitPrice)) return false;
  const descriptions = await allowancesRepository(tx).itemDescriptions(row.id);
  return descriptions.length === 1 && descriptions[0] === fields.items[0]!.description;
}

/** Nothing is left to carry: a waiting draft is deleted, a waiting sent one taken back. */
async function clear(tx: Executor, companyId: number, pending: readonly ChangeOrderRow[], input: AllowanceTrailInput) {
  for (const row of pending) {
    if (row.state === 'draft') must(await changeOrderDraftsRepository(tx).deleteDraft(companyId, row.id));
    else must(await changeOrderSendingRepository(tx).withdraw(companyId, row.id, input.now, input.today));
  }
}

/**
 * Makes the allowance's waiting change order carry `fields`: its draft rewritten, else its sent one revised (a new
 * version), else a new one; sent at once with `send`. A sent one left behind is superseded by the send, or withdrawn, so
 * the customer never approves an amount that no longer stands.
 */
async function carry(
  tx: Executor,
  allowance: AllowanceRow,
  fields: ChangeOrderDraftFields,
  pending: readonly ChangeOrderRow[],
  mode: 'draft' | 'send',
  input: AllowanceTrailInput,
): Promise<Carried> {
  const drafts = changeOrderDraftsRepository(tx);
  const sending = changeOrderSendingRepository(tx);
  const { companyId, now, today } = input;
  const [draft, ...extraDrafts] = pending.filter((row) => row.state === 'draft');
  const sent = pending.filter((row) => row.state === 'sent');
  for (const extra of extraDrafts) must(await drafts.deleteDraft(companyId, extra.id));

  let target: { id: number; number: number };
  if (draft) {
    if (!(await carriesAlready(tx, draft, fields))) must(await drafts.updateDraft(companyId, draft.id, fields, now));
    target = draft;
  } else if (sent[0] && (await carriesAlready(tx, sent[0], fields))) {
    for (const older of sent.slice(1)) must(await sending.withdraw(companyId, older.id, now, today));
    return { changeOrderId: sent[0].id, sent: false };
  } else {
    const revised = sent[0] ? await drafts.revise(companyId, sent[0].id, now, today) : null;
    const made = revised && !('refused' in revised) ? revised : must(await drafts.createDraft(companyId, allowance.project_id, fields, now, allowance.id))!;
    if (revised === made) must(await drafts.updateDraft(companyId, made.id, fields, now));
    target = { id: made.id, number: revised === made ? sent[0]!.number : -1 };
  }

  if (mode === 'send') {
    // Sending supersedes the versions of its own number that were sent; any other sent one is taken back.
    must(await sending.send(companyId, target.id, now, today));
    for (const older of sent) if (older.number !== target.number) must(await sending.withdraw(companyId, older.id, now, today));
    return { changeOrderId: target.id, sent: true };
  }
  for (const older of sent) must(await sending.withdraw(companyId, older.id, now, today));
  return { changeOrderId: target.id, sent: false };
}

/**
 * Brings the allowance's trail up to date: call it inside the transaction that changed a choice of its selections or
 * its amount, after locking the selection (never the other way round). An outstanding amount over zero is carried by
 * the allowance's waiting change order (a draft for the office, or sent at once with the company setting `send`);
 * nothing outstanding deletes a waiting draft and withdraws a waiting sent one. A credit is never made by itself
 * (`carryAllowanceCredit` is the company's action for it), but one the company carries follows the later choices.
 */
export async function carryAllowance(tx: Executor, input: AllowanceTrailInput): Promise<AllowanceTrail> {
  const repository = allowancesRepository(tx);
  const locked = await repository.lock(input.companyId, input.allowanceId);
  const found = locked && (await repository.ofAllowance(input.companyId, input.allowanceId));
  if (!locked || !found) return { sentChangeOrderIds: [] };
  const pending = await repository.pending(input.allowanceId);
  const outstanding = toCents(found.money.outstanding);
  // A credit the company chose to carry keeps following the choices while it waits (never sent by itself); with none
  // carried, a credit is only shown.
  const carriesCredit = pending.some((row) => toCents(row.total) < 0);
  if (outstanding === 0 || (outstanding < 0 && !carriesCredit)) {
    await clear(tx, input.companyId, pending, input);
    return { sentChangeOrderIds: [] };
  }
  const mode = outstanding < 0 ? 'draft' : locked.overage;
  const carried = await carry(tx, found.allowance, trailFields(found.allowance, found.money), pending, mode, input);
  return { sentChangeOrderIds: carried.sent ? [carried.changeOrderId] : [] };
}

/**
 * The company carries an allowance's credit (what is chosen is under it): a change order draft for the outstanding,
 * negative amount, which the office sends. Pressed twice, the same draft answers. Refused when nothing is owed back.
 */
export async function carryAllowanceCredit(
  db: Executor,
  input: AllowanceTrailInput,
): Promise<{ changeOrderId: number } | { refused: 'not_found' } | { refused: 'no_credit'; outstanding: string }> {
  return db.transaction(async (tx) => {
    const repository = allowancesRepository(tx);
    const locked = await repository.lock(input.companyId, input.allowanceId);
    const found = locked && (await repository.ofAllowance(input.companyId, input.allowanceId));
    if (!locked || !found) return { refused: 'not_found' as const };
    const outstanding = toCents(found.money.outstanding);
    if (outstanding >= 0 || !found.money.anything_chosen) return { refused: 'no_credit' as const, outstanding: fromCents(outstanding) };
    const pending = await repository.pending(input.allowanceId);
    const carried = await carry(tx, found.allowance, trailFields(found.allowance, found.money), pending, 'draft', input);
    return { changeOrderId: carried.changeOrderId };
  });
}
