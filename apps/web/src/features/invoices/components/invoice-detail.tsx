import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { ApiRequestError } from '../../../lib/api-client';
import { formatMoney, NO_VALUE } from '../../../lib/format';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useInvoice } from '../api/get-invoice';
import { formatDate } from './format';
import { PdfButton } from './pdf-button';
import { StatusBadge } from './status-badge';

const route = getRouteApi('/default/invoices');

function BackLink() {
  return (
    <Link
      from="/invoices"
      search={(previous) => ({ ...previous, invoice: undefined })}
      className="inline-flex items-center gap-1 text-sm font-medium text-blue-800 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to invoices
    </Link>
  );
}

export function InvoiceDetail({ entity }: { entity: number }) {
  const { invoice: invoiceId } = route.useSearch();
  const invoice = useInvoice(entity, invoiceId!);

  if (invoice.isPending) return <PageSpinner label="Loading the invoice…" />;
  if (invoice.isError) {
    const missing = invoice.error instanceof ApiRequestError && invoice.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        <p role="alert">{missing ? 'This invoice is not available.' : 'The invoice could not be loaded. Please try again.'}</p>
      </div>
    );
  }
  const data = invoice.data;
  return (
    <article className="flex flex-col gap-6" aria-labelledby="invoice-heading">
      <BackLink />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h2 id="invoice-heading" className="flex flex-wrap items-center gap-3 text-2xl font-semibold text-slate-900">
            Invoice {data.number} <StatusBadge status={data.status} />
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Issue date</dt>
            <dd>{formatDate(data.issue_date)}</dd>
            <dt className="text-slate-600">Due date</dt>
            <dd>{formatDate(data.due_date)}</dd>
          </dl>
        </div>
        <PdfButton target={{ kind: 'invoice', entity, invoice: data.id, number: data.number }}>Download PDF</PdfButton>
      </div>

      <div className="hidden overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200 sm:block" role="region" aria-label="Line items" tabIndex={0}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Line items</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-2 py-3 sm:px-4 font-semibold">
                Description
              </th>
              <th scope="col" className="px-2 py-3 sm:px-4 text-right font-semibold">
                {/* "Qty" fits a phone; a screen reader hears the whole word. */}
                <span aria-hidden="true" className="sm:hidden">
                  Qty
                </span>
                <span className="sr-only sm:not-sr-only">Quantity</span>
              </th>
              <th scope="col" className="px-2 py-3 sm:px-4 text-right font-semibold">
                Unit price
              </th>
              <th scope="col" className="px-2 py-3 sm:px-4 text-right font-semibold">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.lines.map((line) => (
              <tr key={line.id}>
                <td className="px-2 py-3 sm:px-4">{line.description}</td>
                <td className="px-2 py-3 sm:px-4 text-right tabular-nums">{line.quantity}</td>
                <td className="px-2 py-3 sm:px-4 text-right tabular-nums">{formatMoney(line.unit_price)}</td>
                <td className="px-2 py-3 sm:px-4 text-right tabular-nums">{formatMoney(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Below sm a line is a card: the amount stays whole beside the description. */}
      <ul aria-label="Line items" className="flex flex-col divide-y divide-slate-100 rounded-2xl bg-white text-sm ring-1 ring-slate-200 sm:hidden">
        {data.lines.map((line) => (
          <li key={line.id} className="flex items-baseline justify-between gap-3 px-4 py-3">
            <span className="min-w-0">
              <span className="block wrap-anywhere text-slate-900">{line.description}</span>
              <span className="block text-slate-600 tabular-nums">
                {line.quantity} × {formatMoney(line.unit_price)}
              </span>
            </span>
            <span className="shrink-0 font-medium tabular-nums">{formatMoney(line.amount)}</span>
          </li>
        ))}
      </ul>

      <dl aria-label="Totals" className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="text-right tabular-nums">{formatMoney(data.subtotal)}</dd>
        <dt className="text-slate-600">Tax ({data.tax_rate}%)</dt>
        <dd className="text-right tabular-nums">{formatMoney(data.tax)}</dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold tabular-nums">{formatMoney(data.total)}</dd>
        <dt className="text-slate-600">Amount paid</dt>
        <dd className="text-right tabular-nums">{formatMoney(data.amount_paid)}</dd>
        <dt className="border-t border-slate-300 pt-2 text-base font-semibold">Balance due</dt>
        <dd className="border-t border-slate-300 pt-2 text-right text-base font-semibold tabular-nums">{formatMoney(data.balance)}</dd>
      </dl>

      <section aria-labelledby="payments-heading" className="flex flex-col gap-3">
        <h3 id="payments-heading" className="text-lg font-semibold text-slate-900">
          Payments
        </h3>
        {data.payments.length === 0 ? (
          <p className="text-slate-600">No payments yet.</p>
        ) : (
          <>
            <div className="hidden overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200 sm:block" role="region" aria-label="Payments table" tabIndex={0}>
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Payments</caption>
                <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className="px-2 py-3 sm:px-4 font-semibold">
                      Date
                    </th>
                    <th scope="col" className="px-2 py-3 sm:px-4 font-semibold">
                      Method
                    </th>
                    <th scope="col" className="px-2 py-3 sm:px-4 font-semibold">
                      Reference
                    </th>
                    <th scope="col" className="px-2 py-3 sm:px-4 text-right font-semibold">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.payments.map((payment) => (
                    <tr key={payment.id}>
                      <td className="whitespace-nowrap px-2 py-3 sm:px-4">{formatDate(payment.paid_on)}</td>
                      <td className="px-2 py-3 sm:px-4">{payment.method}</td>
                      <td className="px-2 py-3 sm:px-4">{payment.reference ?? NO_VALUE}</td>
                      <td className="px-2 py-3 sm:px-4 text-right tabular-nums">{formatMoney(payment.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul aria-label="Payments" className="flex flex-col divide-y divide-slate-100 rounded-2xl bg-white text-sm ring-1 ring-slate-200 sm:hidden">
              {data.payments.map((payment) => (
                <li key={payment.id} className="flex items-baseline justify-between gap-3 px-4 py-3">
                  <span className="min-w-0">
                    <span className="block text-slate-900">{formatDate(payment.paid_on)}</span>
                    <span className="block wrap-anywhere text-slate-600">
                      {payment.method}
                      {payment.reference ? ` · ${payment.reference}` : ''}
                    </span>
                  </span>
                  <span className="shrink-0 font-medium tabular-nums">{formatMoney(payment.amount)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      {data.notes ? (
        <section aria-labelledby="notes-heading">
          <h3 id="notes-heading" className="text-lg font-semibold text-slate-900">
            Notes
          </h3>
          <p className="mt-1 whitespace-pre-line text-slate-700">{data.notes}</p>
        </section>
      ) : null}
      {data.terms ? (
        <section aria-labelledby="terms-heading">
          <h3 id="terms-heading" className="text-lg font-semibold text-slate-900">
            Terms
          </h3>
          <p className="mt-1 whitespace-pre-line text-slate-700">{data.terms}</p>
        </section>
      ) : null}
    </article>
  );
}
