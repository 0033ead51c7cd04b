import { COMPANY_PROPOSAL_STATUS_LABELS } from '@portal/contract/proposal-constants';
import type { ProposalStatus } from '@portal/contract';

const STYLES: Record<ProposalStatus, string> = {
  draft: 'bg-slate-100 text-slate-800 ring-1 ring-slate-300 ring-inset',
  sent: 'bg-blue-100 text-blue-900',
  accepted: 'bg-green-100 text-green-900',
  declined: 'bg-red-100 text-red-900',
  expired: 'bg-amber-100 text-amber-900',
  withdrawn: 'bg-slate-200 text-slate-800',
  superseded: 'bg-slate-200 text-slate-800',
};

export function StatusBadge({ status }: { status: ProposalStatus }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STYLES[status]}`}>
      {COMPANY_PROPOSAL_STATUS_LABELS[status]}
    </span>
  );
}
