import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { SelectionChoiceRow, SelectionRow } from '../../db/rows';
import { allowances, selectionChoices, selections } from '../../db/schema';

/**
 * What the selections repositories share (docs/company-api.md "Selections and allowances"): a selection as every
 * reader reads it (with its allowance, its option count and its current choice), and the rule of its status.
 */

export interface SelectionWithChoice {
  selection: SelectionRow;
  allowance: { id: number; name: string; amount: string } | null;
  optionCount: number;
  /** The current choice; null: none. */
  choice: SelectionChoiceRow | null;
}

/** A selection's status: locked, else chosen, else past its deadline day (UTC), else to choose. Never stored. */
export function selectionStatusOf(selection: Pick<SelectionRow, 'locked_at' | 'deadline'>, chosen: boolean, today: string) {
  if (selection.locked_at) return 'locked' as const;
  if (chosen) return 'chosen' as const;
  if (selection.deadline !== null && selection.deadline < today) return 'past_deadline' as const;
  return 'to_choose' as const;
}

/** Whether the customer may choose (or change the choice): not locked, and the deadline day not over. */
export const canChoose = (selection: Pick<SelectionRow, 'locked_at' | 'deadline'>, today: string) =>
  !selection.locked_at && !(selection.deadline !== null && selection.deadline < today);

/** One of the company's selections; with a project, only of that project (what the portal reaches). */
export const selectionOf = (companyId: number, selectionId: number, projectId?: number): SQL =>
  and(eq(selections.id, selectionId), eq(selections.company_id, companyId), projectId === undefined ? undefined : eq(selections.project_id, projectId))!;

/** Selections with their allowance, option count and current choice; soonest deadline first (none last), then the company's order. */
export function selectionsWithChoice(db: Executor, where: SQL | undefined): Promise<SelectionWithChoice[]> {
  return db
    .select({
      selection: selections,
      allowance: { id: allowances.id, name: allowances.name, amount: allowances.amount },
      optionCount: sql<number>`(select count(*)::int from selection_options counted where counted.selection_id = "selections"."id")`,
      choice: selectionChoices,
    })
    .from(selections)
    .leftJoin(allowances, eq(allowances.id, selections.allowance_id))
    .leftJoin(selectionChoices, and(eq(selectionChoices.selection_id, selections.id), isNull(selectionChoices.replaced_at)))
    .where(where)
    .orderBy(sql`${selections.deadline} asc nulls last`, asc(selections.position), asc(selections.id));
}
