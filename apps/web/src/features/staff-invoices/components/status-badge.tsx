import { COMPANY_INVOICE_STATUS_LABELS } from '@portal/contract/constants';
import type { InvoiceStatus } from '@portal/contract';

const STYLES: Record<InvoiceStatus, string> = {
  draft: 'bg-slate-100 text-slate-800 ring-1 ring-slate-300 ring-inset',
  sent: 'bg-blue-100 text-blue-900',
  partially_paid: 'bg-amber-100 text-amber-900',
  paid: 'bg-green-100 text-green-900',
  overdue: 'bg-red-100 text-red-900',
  void: 'bg-slate-200 text-slate-800 line-through decoration-slate-500',
};

export function StatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLES[status]}`}>
      {COMPANY_INVOICE_STATUS_LABELS[status]}
    </span>
  );
}
