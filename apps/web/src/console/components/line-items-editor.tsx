import { formatUsd } from '@portal/contract/money';
import { Plus, Trash2 } from 'lucide-react';
import { useRef, type CSSProperties, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { NO_VALUE } from '../../lib/format';
import { RowField } from './labelled-field';

/** One row being typed: the texts as typed (a price may be "$1,250"), and a key that keeps it apart from the others. */
export interface EditorLine {
  key: number;
  description: string;
  quantity: string;
  unit_price: string;
  optional?: boolean;
}

/** Cents as dollars, or a dash while the figure is not a number yet. */
export const money = (cents: number | null | undefined) => (cents === null || cents === undefined ? NO_VALUE : formatUsd(cents));

/**
 * The lines of an invoice or a proposal's section (and of a change order): description, quantity and unit price, the
 * amount of each when `amounts` is given, an "Optional" tick when `optional`; lines added and removed freely, and the
 * server's refusal of a field shown beside it. The caller holds the lines and adds them up.
 */
export function LineItemsEditor<L extends EditorLine>({
  lines,
  onChange,
  blank,
  name,
  error,
  amounts,
  optional = false,
  minLines = 0,
  unitPriceLabel = 'Unit price',
  addLabel,
}: {
  lines: L[];
  onChange: (lines: L[]) => void;
  blank: () => L;
  /** A row as a screen reader names it: "Line 1", "Section 1 item 2". */
  name: (index: number) => string;
  /** The server's message for a row's field ("quantity"), if any. */
  error: (index: number, field: string) => string | undefined;
  /** Each row's amount in cents, null while it is not a number yet. */
  amounts?: (number | null)[];
  optional?: boolean;
  /** The fewest rows the form keeps: their remove buttons are off at that count. */
  minLines?: number;
  unitPriceLabel?: string;
  addLabel: ReactNode;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const change = (key: number, patch: Partial<EditorLine>) => onChange(lines.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const add = () => {
    onChange([...lines, blank()]);
    // The new row's description, once it is on screen.
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus());
  };
  // Description, quantity and price, then the amount or the tick (or both), then the remove button.
  const columns = ['minmax(0,1fr)', '6rem', '9rem', amounts ? '8rem' : null, optional ? 'auto' : null, 'auto'].filter(Boolean).join(' ');

  return (
    <>
      <ol ref={listRef} className="flex flex-col gap-4">
        {lines.map((line, index) => {
          const prefix = name(index);
          const field = (key: 'description' | 'quantity' | 'unit_price', label: string, className = '') => (
            <RowField
              className={className}
              label={label}
              hiddenPrefix={prefix}
              value={line[key]}
              inputMode={key === 'description' ? undefined : 'decimal'}
              error={error(index, key)}
              onChange={(value) => change(line.key, { [key]: value })}
            />
          );
          return (
            <li
              key={line.key}
              style={{ '--line-columns': columns } as CSSProperties}
              className="grid grid-cols-2 items-start gap-3 border-b border-slate-100 pb-4 last:border-b-0 sm:grid-cols-(--line-columns)"
            >
              {field('description', 'Description', 'col-span-2 sm:col-span-1')}
              {field('quantity', 'Quantity')}
              {field('unit_price', unitPriceLabel)}
              {amounts ? (
                <div className="flex flex-col gap-1">
                  <span aria-hidden="true" className="text-sm font-medium text-slate-800">
                    Amount
                  </span>
                  <output aria-label={`${prefix} amount`} className="py-2 text-right text-base text-slate-900 tabular-nums">
                    {money(amounts[index])}
                  </output>
                  {error(index, 'amount') ? <p className="text-sm text-red-700">{error(index, 'amount')}</p> : null}
                </div>
              ) : null}
              {optional ? (
                <label className="flex items-center gap-2 self-end py-2 text-sm font-medium text-slate-800">
                  <input
                    type="checkbox"
                    checked={line.optional ?? false}
                    onChange={(event) => change(line.key, { optional: event.target.checked })}
                    className="size-5 accent-slate-900"
                  />
                  <span>
                    <span className="sr-only">{prefix} </span>Optional
                  </span>
                </label>
              ) : null}
              <div className="flex justify-end self-end">
                <Button
                  variant="ghost"
                  className="px-3 py-2 text-sm"
                  aria-label={`Remove ${prefix.toLowerCase()}`}
                  disabled={lines.length <= minLines}
                  onClick={() => onChange(lines.filter((candidate) => candidate.key !== line.key))}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  <span className="sm:sr-only">Remove</span>
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button variant="ghost" className="mt-4 self-start px-4 py-2 text-sm" onClick={add}>
        <Plus aria-hidden="true" className="size-4" />
        {addLabel}
      </Button>
    </>
  );
}

/** The tax rate beside the totals it gives, which follow the typing; a row's `testId` is for the end-to-end tests. */
export function TaxAndTotals({
  taxRate,
  onTaxRateChange,
  taxError,
  rows,
  children,
}: {
  taxRate: string;
  onTaxRateChange: (rate: string) => void;
  taxError: string | undefined;
  rows: { label: string; value: string; strong?: boolean; testId?: string }[];
  /** Below the totals: the server's refusal of the total, say. */
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="w-full max-w-[12rem]">
        <TextField
          label="Tax rate (%)"
          inputMode="decimal"
          value={taxRate}
          onChange={(event) => onTaxRateChange(event.target.value)}
          error={taxError}
          className="text-right tabular-nums"
        />
      </div>
      <div className="flex w-full max-w-xs flex-col gap-2">
        <dl aria-live="polite" className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-slate-800">
          {rows.map(({ label, value, strong, testId }) => (
            <div key={label} className="contents">
              <dt className={strong ? 'font-semibold text-slate-900' : ''}>{label}</dt>
              <dd className={`text-right tabular-nums ${strong ? 'text-lg font-semibold text-slate-900' : ''}`} data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {children}
      </div>
    </div>
  );
}
