import { Link } from '@tanstack/react-router';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { useInvoice } from '../api/get-invoice';
import { InvoiceForm } from './invoice-form';
import { RecordMissing } from '../../../components/record-missing';
import { invoicesUrl, invoiceUrl } from './links';

function Heading({ title, back, backLabel }: { title: string; back: string; backLabel: string }) {
  return (
    <div className="mb-4 flex flex-col gap-1">
      <Link to={back} className="text-sm font-medium text-slate-600 underline-offset-2 hover:underline">
        ← {backLabel}
      </Link>
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
    </div>
  );
}

/** A new draft invoice of the project. */
export function NewInvoicePage({ projectId }: { projectId: number }) {
  return (
    <>
      <Heading title="New invoice" back={invoicesUrl(projectId)} backLabel="Invoices" />
      <InvoiceForm projectId={projectId} />
    </>
  );
}

/** A draft changed; a sent or void invoice can no longer be (the server would answer 409), so the page says so. */
export function EditInvoicePage({ projectId, invoiceId }: { projectId: number; invoiceId: number }) {
  const invoice = useInvoice(invoiceId);
  if (invoice.isPending) return <PageSpinner />;
  if (invoice.isError || invoice.data.project_id !== projectId) return <RecordMissing error={invoice.error} noun="invoice" owner="project" />;
  const back = invoiceUrl(projectId, invoiceId);
  return (
    <>
      <Heading title={`Edit invoice ${invoice.data.number}`} back={back} backLabel={`Invoice ${invoice.data.number}`} />
      {invoice.data.status === 'draft' ? (
        <InvoiceForm projectId={projectId} invoice={invoice.data} />
      ) : (
        <p role="alert" className="rounded-2xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">
          This invoice has been sent and can no longer be changed: void it and issue a new one.
        </p>
      )}
    </>
  );
}
