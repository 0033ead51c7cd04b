import type { AllowanceSummary, Selection, SelectionChoice, SelectionDetail, SelectionsOverview } from '@portal/contract';
import { allowanceTotals, optionDifference } from '../../core/allowances/allowance-money';
import type { AllowanceWithMoney } from '../../core/allowances/allowances.repository';
import { serializeFile } from '../../core/files/files.serializers';
import type { WithFileLinks } from '../../core/files/links';
import type { FileRow, SelectionChoiceRow } from '../../db/rows';
import { apiTimestamp } from '../../lib/timestamps';
import { canChoose, selectionStatusOf, type SelectionWithChoice } from './selections.queries';
import type { OptionPhoto, SelectionTree } from './selections.repository';

/**
 * Selections as the portal reads them (docs/company-api.md "Selections and allowances"), and the parts the company's
 * answers build on: the status and whether the customer may choose are derived here, when read.
 */

/** The cover: the chosen option's first photo, else the first photo of the options in their order; null: no photo. */
export function coverOf(row: SelectionWithChoice, photos: readonly OptionPhoto[]): FileRow | null {
  const own = photos.filter((photo) => photo.selectionId === row.selection.id);
  const chosen = row.choice ? own.find((photo) => photo.optionId === row.choice!.option_id) : undefined;
  return (chosen ?? own[0])?.file ?? null;
}

export const serializeAllowanceSummary = ({ allowance, money }: AllowanceWithMoney): AllowanceSummary => ({
  id: allowance.id,
  name: allowance.name,
  amount: money.amount,
  chosen: money.chosen,
  difference: money.difference,
  anything_chosen: money.anything_chosen,
});

export function serializeSelection(row: SelectionWithChoice, cover: FileRow | null, today: string, links: WithFileLinks): Selection {
  const { selection, choice } = row;
  return {
    id: selection.id,
    project_id: selection.project_id,
    title: selection.title,
    room: selection.room,
    deadline: selection.deadline,
    status: selectionStatusOf(selection, choice !== null, today),
    can_choose: canChoose(selection, today),
    allowance: row.allowance ? { id: row.allowance.id, name: row.allowance.name, amount: row.allowance.amount } : null,
    option_count: row.optionCount,
    chosen: choice ? { option_id: choice.option_id, title: choice.option_title, price: choice.option_price, chosen_by: choice.chosen_by } : null,
    cover: cover ? serializeFile(links, cover) : null,
    updated_at: apiTimestamp(selection.updated_at),
  };
}

export function serializeOverview(
  data: { allowances: AllowanceWithMoney[]; selections: SelectionWithChoice[]; photos: OptionPhoto[] },
  today: string,
  links: WithFileLinks,
): SelectionsOverview {
  return {
    allowances: data.allowances.map(serializeAllowanceSummary),
    totals: allowanceTotals(data.allowances.map((row) => row.money)),
    selections: data.selections.map((row) => serializeSelection(row, coverOf(row, data.photos), today, links)),
  };
}

/** The current choice as the customer sees it: the IP address and browser stay the company's evidence. */
export const serializeChoice = (choice: SelectionChoiceRow): SelectionChoice => ({
  option_id: choice.option_id,
  chosen_by: choice.chosen_by,
  signer_name: choice.signer_name,
  signer_email: choice.signer_email,
  chosen_at: apiTimestamp(choice.chosen_at),
  note: choice.note,
});

export function serializeSelectionDetail(tree: SelectionTree, today: string, links: WithFileLinks): SelectionDetail {
  const amount = tree.allowance?.amount ?? null;
  return {
    ...serializeSelection(tree, coverOf(tree, tree.photos), today, links),
    description: tree.selection.description,
    options: tree.options.map((option) => ({
      id: option.id,
      title: option.title,
      description: option.description,
      price: option.price,
      lead_time_days: option.lead_time_days,
      supplier_url: option.supplier_url,
      photos: tree.photos.filter((photo) => photo.optionId === option.id).map((photo) => ({ id: photo.photo.id, file: serializeFile(links, photo.file) })),
      difference: optionDifference(option.price, amount),
    })),
    choice: tree.choice ? serializeChoice(tree.choice) : null,
  };
}
