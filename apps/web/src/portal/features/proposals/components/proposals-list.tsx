import { formatProposalDate, formatProposalNumber, PROPOSAL_STATUS_LABELS } from '@portal/contract/proposal-constants';
import type { Proposal } from '@portal/contract';
import { Link } from '@tanstack/react-router';
import { FileSignature } from 'lucide-react';
import { useState } from 'react';
import { CardFigures } from '../../../../components/card-figures';
import { Pagination } from '../../../../components/pagination';
import { PROPOSAL_TONES, StatusBadge } from '../../../../components/status-badge';
import { EmptyState } from '../../../../components/ui/empty-state';
import { formatDay, formatMoney, NO_VALUE } from '../../../../lib/format';
import { PROPOSALS_PAGE_SIZE, useProposals } from '../api/get-proposals';

/** The project's proposals: a table from `sm` up, a card each on a phone. */
export function ProposalsList({ entity }: { entity: number }) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PROPOSALS_PAGE_SIZE);
  const proposals = useProposals(entity, page, size);
  const data = proposals.data;

  if (proposals.isPending)
    return (
      <p role="status" className="py-10 text-center text-slate-600">
        Loading proposals…
      </p>
    );
  if (proposals.isError) return <p role="alert">The proposals could not be loaded. Please try again.</p>;
  if (data!.data.length === 0) {
    return (
      <EmptyState icon={FileSignature} title="No proposals yet">
        When the company sends you a proposal for this project, you can read it, choose its options and sign it here.
      </EmptyState>
    );
  }
  const rows = data!.data;
  return (
    <section aria-labelledby="proposals-heading" className="flex flex-col gap-4">
      <h2 id="proposals-heading" className="sr-only">
        All proposals
      </h2>
      <div className="hidden overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200 sm:block" role="region" aria-label="Proposals table" tabIndex={0}>
        <table className="w-full min-w-[40rem] text-left text-sm" aria-busy={proposals.isFetching}>
          <caption className="sr-only">Proposals, the newest first</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
            <tr>
              {['Number', 'Title', 'Status', 'Total', 'Sent', 'Valid until'].map((label) => (
                <th key={label} scope="col" className={`px-4 py-3 font-semibold ${label === 'Total' ? 'text-right' : ''}`}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((proposal) => (
              <tr key={proposal.id} className="hover:bg-slate-50">
                <td className="px-4 py-3 font-medium whitespace-nowrap">
                  <ProposalLink proposal={proposal} className="text-blue-800 underline-offset-2 hover:underline">
                    {formatProposalNumber(proposal.number, proposal.version)}
                  </ProposalLink>
                </td>
                <td className="px-4 py-3">{proposal.title}</td>
                <td className="px-4 py-3">
                  <StatusBadge tone={PROPOSAL_TONES[proposal.status]} label={PROPOSAL_STATUS_LABELS[proposal.status]} />
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">{formatMoney(proposal.total)}</td>
                <td className="px-4 py-3 whitespace-nowrap">{proposal.sent_at ? formatDay(proposal.sent_at) : NO_VALUE}</td>
                <td className="px-4 py-3 whitespace-nowrap">{formatProposalDate(proposal.expires_on)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label="Proposals, the newest first" className="flex flex-col gap-3 sm:hidden">
        {rows.map((proposal) => (
          <li key={proposal.id} className="relative rounded-2xl bg-white p-4 ring-1 ring-slate-200 has-[a:hover]:ring-slate-400">
            <div className="flex items-start justify-between gap-3">
              {/* The link covers the whole card: a thumb need not find the title. */}
              <ProposalLink proposal={proposal} className="min-w-0 font-semibold wrap-anywhere text-blue-800 after:absolute after:inset-0 after:rounded-2xl">
                {proposal.title}
              </ProposalLink>
              <StatusBadge tone={PROPOSAL_TONES[proposal.status]} label={PROPOSAL_STATUS_LABELS[proposal.status]} />
            </div>
            <p className="mt-1 text-sm text-slate-600">{formatProposalNumber(proposal.number, proposal.version)}</p>
            <CardFigures
              figures={[
                { label: 'Valid until', value: formatProposalDate(proposal.expires_on), strong: true },
                { label: 'Total', value: formatMoney(proposal.total), strong: true },
                { label: 'Sent', value: proposal.sent_at ? formatDay(proposal.sent_at) : NO_VALUE },
              ]}
            />
          </li>
        ))}
      </ul>

      {data!.last_page > 1 || size !== PROPOSALS_PAGE_SIZE ? (
        <Pagination
          label="Proposal pages"
          page={data!.current_page}
          lastPage={data!.last_page}
          pageSize={size}
          total={data!.total}
          onPageChange={setPage}
          onPageSizeChange={(next) => {
            setSize(next);
            setPage(1);
          }}
        />
      ) : null}
    </section>
  );
}

function ProposalLink({ proposal, className, children }: { proposal: Proposal; className: string; children: string }) {
  return (
    <Link from="/proposals" search={(previous) => ({ ...previous, proposal: proposal.id })} className={className}>
      {children}
    </Link>
  );
}
