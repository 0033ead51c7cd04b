import { COMPANY_INVOICE_STATUS_LABELS } from '@portal/contract/constants';
import type { IntegrationInvoiceDetail } from '@portal/contract';
import { Link, useNavigate } from '@tanstack/react-router';
import { Download, FileText, Pencil, Send, Trash2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { InvoiceLinesTable, InvoicePayments, InvoiceTexts, InvoiceTotals } from '../../../../components/invoice-lines-table';
import { INVOICE_TONES, StatusBadge } from '../../../../components/status-badge';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { formatCalendarDate, formatDay, formatMoney } from '../../../../lib/format';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { useDeleteInvoice } from '../api/delete-invoice';
import { useInvoice } from '../api/get-invoice';
import { useInvoicePdf } from '../api/invoice-pdf';
import { useSendInvoice } from '../api/send-invoice';
import { useVoidInvoice } from '../api/void-invoice';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { RecordMissing } from '../../../components/record-missing';
import { editInvoiceUrl, invoicesUrl } from './links';
import { PaymentForm } from './payment-form';

const SMALL = 'px-4 py-2 text-sm';
const OPEN = new Set(['sent', 'partially_paid', 'overdue']);

/** What the office may do with the invoice in its state: edit, send or delete a draft; void a sent one nobody paid on. */
function Actions({ projectId, invoice }: { projectId: number; invoice: IntegrationInvoiceDetail }) {
  const navigate = useNavigate();
  const pdf = useInvoicePdf();
  const send = useSendInvoice(projectId, invoice.id);
  const voiding = useVoidInvoice(projectId, invoice.id);
  const remove = useDeleteInvoice(projectId, invoice.id);
  const [asking, setAsking] = useState<'send' | 'void' | 'delete' | null>(null);
  const failure = pdf.error ?? send.error ?? voiding.error ?? remove.error;
  const { form } = formErrors(failure);
  const ask = (step: 'send' | 'void' | 'delete') => (open: boolean) => setAsking(open ? step : null);
  const draft = invoice.status === 'draft';
  const voidable = OPEN.has(invoice.status) && Number(invoice.amount_paid) === 0;
  const editTo: string = editInvoiceUrl(projectId, invoice.id);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {draft ? (
          <Link
            to={editTo}
            className={`inline-flex items-center gap-2 rounded-full font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 ${SMALL}`}
          >
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Link>
        ) : null}
        {(['preview', 'download'] as const).map((mode) => (
          <Button
            key={mode}
            variant="ghost"
            className={SMALL}
            disabled={pdf.isPending}
            onClick={() => pdf.mutate({ invoiceId: invoice.id, number: invoice.number, mode })}
          >
            {mode === 'preview' ? <FileText aria-hidden="true" className="size-4" /> : <Download aria-hidden="true" className="size-4" />}
            {mode === 'preview' ? 'Preview PDF' : 'Download PDF'}
          </Button>
        ))}
        {draft ? (
          <ConfirmDialog
            open={asking === 'send'}
            onOpenChange={ask('send')}
            trigger={
              <Button className={SMALL}>
                <Send aria-hidden="true" className="size-4" />
                Send
              </Button>
            }
            title={`Send invoice ${invoice.number}?`}
            confirmLabel="Send the invoice"
            pending={send.isPending}
            onConfirm={() =>
              send.mutate(undefined, {
                onSuccess: () => toast.success('Invoice sent', `The project's customers can see invoice ${invoice.number} now.`),
                onSettled: () => setAsking(null),
              })
            }
          >
            The project&apos;s customers see it in the portal at once and get an email with its amount and due date. A sent invoice can no longer be changed.
          </ConfirmDialog>
        ) : null}
        {voidable ? (
          <ConfirmDialog
            open={asking === 'void'}
            onOpenChange={ask('void')}
            danger
            trigger={
              <Button variant="ghost" className={`${SMALL} text-red-800`}>
                <XCircle aria-hidden="true" className="size-4" />
                Void
              </Button>
            }
            title={`Void invoice ${invoice.number}?`}
            confirmLabel="Void the invoice"
            pending={voiding.isPending}
            onConfirm={() =>
              voiding.mutate(undefined, {
                onSuccess: () => toast.success('Invoice voided', `Invoice ${invoice.number} no longer counts in the balance.`),
                onSettled: () => setAsking(null),
              })
            }
          >
            The customers still see it, marked void, and nobody owes it any more. This cannot be undone.
          </ConfirmDialog>
        ) : null}
        {draft ? (
          <ConfirmDialog
            open={asking === 'delete'}
            onOpenChange={ask('delete')}
            danger
            trigger={
              <Button variant="ghost" className={`${SMALL} text-red-800`}>
                <Trash2 aria-hidden="true" className="size-4" />
                Delete draft
              </Button>
            }
            title={`Delete draft ${invoice.number}?`}
            confirmLabel="Delete the draft"
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  toast.success('Draft deleted', `Invoice ${invoice.number} is gone.`);
                  const to: string = invoicesUrl(projectId);
                  void navigate({ to });
                },
                onSettled: () => setAsking(null),
              })
            }
          >
            No customer has seen it. The draft and its lines go for good.
          </ConfirmDialog>
        ) : null}
      </div>
      <FormError message={failure ? (form ?? 'That did not work. Try again in a moment.') : null} />
    </div>
  );
}

