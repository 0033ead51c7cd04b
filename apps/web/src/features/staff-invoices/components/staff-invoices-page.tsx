import type { IntegrationInvoice } from '@portal/contract';
import { Link } from '@tanstack/react-router';
import { ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { Pagination } from '../../../components/pagination';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatMoney } from '../../../lib/format';
import { useProjectInvoices, INVOICES_PAGE_SIZE } from '../api/get-invoices';
import { BalanceSummary } from './balance-summary';
import { formatDate } from './format';
import { BUTTON_LINK, invoiceUrl, newInvoiceUrl } from './links';
import { StatusBadge } from './status-badge';

const NUMERIC = 'px-4 py-3 text-right tabular-nums whitespace-nowrap';

function InvoiceLink({ projectId, invoice }: { projectId: number; invoice: IntegrationInvoice }) {
  const to: string = invoiceUrl(projectId, invoice.id);
  return (
    <Link to={to} className="font-semibold text-slate-900 underline decoration-slate-300 underline-offset-4 hover:decoration-slate-900">
      {invoice.number}
    </Link>
  );
}

/** A project's invoices in the console: its balance and aging, every invoice (drafts too), and a new draft. */
export function StaffInvoicesPage({ projectId }: { projectId: number }) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(INVOICES_PAGE_SIZE);
  const invoices = useProjectInvoices(projectId, page, size);
  const rows = invoices.data?.data ?? [];
  const newTo: string = newInvoiceUrl(projectId);

  return (
    <div className="flex flex-col gap-6">
      <BalanceSummary projectId={projectId} />

      <section aria-labelledby="invoices-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="invoices-heading" className="text-lg font-semibold text-slate-900">
            Invoices
          </h2>
          <Link to={newTo} className={BUTTON_LINK}>
            New invoice
          </Link>
        </div>

        {invoices.isError ? (
          <p role="alert" className="text-slate-700">
            The invoices could not be loaded. Try again in a moment.
          </p>
        ) : invoices.isPending ? (
          <p className="text-slate-600">Loading invoices…</p>
        ) : rows.length === 0 ? (
          <EmptyState icon={ReceiptText} title="No invoices yet">
            Create a draft with its lines and tax; the customers see it once you send it.
          </EmptyState>
        ) : (
          <>
            <div className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Invoices of the project</caption>
                <thead className="border-b border-slate-200 text-slate-600">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-medium">
                      Number
                    </th>
                    <th scope="col" className="px-4 py-3 font-medium">
                      Status
                    </th>
                    <th scope="col" className="px-4 py-3 font-medium">
                      Issued
                    </th>
                    <th scope="col" className="px-4 py-3 font-medium">
                      Due
                    </th>
                    <th scope="col" className="px-4 py-3 text-right font-medium">
                      Total
                    </th>
                    <th scope="col" className="px-4 py-3 text-right font-medium">
                      Paid
                    </th>
                    <th scope="col" className="px-4 py-3 text-right font-medium">
                      Balance
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 text-slate-800">
                  {rows.map((invoice) => (
                    <tr key={invoice.id}>
                      <th scope="row" className="px-4 py-3 font-normal">
                        <InvoiceLink projectId={projectId} invoice={invoice} />
                      </th>
                      <td className="px-4 py-3">
                        <StatusBadge status={invoice.status} />
                      </td>
                      <td className="px-4 py-3 whitespace-nowrap">{formatDate(invoice.issue_date)}</td>
                      <td className="px-4 py-3 whitespace-nowrap">{formatDate(invoice.due_date)}</td>
                      <td className={NUMERIC}>{formatMoney(invoice.total)}</td>
                      <td className={NUMERIC}>{formatMoney(invoice.amount_paid)}</td>
                      <td className={`${NUMERIC} font-semibold text-slate-900`}>{formatMoney(invoice.balance)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="flex flex-col gap-3 md:hidden" aria-label="Invoices of the project">
              {rows.map((invoice) => (
                <li key={invoice.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                  <div className="flex items-center justify-between gap-3">
                    <InvoiceLink projectId={projectId} invoice={invoice} />
                    <StatusBadge status={invoice.status} />
                  </div>
                  <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                    <dt className="text-slate-600">Due</dt>
                    <dd className="text-right text-slate-900">{formatDate(invoice.due_date)}</dd>
                    <dt className="text-slate-600">Total</dt>
                    <dd className="text-right tabular-nums text-slate-900">{formatMoney(invoice.total)}</dd>
                    <dt className="text-slate-600">Paid</dt>
                    <dd className="text-right tabular-nums text-slate-900">{formatMoney(invoice.amount_paid)}</dd>
                    <dt className="font-medium text-slate-900">Balance</dt>
                    <dd className="text-right font-semibold tabular-nums text-slate-900">{formatMoney(invoice.balance)}</dd>
                  </dl>
                </li>
              ))}
            </ul>
            {invoices.data && invoices.data.total > size ? (
              <Pagination
                page={invoices.data.current_page}
                lastPage={invoices.data.last_page}
                pageSize={size}
                total={invoices.data.total}
                label="Invoice pages"
                onPageChange={setPage}
                onPageSizeChange={(next) => {
                  setSize(next);
                  setPage(1);
                }}
              />
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
