import { COMPANY_INVOICE_STATUS_LABELS } from '@portal/contract/constants';
import type { IntegrationInvoice } from '@portal/contract';
import { Link } from '@tanstack/react-router';
import { ReceiptText } from 'lucide-react';
import { INVOICE_TONES, StatusBadge } from '../../../../components/status-badge';
import { formatCalendarDate, formatMoney } from '../../../../lib/format';
import { usePaging } from '../../../../lib/use-paging';
import { CardFacts, CardHead, ListPage, ListSection, type ListColumn } from '../../../components/list-page';
import { useProjectInvoices, INVOICES_PAGE_SIZE } from '../api/get-invoices';
import { BalanceSummary } from './balance-summary';
import { invoiceUrl, newInvoiceUrl } from './links';

function InvoiceLink({ projectId, invoice }: { projectId: number; invoice: IntegrationInvoice }) {
  const to: string = invoiceUrl(projectId, invoice.id);
  return (
    <Link to={to} className="font-semibold text-slate-900 underline decoration-slate-300 underline-offset-4 hover:decoration-slate-900">
      {invoice.number}
    </Link>
  );
}

const badge = (invoice: IntegrationInvoice) => <StatusBadge tone={INVOICE_TONES[invoice.status]} label={COMPANY_INVOICE_STATUS_LABELS[invoice.status]} />;

const columns = (projectId: number): ListColumn<IntegrationInvoice>[] => [
  { label: 'Number', rowHeader: true, cell: (invoice) => <InvoiceLink projectId={projectId} invoice={invoice} /> },
  { label: 'Status', cell: badge },
  { label: 'Issued', className: 'whitespace-nowrap', cell: (invoice) => formatCalendarDate(invoice.issue_date) },
  { label: 'Due', className: 'whitespace-nowrap', cell: (invoice) => formatCalendarDate(invoice.due_date) },
  { label: 'Total', numeric: true, cell: (invoice) => formatMoney(invoice.total) },
  { label: 'Paid', numeric: true, cell: (invoice) => formatMoney(invoice.amount_paid) },
  { label: 'Balance', numeric: true, className: 'font-semibold text-slate-900', cell: (invoice) => formatMoney(invoice.balance) },
];

/** A project's invoices in the console: its balance and aging, every invoice (drafts too), and a new draft. */
export function StaffInvoicesPage({ projectId }: { projectId: number }) {
  const paging = usePaging(INVOICES_PAGE_SIZE);
  const invoices = useProjectInvoices(projectId, paging.page, paging.size);
  const newTo: string = newInvoiceUrl(projectId);

  return (
    <div className="flex flex-col gap-6">
      <BalanceSummary projectId={projectId} />
      <ListSection id="invoices-heading" title="Invoices" newTo={newTo} newLabel="New invoice">
        <ListPage
          noun="invoices"
          query={invoices}
          caption="Invoices of the project"
          columns={columns(projectId)}
          rowKey={(invoice) => invoice.id}
          empty={{ icon: ReceiptText, title: 'No invoices yet', children: 'Create a draft with its lines and tax; the customers see it once you send it.' }}
          paging={paging}
          pagesLabel="Invoice pages"
          card={(invoice) => (
            <>
              <CardHead>
                <InvoiceLink projectId={projectId} invoice={invoice} />
                {badge(invoice)}
              </CardHead>
              <CardFacts
                facts={[
                  { label: 'Due', value: formatCalendarDate(invoice.due_date) },
                  { label: 'Total', value: formatMoney(invoice.total) },
                  { label: 'Paid', value: formatMoney(invoice.amount_paid) },
                  { label: 'Balance', value: formatMoney(invoice.balance), strong: true },
                ]}
              />
            </>
          )}
        />
      </ListSection>
    </div>
  );
}
