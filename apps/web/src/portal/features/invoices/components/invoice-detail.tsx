import { INVOICE_STATUS_LABELS } from '@portal/contract/constants';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { ApiRequestError } from '../../../../lib/api-client';
import { formatCalendarDate } from '../../../../lib/format';
import { InvoiceLinesTable, InvoicePayments, InvoiceTexts, InvoiceTotals } from '../../../../components/invoice-lines-table';
import { INVOICE_TONES, StatusBadge } from '../../../../components/status-badge';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { useInvoice } from '../api/get-invoice';
import { PdfButton } from './pdf-button';

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
            Invoice {data.number} <StatusBadge tone={INVOICE_TONES[data.status]} label={INVOICE_STATUS_LABELS[data.status]} />
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Issue date</dt>
            <dd>{formatCalendarDate(data.issue_date)}</dd>
            <dt className="text-slate-600">Due date</dt>
            <dd>{formatCalendarDate(data.due_date)}</dd>
          </dl>
        </div>
        <PdfButton target={{ kind: 'invoice', entity, invoice: data.id, number: data.number }}>Download PDF</PdfButton>
      </div>

      <InvoiceLinesTable lines={data.lines} />
      <InvoiceTotals invoice={data} />

      <InvoicePayments payments={data.payments} />

      <InvoiceTexts notes={data.notes} terms={data.terms} />
    </article>
  );
}
