import type { InvoiceDetail, InvoiceLine, Payment } from '@portal/contract';
import { formatCalendarDate, formatMoney, NO_VALUE } from '../lib/format';

/*
 * An invoice's lines, totals, payments, notes and terms as the portal and the console both show them: a table from sm
 * up and a card a row below it, so that an amount never wraps away from its description.
 */

const TABLE_FRAME = 'hidden overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200 sm:block';
const CARDS = 'flex flex-col divide-y divide-slate-100 rounded-2xl bg-white text-sm ring-1 ring-slate-200 sm:hidden';
const HEAD = 'border-b border-slate-200 bg-slate-50 text-slate-700';
const CELL = 'px-2 py-3 sm:px-4';
const NUMBER = `${CELL} text-right tabular-nums`;

function HeaderRow({ labels }: { labels: { label: string; numeric?: boolean }[] }) {
  return (
    <tr>
      {labels.map(({ label, numeric }) => (
        <th key={label} scope="col" className={`${CELL} font-semibold ${numeric ? 'text-right' : ''}`}>
          {label}
        </th>
      ))}
    </tr>
  );
}

/** One row as a card below sm: what it is and its detail on the left, its amount whole on the right. */
function Card({ title, detail, amount }: { title: string; detail: string; amount: string }) {
  return (
    <li className="flex items-baseline justify-between gap-3 px-4 py-3">
      <span className="min-w-0">
        <span className="block wrap-anywhere text-slate-900">{title}</span>
        <span className="block wrap-anywhere text-slate-600 tabular-nums">{detail}</span>
      </span>
      <span className="shrink-0 font-medium tabular-nums">{formatMoney(amount)}</span>
    </li>
  );
}

export function InvoiceLinesTable({ lines }: { lines: readonly InvoiceLine[] }) {
  return (
    <>
      <div className={TABLE_FRAME} role="region" aria-label="Line items" tabIndex={0}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Line items</caption>
          <thead className={HEAD}>
            <HeaderRow
              labels={[
                { label: 'Description' },
                { label: 'Quantity', numeric: true },
                { label: 'Unit price', numeric: true },
                { label: 'Amount', numeric: true },
              ]}
            />
          </thead>
          <tbody className="divide-y divide-slate-100">
            {lines.map((line) => (
              <tr key={line.id}>
                <td className={`${CELL} wrap-anywhere`}>{line.description}</td>
                <td className={NUMBER}>{line.quantity}</td>
                <td className={NUMBER}>{formatMoney(line.unit_price)}</td>
                <td className={NUMBER}>{formatMoney(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Line items" className={CARDS}>
        {lines.map((line) => (
          <Card key={line.id} title={line.description} detail={`${line.quantity} × ${formatMoney(line.unit_price)}`} amount={line.amount} />
        ))}
      </ul>
    </>
  );
}

/** The payments made on the invoice, oldest first, under their heading. */
export function InvoicePayments({ payments }: { payments: readonly Payment[] }) {
  return (
    <section aria-labelledby="payments-heading" className="flex flex-col gap-3">
      <h3 id="payments-heading" className="text-lg font-semibold text-slate-900">
        Payments
      </h3>
      {payments.length === 0 ? <p className="text-slate-600">No payments yet.</p> : <PaymentsTable payments={payments} />}
    </section>
  );
}

function PaymentsTable({ payments }: { payments: readonly Payment[] }) {
  return (
    <>
      <div className={TABLE_FRAME} role="region" aria-label="Payments table" tabIndex={0}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Payments</caption>
          <thead className={HEAD}>
            <HeaderRow labels={[{ label: 'Date' }, { label: 'Method' }, { label: 'Reference' }, { label: 'Amount', numeric: true }]} />
          </thead>
          <tbody className="divide-y divide-slate-100">
            {payments.map((payment) => (
              <tr key={payment.id}>
                <td className={`${CELL} whitespace-nowrap`}>{formatCalendarDate(payment.paid_on)}</td>
                <td className={CELL}>{payment.method}</td>
                <td className={CELL}>{payment.reference ?? NO_VALUE}</td>
                <td className={NUMBER}>{formatMoney(payment.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Payments" className={CARDS}>
        {payments.map((payment) => (
          <Card
            key={payment.id}
            title={formatCalendarDate(payment.paid_on)}
            detail={`${payment.method}${payment.reference ? ` · ${payment.reference}` : ''}`}
            amount={payment.amount}
          />
        ))}
      </ul>
    </>
  );
}

type Figures = Pick<InvoiceDetail, 'subtotal' | 'tax_rate' | 'tax' | 'total' | 'amount_paid' | 'balance'>;

/** Subtotal, tax and total; with `owing`, what was paid and what is still due below them. */
export function InvoiceTotals({ invoice, owing = true }: { invoice: Figures; owing?: boolean }) {
  const due = 'border-t border-slate-300 pt-2 text-base font-semibold';
  return (
    <dl aria-label="Totals" className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
      <dt className="text-slate-600">Subtotal</dt>
      <dd className="text-right tabular-nums">{formatMoney(invoice.subtotal)}</dd>
      <dt className="text-slate-600">Tax ({Number(invoice.tax_rate)}%)</dt>
      <dd className="text-right tabular-nums">{formatMoney(invoice.tax)}</dd>
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold tabular-nums">{formatMoney(invoice.total)}</dd>
      {owing ? (
        <>
          <dt className="text-slate-600">Amount paid</dt>
          <dd className="text-right tabular-nums">{formatMoney(invoice.amount_paid)}</dd>
          <dt className={due}>Balance due</dt>
          <dd className={`${due} text-right tabular-nums`}>{formatMoney(invoice.balance)}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** The invoice's notes and terms, each under its heading; nothing when it has neither. */
export function InvoiceTexts({ notes, terms, className = '' }: { notes: string | null; terms: string | null; className?: string }) {
  if (!notes && !terms) return null;
  return (
    <div className={`grid gap-4 sm:grid-cols-2 ${className}`}>
      {(
        [
          ['Notes', notes],
          ['Terms', terms],
        ] as const
      ).map(([title, text]) =>
        text ? (
          <section key={title} aria-label={title}>
            <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
            <p className="mt-1 whitespace-pre-line text-slate-700">{text}</p>
          </section>
        ) : null,
      )}
    </div>
  );
}