/** One invoice in the console: its figures, lines and payments, and what can be done with it now. */
export function StaffInvoicePage({ projectId, invoiceId }: { projectId: number; invoiceId: number }) {
  const query = useInvoice(invoiceId);
  if (query.isPending) return <PageSpinner />;
  if (query.isError || query.data.project_id !== projectId) return <RecordMissing error={query.error} noun="invoice" owner="project" />;
  const invoice = query.data;
  const backTo: string = invoicesUrl(projectId);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link to={backTo} className="text-sm font-medium text-slate-600 underline-offset-2 hover:underline">
          ← Invoices
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-xl font-semibold text-slate-900">Invoice {invoice.number}</h2>
          <StatusBadge tone={INVOICE_TONES[invoice.status]} label={COMPANY_INVOICE_STATUS_LABELS[invoice.status]} />
        </div>
        <Actions projectId={projectId} invoice={invoice} />
      </div>

      <section aria-labelledby="invoice-figures" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h3 id="invoice-figures" className="sr-only">
          Figures
        </h3>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
          <div>
            <dt className="text-sm text-slate-600">Issued</dt>
            <dd className="font-medium text-slate-900">{formatCalendarDate(invoice.issue_date)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Due</dt>
            <dd className="font-medium text-slate-900">{formatCalendarDate(invoice.due_date)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Total</dt>
            <dd className="font-medium tabular-nums text-slate-900">{formatMoney(invoice.total)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Paid</dt>
            <dd className="font-medium tabular-nums text-slate-900">{formatMoney(invoice.amount_paid)}</dd>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-sm text-slate-600">Balance due</dt>
            <dd className="text-xl font-semibold tabular-nums text-slate-900" data-testid="invoice-balance">
              {formatMoney(invoice.balance)}
            </dd>
          </div>
        </dl>
        {invoice.viewed_at ? <p className="mt-3 text-sm text-slate-600">A customer first opened it on {formatDay(invoice.viewed_at)}.</p> : null}
      </section>

      <section aria-labelledby="invoice-lines" className="flex flex-col gap-3">
        <h3 id="invoice-lines" className="text-lg font-semibold text-slate-900">
          Lines
        </h3>
        {invoice.lines.length === 0 ? (
          <p className="text-slate-600">No lines yet: edit the draft to add some before sending it.</p>
        ) : (
          <InvoiceLinesTable lines={invoice.lines} />
        )}
        <InvoiceTotals invoice={invoice} owing={false} />
      </section>

      <InvoiceTexts notes={invoice.notes} terms={invoice.terms} />
      {invoice.status !== 'draft' ? <InvoicePayments payments={invoice.payments} /> : null}

      {OPEN.has(invoice.status) ? <PaymentForm projectId={projectId} invoice={invoice} /> : null}
    </div>
  );
}
