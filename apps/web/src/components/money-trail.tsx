import type { ProjectMoney } from '@portal/contract';
import { formatChangeOrderAmount, formatMoney } from '../lib/format';

export interface MoneyFigure {
  label: string;
  value: string;
}

/**
 * A project's money trail as the server computes it (ProjectMoney, one function for every page): the contract, the
 * approved change orders (a net credit reads as one) and the revised contract, then `beside` it what the page has
 * (invoiced, paid, balance), each to the cent. Tiles two, then three, a row.
 */
export function MoneyTrail({ money, beside = [], label = 'Contract and changes' }: { money: ProjectMoney; beside?: MoneyFigure[]; label?: string }) {
  const figures: (MoneyFigure & { text: string })[] = [
    { label: 'Contract', value: money.contract, text: formatMoney(money.contract) },
    { label: 'Approved changes', value: money.approved_changes, text: formatChangeOrderAmount(money.approved_changes) },
    { label: 'Revised contract', value: money.revised_contract, text: formatMoney(money.revised_contract) },
    ...beside.map((figure) => ({ ...figure, text: formatMoney(figure.value) })),
  ];
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {figures.map((figure) => (
        <div key={figure.label} className="flex flex-col gap-1 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5">
          <dt className="text-sm font-medium text-slate-600">{figure.label}</dt>
          <dd className="text-lg font-semibold tracking-tight text-slate-900 tabular-nums sm:text-xl">{figure.text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The money trail of a record that may carry it (a project, a statement): null when the server left it out. */
export function projectMoney(record: Partial<ProjectMoney>): ProjectMoney | null {
  const { contract, approved_changes, revised_contract } = record;
  return contract !== undefined && approved_changes !== undefined && revised_contract !== undefined ? { contract, approved_changes, revised_contract } : null;
}
