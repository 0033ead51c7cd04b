import type { ProposalDetail, ProposalItem } from '@portal/contract';
import { formatUsd } from '@portal/contract/money';
import { formatMoney } from '../../lib/format';
import { proposalTotals } from '../../lib/proposal-totals';

/**
 * A proposal's sections and items, and the totals that follow the optional items ticked: the portal's page (where the
 * customer ticks them) and the console's view of a sent one (where they show what was chosen) read the same. Items are
 * rows that wrap rather than a table, so a phone shows the description whole beside its amount.
 */
export function ProposalSections({
  proposal,
  chosen,
  onToggle,
}: {
  proposal: Pick<ProposalDetail, 'sections' | 'tax_rate'>;
  chosen: ReadonlySet<number>;
  /** The customer may tick optional items; without it the boxes only show what was chosen. */
  onToggle?: ((itemId: number, ticked: boolean) => void) | undefined;
}) {
  const totals = proposalTotals(proposal.sections, proposal.tax_rate, chosen);
  const optionalCount = proposal.sections.flatMap((section) => section.items).filter((item) => item.optional && chosen.has(item.id)).length;
  return (
    <div className="flex flex-col gap-4">
      {proposal.sections.map((section) => (
        <section key={section.id} aria-labelledby={`proposal-section-${section.id}`} className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
          <h3 id={`proposal-section-${section.id}`} className="border-b border-slate-200 bg-slate-50 px-4 py-3 font-semibold text-slate-900 sm:px-5">
            {section.title}
          </h3>
          {section.items.length === 0 ? (
            <p className="px-4 py-3 text-sm text-slate-600 sm:px-5">No items in this section.</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {section.items.map((item) => (
                <ItemRow key={item.id} item={item} ticked={chosen.has(item.id)} onToggle={onToggle} />
              ))}
            </ul>
          )}
        </section>
      ))}
      <dl aria-label="Totals" aria-live="polite" className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-y-2 px-1 text-sm [&>dd]:pl-6">
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="text-right tabular-nums">{formatUsd(totals.subtotal)}</dd>
        <dt className="text-slate-600">Tax ({Number(proposal.tax_rate)}%)</dt>
        <dd className="text-right tabular-nums">{formatUsd(totals.tax)}</dd>
        <dt className="border-t border-slate-300 pt-2 text-base font-semibold">Total</dt>
        <dd className="border-t border-slate-300 pt-2 text-right text-base font-semibold tabular-nums" data-testid="proposal-total">
          {formatUsd(totals.total)}
        </dd>
        {optionalCount > 0 ? (
          <dd className="col-span-2 text-right text-slate-600">
            With {optionalCount} optional item{optionalCount === 1 ? '' : 's'}
          </dd>
        ) : null}
      </dl>
    </div>
  );
}

function ItemRow({ item, ticked, onToggle }: { item: ProposalItem; ticked: boolean; onToggle?: ((itemId: number, ticked: boolean) => void) | undefined }) {
  const checkboxId = `proposal-item-${item.id}`;
  const detail = (
    <span className="block text-slate-600 tabular-nums">
      {item.quantity} × {formatMoney(item.unit_price)}
    </span>
  );
  return (
    <li className={`flex items-start justify-between gap-3 px-4 py-3 sm:px-5 ${item.optional && !ticked ? 'bg-slate-50/60' : ''}`}>
      <span className="flex min-w-0 items-start gap-3">
        {item.optional ? (
          <input
            id={checkboxId}
            type="checkbox"
            checked={ticked}
            disabled={!onToggle}
            onChange={(event) => onToggle?.(item.id, event.target.checked)}
            className="mt-0.5 size-5 shrink-0 accent-slate-900"
          />
        ) : null}
        <span className="min-w-0">
          {item.optional ? (
            <label htmlFor={checkboxId} className="block wrap-anywhere text-slate-900">
              {item.description}
            </label>
          ) : (
            <span className="block wrap-anywhere text-slate-900">{item.description}</span>
          )}
          {detail}
          {item.optional ? (
            <span className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Optional</span>
          ) : null}
        </span>
      </span>
      <span className={`shrink-0 font-medium tabular-nums ${item.optional && !ticked ? 'text-slate-500' : 'text-slate-900'}`}>{formatMoney(item.amount)}</span>
    </li>
  );
}
