import type { IntegrationProposal } from '@portal/contract';
import { formatProposalDate, formatProposalNumber } from '@portal/contract/proposal-constants';
import { Link } from '@tanstack/react-router';
import { FileSignature } from 'lucide-react';
import { useState } from 'react';
import { Pagination } from '../../../components/pagination';
import { AreaSwitchedOff } from '../../../components/staff/area-switched-off';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatDay, formatMoney, NO_VALUE } from '../../../lib/format';
import { PROPOSALS_PAGE_SIZE, useProjectProposals } from '../api/get-proposals';
import { BUTTON_LINK, newProposalUrl, proposalUrl } from './links';
import { StatusBadge } from './status-badge';

const day = (timestamp: string | null) => (timestamp ? formatDay(timestamp) : NO_VALUE);

function ProposalLink({ projectId, proposal, className = '' }: { projectId: number; proposal: IntegrationProposal; className?: string }) {
  const to: string = proposalUrl(projectId, proposal.id);
  return (
    <Link to={to} className={`font-semibold text-slate-900 underline decoration-slate-300 underline-offset-4 hover:decoration-slate-900 ${className}`}>
      {formatProposalNumber(proposal.number, proposal.version)}
    </Link>
  );
}

/** A project's proposals in the console: every version, drafts too, and a new draft. */
export function StaffProposalsPage({ projectId }: { projectId: number }) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PROPOSALS_PAGE_SIZE);
  const proposals = useProjectProposals(projectId, page, size);
  const rows = proposals.data?.data ?? [];
  const newTo: string = newProposalUrl(projectId);

  return (
    <div className="flex flex-col gap-6">
      <AreaSwitchedOff area="is_portal_proposals_enabled" label="Proposals" />
      <section aria-labelledby="proposals-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="proposals-heading" className="text-lg font-semibold text-slate-900">
            Proposals
          </h2>
          <Link to={newTo} className={BUTTON_LINK}>
            New proposal
          </Link>
        </div>

        {proposals.isError ? (
          <p role="alert" className="text-slate-700">
            The proposals could not be loaded. Try again in a moment.
          </p>
        ) : proposals.isPending ? (
          <p className="text-slate-600">Loading proposals…</p>
        ) : rows.length === 0 ? (
          <EmptyState icon={FileSignature} title="No proposals yet">
            Draft one with its sections, items and options; the customers read and sign it once you send it.
          </EmptyState>
        ) : (
          <>
            <div className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Proposals of the project</caption>
                <thead className="border-b border-slate-200 text-slate-600">
                  <tr>
                    {['Number', 'Title', 'Status', 'Total', 'Sent', 'Viewed', 'Expires'].map((label) => (
                      <th key={label} scope="col" className={`px-4 py-3 font-medium ${label === 'Total' ? 'text-right' : ''}`}>
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 text-slate-800">
                  {rows.map((proposal) => (
                    <tr key={proposal.id}>
                      <th scope="row" className="px-4 py-3 font-normal whitespace-nowrap">
                        <ProposalLink projectId={projectId} proposal={proposal} />
                      </th>
                      <td className="px-4 py-3">{proposal.title}</td>
                      <td className="px-4 py-3">
                        <StatusBadge status={proposal.status} />
                      </td>
                      <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">{formatMoney(proposal.total)}</td>
                      <td className="px-4 py-3 whitespace-nowrap">{day(proposal.sent_at)}</td>
                      <td className="px-4 py-3 whitespace-nowrap">{day(proposal.viewed_at)}</td>
                      <td className="px-4 py-3 whitespace-nowrap">{formatProposalDate(proposal.expires_on)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="flex flex-col gap-3 md:hidden" aria-label="Proposals of the project">
              {rows.map((proposal) => (
                <li key={proposal.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                  <div className="flex items-center justify-between gap-3">
                    <ProposalLink projectId={projectId} proposal={proposal} />
                    <StatusBadge status={proposal.status} />
                  </div>
                  <p className="mt-1 wrap-anywhere text-slate-800">{proposal.title}</p>
                  <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                    <dt className="text-slate-600">Total</dt>
                    <dd className="text-right font-semibold tabular-nums text-slate-900">{formatMoney(proposal.total)}</dd>
                    <dt className="text-slate-600">Sent</dt>
                    <dd className="text-right text-slate-900">{day(proposal.sent_at)}</dd>
                    <dt className="text-slate-600">Viewed</dt>
                    <dd className="text-right text-slate-900">{day(proposal.viewed_at)}</dd>
                    <dt className="text-slate-600">Expires</dt>
                    <dd className="text-right text-slate-900">{formatProposalDate(proposal.expires_on)}</dd>
                  </dl>
                </li>
              ))}
            </ul>
            {proposals.data && (proposals.data.last_page > 1 || size !== PROPOSALS_PAGE_SIZE) ? (
              <Pagination
                label="Proposal pages"
                page={proposals.data.current_page}
                lastPage={proposals.data.last_page}
                pageSize={size}
                total={proposals.data.total}
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
