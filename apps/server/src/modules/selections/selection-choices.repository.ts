import { and, eq, isNull } from 'drizzle-orm';
import { carryAllowance, type AllowanceTrail } from '../../core/allowances/allowance-trail';
import { allowancesRepository } from '../../core/allowances/allowances.repository';
import { recordAudit, type AuditEvent } from '../../core/audit';
import { emitWebhookEvent } from '../../core/webhooks/outbox';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { SelectionChoiceRow, SelectionRow } from '../../db/rows';
import { selectionChoices, selectionOptions, selections } from '../../db/schema';
import { apiTimestamp } from '../../lib/timestamps';
import { selectionOf } from './selections.queries';

/** Who chose, with the evidence a typed signature records (name, email, IP address, browser) or the company's reason. */
export type ChoiceActor =
  | { chosenBy: 'customer'; portalUserId: number; signerName: string; signerEmail: string; ipAddress: string; userAgent: string | null }
  | {
      chosenBy: 'company';
      staffId: number | null;
      apiKeyId: number | null;
      /** The staff member's name, or the key's. */
      signerName: string;
      signerEmail: string | null;
      note: string | null;
      ipAddress: string;
      userAgent: string | null;
    };

export interface ChooseInput {
  companyId: number;
  /** The portal's reach: only a selection of this project. The company's reach is the whole company (left out). */
  projectId?: number;
  selectionId: number;
  optionId: number;
  actor: ChoiceActor;
  now: Date;
  /** The UTC day of `now`: a customer may not choose after the deadline day (the company may). */
  today: string;
  /** The audit log's entry of a customer's choice (the company side's writes are recorded by the audit plugin). */
  audit?: Omit<AuditEvent, 'companyId' | 'at' | 'target'>;
}

export type ChoiceRefusal =
  | { refused: 'not_found' }
  | { refused: 'locked' }
  | { refused: 'past_deadline'; deadline: string }
  | { refused: 'option_not_found' }
  | { refused: 'not_chosen' };

export interface ChoiceDone {
  refused: null;
  selection: SelectionRow;
  /** The current choice now; null after a reset. */
  choice: SelectionChoiceRow | null;
  /** The same option was already the current choice (a double tap, a retry, two tabs): nothing was written. */
  repeated: boolean;
  /** What the allowance's trail did (core/allowances/): change orders sent at once, to email the customers of. */
  trail: AllowanceTrail;
}

const NO_TRAIL: AllowanceTrail = { sentChangeOrderIds: [] };

/** What a webhook tells of a selection and of a choice. */
const described = (selection: SelectionRow) => ({
  id: selection.id,
  project_id: selection.project_id,
  title: selection.title,
  room: selection.room,
  allowance_id: selection.allowance_id,
});
const describedChoice = (choice: SelectionChoiceRow) => ({
  id: choice.id,
  option_id: choice.option_id,
  option_title: choice.option_title,
  option_price: choice.option_price,
  chosen_by: choice.chosen_by,
  signer_name: choice.signer_name,
  note: choice.note,
  chosen_at: apiTimestamp(choice.chosen_at),
});

/**
 * Choosing an option, the customer's or the company's on their behalf, and the company's reset (docs/company-api.md
 * "Selections and allowances"). Each runs in one transaction: the selection is locked first (`FOR UPDATE`), then its
 * allowance, so choices of one selection happen one after the other: a choice of the option already chosen answers the
 * current choice unchanged (no second row, no second change order). The partial unique index on the current choice is
 * the last guard. The allowance's trail (its change order) is brought up to date in the same transaction, and the
 * `selection.chosen` / `selection.reset` webhook goes in the outbox with it.
 */
