import type { IntegrationSelection, IntegrationSelectionChoice, IntegrationSelectionDetail, IntegrationSelectionOption } from '@portal/contract';
import { optionDifference } from '../../core/allowances/allowance-money';
import { serializeFile } from '../../core/files/files.serializers';
import type { WithFileLinks } from '../../core/files/links';
import type { FileRow, SelectionChoiceRow, SelectionOptionRow } from '../../db/rows';
import { apiTimestamp } from '../../lib/timestamps';
import type { SelectionWithChoice } from './selections.queries';
import type { OptionPhoto, SelectionTree } from './selections.repository';
import { coverOf, serializeChoice, serializeSelection } from './selections.serializers';

/** Selections as the company reads them: the portal's shape, and what only the company keeps (its order, the lock, the evidence, the history). */

export function serializeCompanySelection(row: SelectionWithChoice, cover: FileRow | null, today: string, links: WithFileLinks): IntegrationSelection {
  return {
    ...serializeSelection(row, cover, today, links),
    position: row.selection.position,
    locked_at: row.selection.locked_at ? apiTimestamp(row.selection.locked_at) : null,
    created_at: apiTimestamp(row.selection.created_at),
  };
}

/** A choice with its whole evidence: the IP address, the browser, who chose and what it was then. */
export const serializeCompanyChoice = (choice: SelectionChoiceRow): IntegrationSelectionChoice => ({
  ...serializeChoice(choice),
  id: choice.id,
  option_title: choice.option_title,
  option_price: choice.option_price,
  allowance_amount: choice.allowance_amount,
  portal_user_id: choice.portal_user_id,
  staff_id: choice.staff_id,
  api_key_id: choice.api_key_id,
  ip_address: choice.ip_address,
  user_agent: choice.user_agent,
  replaced_at: choice.replaced_at ? apiTimestamp(choice.replaced_at) : null,
  replaced_by: choice.replaced_by,
});

/** One option as the company reads it; `everChosen` holds the options any choice (current or earlier) was made of. */
export function serializeCompanyOption(
  option: SelectionOptionRow,
  photos: readonly OptionPhoto[],
  allowanceAmount: string | null,
  everChosen: ReadonlySet<number>,
  links: WithFileLinks,
): IntegrationSelectionOption {
  return {
    id: option.id,
    title: option.title,
    description: option.description,
    price: option.price,
    lead_time_days: option.lead_time_days,
    supplier_url: option.supplier_url,
    photos: photos.filter((photo) => photo.optionId === option.id).map((photo) => ({ id: photo.photo.id, file: serializeFile(links, photo.file) })),
    difference: optionDifference(option.price, allowanceAmount),
    position: option.position,
    ever_chosen: everChosen.has(option.id),
    created_at: apiTimestamp(option.created_at),
    updated_at: apiTimestamp(option.updated_at),
  };
}

export function serializeCompanySelectionDetail(
  tree: SelectionTree,
  history: readonly SelectionChoiceRow[],
  today: string,
  links: WithFileLinks,
): IntegrationSelectionDetail {
  const everChosen = new Set(history.map((choice) => choice.option_id));
  const amount = tree.allowance?.amount ?? null;
  return {
    ...serializeCompanySelection(tree, coverOf(tree, tree.photos), today, links),
    description: tree.selection.description,
    options: tree.options.map((option) => serializeCompanyOption(option, tree.photos, amount, everChosen, links)),
    choice: tree.choice ? serializeCompanyChoice(tree.choice) : null,
    history: history.map(serializeCompanyChoice),
  };
}
