import type { IntegrationProposal } from '@portal/contract';
import { COMPANY_PROPOSAL_STATUS_LABELS, formatProposalDate, formatProposalNumber } from '@portal/contract/proposal-constants';
import { Link } from '@tanstack/react-router';
import { FileSignature } from 'lucide-react';
import { PROPOSAL_TONES, StatusBadge } from '../../../../components/status-badge';
import { formatDay, formatMoney, NO_VALUE } from '../../../../lib/format';
import { usePaging } from '../../../../lib/use-paging';
import { AreaSwitchedOff } from '../../../components/area-switched-off';
import { CardFacts, CardHead, ListPage, ListSection, type ListColumn } from '../../../components/list-page';
import { PROPOSALS_PAGE_SIZE, useProjectProposals } from '../api/get-proposals';
import { newProposalUrl, proposalUrl } from './links';

const day = (timestamp: string | null) => (timestamp ? formatDay(timestamp) : NO_VALUE);

function ProposalLink({ projectId, proposal }: { projectId: number; proposal: IntegrationProposal }) {
  const to: string = proposalUrl(projectId, proposal.id);
  return (
    <Link to={to} className="font-semibold text-slate-900 underline decoration-slate-300 underline-offset-4 hover:decoration-slate-900">
      {formatProposalNumber(proposal.number, proposal.version)}
    </Link>
  );
}

const badge = (proposal: IntegrationProposal) => <StatusBadge tone={PROPOSAL_TONES[proposal.status]} label={COMPANY_PROPOSAL_STATUS_LABELS[proposal.status]} />;
const DATE = 'whitespace-nowrap';

const columns = (projectId: number): ListColumn<IntegrationProposal>[] => [
  { label: 'Number', rowHeader: true, className: DATE, cell: (proposal) => <ProposalLink projectId={projectId} proposal={proposal} /> },
  { label: 'Title', cell: (proposal) => proposal.title },
  { label: 'Status', cell: badge },
  { label: 'Total', numeric: true, cell: (proposal) => formatMoney(proposal.total) },
  { label: 'Sent', className: DATE, cell: (proposal) => day(proposal.sent_at) },
  { label: 'Viewed', className: DATE, cell: (proposal) => day(proposal.viewed_at) },
  { label: 'Expires', className: DATE, cell: (proposal) => formatProposalDate(proposal.expires_on) },
];

/** A project's proposals in the console: every version, drafts too, and a new draft. */
export function StaffProposalsPage({ projectId }: { projectId: number }) {
  const paging = usePaging(PROPOSALS_PAGE_SIZE);
  const proposals = useProjectProposals(projectId, paging.page, paging.size);
  const newTo: string = newProposalUrl(projectId);

  return (
    <div className="flex flex-col gap-6">
      <AreaSwitchedOff area="is_portal_proposals_enabled" label="Proposals" />
      <ListSection id="proposals-heading" title="Proposals" newTo={newTo} newLabel="New proposal">
        <ListPage
          noun="proposals"
          query={proposals}
          caption="Proposals of the project"
          columns={columns(projectId)}
          rowKey={(proposal) => proposal.id}
          empty={{
            icon: FileSignature,
            title: 'No proposals yet',
            children: 'Draft one with its sections, items and options; the customers read and sign it once you send it.',
          }}
          paging={paging}
          pagesLabel="Proposal pages"
          card={(proposal) => (
            <>
              <CardHead>
                <ProposalLink projectId={projectId} proposal={proposal} />
                {badge(proposal)}
              </CardHead>
              <p className="mt-1 wrap-anywhere text-slate-800">{proposal.title}</p>
              <CardFacts
                facts={[
                  { label: 'Total', value: formatMoney(proposal.total), strong: true },
                  { label: 'Sent', value: day(proposal.sent_at) },
                  { label: 'Viewed', value: day(proposal.viewed_at) },
                  { label: 'Expires', value: formatProposalDate(proposal.expires_on) },
                ]}
              />
            </>
          )}
        />
      </ListSection>
    </div>
  );
}