export function selectionChoicesRepository(db: Executor) {
  /** The selection locked until the transaction ends; null when the caller may not reach it. */
  const lockSelection = async (tx: Executor, companyId: number, selectionId: number, projectId?: number): Promise<SelectionRow | null> => {
    const [row] = await tx
      .select()
      .from(selections)
      .where(selectionOf(companyId, selectionId, projectId))
      .for('update')
      .limit(1);
    return row ?? null;
  };
  const currentChoice = async (tx: Executor, selectionId: number): Promise<SelectionChoiceRow | null> => {
    const [row] = await tx
      .select()
      .from(selectionChoices)
      .where(and(eq(selectionChoices.selection_id, selectionId), isNull(selectionChoices.replaced_at)))
      .limit(1);
    return row ?? null;
  };

  async function chooseOnce(input: ChooseInput): Promise<ChoiceDone | ChoiceRefusal> {
    const { actor, now } = input;
    return db.transaction(async (tx) => {
      const selection = await lockSelection(tx, input.companyId, input.selectionId, input.projectId);
      if (!selection) return { refused: 'not_found' as const };
      if (selection.locked_at) return { refused: 'locked' as const };
      if (actor.chosenBy === 'customer' && selection.deadline !== null && selection.deadline < input.today) {
        return { refused: 'past_deadline' as const, deadline: selection.deadline };
      }
      const [option] = await tx
        .select()
        .from(selectionOptions)
        .where(and(eq(selectionOptions.id, input.optionId), eq(selectionOptions.selection_id, selection.id)))
        .limit(1);
      if (!option) return { refused: 'option_not_found' as const };
      const allowance = selection.allowance_id === null ? null : await allowancesRepository(tx).lock(input.companyId, selection.allowance_id);
      const current = await currentChoice(tx, selection.id);
      if (current?.option_id === option.id) return { refused: null, selection, choice: current, repeated: true, trail: NO_TRAIL };

      if (current) {
        await tx.update(selectionChoices).set({ replaced_at: now, replaced_by: 'choice' }).where(eq(selectionChoices.id, current.id));
      }
      const [choice] = await tx
        .insert(selectionChoices)
        .values({
          company_id: input.companyId,
          selection_id: selection.id,
          option_id: option.id,
          chosen_by: actor.chosenBy,
          portal_user_id: actor.chosenBy === 'customer' ? actor.portalUserId : null,
          staff_id: actor.chosenBy === 'company' ? actor.staffId : null,
          api_key_id: actor.chosenBy === 'company' ? actor.apiKeyId : null,
          signer_name: actor.signerName,
          signer_email: actor.signerEmail,
          note: actor.chosenBy === 'company' ? actor.note : null,
          ip_address: actor.ipAddress,
          user_agent: actor.userAgent,
          chosen_at: now,
          option_title: option.title,
          option_price: option.price,
          allowance_amount: allowance?.allowance.amount ?? null,
        })
        .returning();
      const [updated] = await tx.update(selections).set({ updated_at: now }).where(eq(selections.id, selection.id)).returning();
      await emitWebhookEvent(tx, {
        companyId: input.companyId,
        type: 'selection.chosen',
        at: now,
        data: { selection: described(selection), choice: describedChoice(choice!), previous_option_id: current?.option_id ?? null },
      });
      if (input.audit) {
        await recordAudit(tx, { ...input.audit, companyId: input.companyId, at: now, target: { kind: 'selection', id: selection.id } });
      }
      const trail = allowance
        ? await carryAllowance(tx, { companyId: input.companyId, allowanceId: allowance.allowance.id, now, today: input.today })
        : NO_TRAIL;
      return { refused: null, selection: updated!, choice: choice!, repeated: false, trail };
    });
  }

  return {
    /**
     * Makes `optionId` the selection's current choice. Refused: a selection the caller may not reach, a locked one, a
     * customer's after the deadline day, an option that is not the selection's. The same option again answers the
     * current choice with `repeated`.
     */
    async choose(input: ChooseInput): Promise<ChoiceDone | ChoiceRefusal> {
      try {
        return await chooseOnce(input);
      } catch (error) {
        // Only a choice made beside this one without the selection's lock could get here; the index kept one current
        // choice, and trying again answers it (or replaces it) under the lock.
        if (!isUniqueViolation(error)) throw error;
        return chooseOnce(input);
      }
    },

    /** The company takes the current choice back (`replaced_by = 'reset'`): the selection is to choose again. */
    async reset(input: { companyId: number; selectionId: number; now: Date; today: string }): Promise<ChoiceDone | ChoiceRefusal> {
      const { now } = input;
      return db.transaction(async (tx) => {
        const selection = await lockSelection(tx, input.companyId, input.selectionId);
        if (!selection) return { refused: 'not_found' as const };
        if (selection.locked_at) return { refused: 'locked' as const };
        if (selection.allowance_id !== null) await allowancesRepository(tx).lock(input.companyId, selection.allowance_id);
        const current = await currentChoice(tx, selection.id);
        if (!current) return { refused: 'not_chosen' as const };
        await tx.update(selectionChoices).set({ replaced_at: now, replaced_by: 'reset' }).where(eq(selectionChoices.id, current.id));
        const [updated] = await tx.update(selections).set({ updated_at: now }).where(eq(selections.id, selection.id)).returning();
        await emitWebhookEvent(tx, {
          companyId: input.companyId,
          type: 'selection.reset',
          at: now,
          data: { selection: described(selection), choice: { ...describedChoice(current), replaced_at: apiTimestamp(now) } },
        });
        const trail =
          selection.allowance_id === null
            ? NO_TRAIL
            : await carryAllowance(tx, { companyId: input.companyId, allowanceId: selection.allowance_id, now, today: input.today });
        return { refused: null, selection: updated!, choice: null, repeated: false, trail };
      });
    },
  };
}
export type SelectionChoicesRepository = ReturnType<typeof selectionChoicesRepository>;
