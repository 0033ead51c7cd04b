import type { IntegrationProposalDetail } from '@portal/contract';
import { COMPANY_PROPOSAL_STATUS_LABELS, formatProposalDate, formatProposalNumber } from '@portal/contract/proposal-constants';
import { useNavigate } from '@tanstack/react-router';
import { CopyPlus, Download, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { ProposalEvidence } from '../../../../components/proposals/proposal-evidence';
import { ProposalSections } from '../../../../components/proposals/proposal-sections';
import { AreaSwitchedOff } from '../../../components/area-switched-off';
import { PROPOSAL_TONES, StatusBadge } from '../../../../components/status-badge';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { formatDay, NO_VALUE } from '../../../../lib/format';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { useProposal } from '../api/get-proposal';
import { useReviseProposal } from '../api/revise-proposal';
import { useSignedPdf } from '../api/signed-pdf';
import { useWithdrawProposal } from '../api/withdraw-proposal';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { RecordMissing } from '../../../components/record-missing';
import { Fact, RecordHeading } from '../../../components/record-page';
import { proposalsUrl, proposalUrl } from './links';
import { ProposalEditor } from './proposal-editor';

const SMALL = 'px-4 py-2 text-sm';

/** A new draft proposal of the project. */
export function NewProposalPage({ projectId }: { projectId: number }) {
  return (
    <>
      <RecordHeading back={proposalsUrl(projectId)} backLabel="Proposals" title="New proposal" />
      <div className="mb-4">
        <AreaSwitchedOff area="is_portal_proposals_enabled" label="Proposals" />
      </div>
      <ProposalEditor projectId={projectId} />
    </>
  );
}

/** One proposal: a draft's editor, or what was sent (read-only) with what may still be done with it. */
export function StaffProposalPage({ projectId, proposalId }: { projectId: number; proposalId: number }) {
  const query = useProposal(proposalId);
  if (query.isPending) return <PageSpinner />;
  if (query.isError || query.data.project_id !== projectId) return <RecordMissing error={query.error} noun="proposal" owner="project" />;
  const proposal = query.data;
  const name = formatProposalNumber(proposal.number, proposal.version);
  return (
    <>
      <RecordHeading back={proposalsUrl(projectId)} backLabel="Proposals" title={`Proposal ${name}`}>
        <StatusBadge tone={PROPOSAL_TONES[proposal.status]} label={COMPANY_PROPOSAL_STATUS_LABELS[proposal.status]} />
      </RecordHeading>
      <div className="mb-4">
        <AreaSwitchedOff area="is_portal_proposals_enabled" label="Proposals" />
      </div>
      {proposal.status === 'draft' ? (
        <ProposalEditor key={proposal.id} projectId={projectId} proposal={proposal} />
      ) : (
        <SentProposal projectId={projectId} proposal={proposal} />
      )}
    </>
  );
}

/** What the office may do with a proposal once sent: take it back while it waits, or start its next version. */
function Actions({ projectId, proposal }: { projectId: number; proposal: IntegrationProposalDetail }) {
  const navigate = useNavigate();
  const withdraw = useWithdrawProposal(proposal.id);
  const revise = useReviseProposal(proposal.id);
  const [asking, setAsking] = useState(false);
  const { form } = formErrors(withdraw.error ?? revise.error);
  const name = formatProposalNumber(proposal.number, proposal.version);
  const waiting = proposal.status === 'sent' || proposal.status === 'expired';
  const revisable = proposal.status !== 'accepted' && proposal.status !== 'superseded';
  if (!waiting && !revisable) return null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {revisable ? (
          <Button
            variant="ghost"
            className={SMALL}
            disabled={revise.isPending}
            onClick={() =>
              revise.mutate(undefined, {
                onSuccess: (draft) => {
                  toast.success('New version started', `${formatProposalNumber(draft.number, draft.version)} is a draft: change it and send it.`);
                  const to: string = proposalUrl(projectId, draft.id);
                  void navigate({ to });
                },
              })
            }
          >
            <CopyPlus aria-hidden="true" className="size-4" />
            New version
          </Button>
        ) : null}
        {waiting ? (
          <ConfirmDialog
            open={asking}
            onOpenChange={setAsking}
            danger
            trigger={
              <Button variant="ghost" className={`${SMALL} text-red-800`}>
                <Undo2 aria-hidden="true" className="size-4" />
                Withdraw
              </Button>
            }
            title={`Withdraw ${name}?`}
            confirmLabel="Withdraw the proposal"
            pending={withdraw.isPending}
            onConfirm={() =>
              withdraw.mutate(undefined, {
                onSuccess: () => toast.success('Proposal withdrawn', `The customers can no longer accept ${name}.`),
                onSettled: () => setAsking(false),
              })
            }
          >
            The customers still see it, marked withdrawn, and can no longer accept it. This cannot be undone; a new version can be sent instead.
          </ConfirmDialog>
        ) : null}
      </div>
      <FormError message={withdraw.error || revise.error ? (form ?? 'That did not work. Try again in a moment.') : null} />
    </div>
  );
}

function SentProposal({ projectId, proposal }: { projectId: number; proposal: IntegrationProposalDetail }) {
  const pdf = useSignedPdf();
  const chosen = new Set(proposal.acceptance?.selected_item_ids ?? []);
  return (
    <div className="flex flex-col gap-6">
      <Actions projectId={projectId} proposal={proposal} />
      <section aria-labelledby="proposal-figures" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h3 id="proposal-figures" className="text-lg font-semibold wrap-anywhere text-slate-900">
          {proposal.title}
        </h3>
        <dl className="mt-3 grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
          <Fact term="Sent">{proposal.sent_at ? formatDay(proposal.sent_at) : NO_VALUE}</Fact>
          <Fact term="First viewed">{proposal.viewed_at ? formatDay(proposal.viewed_at) : 'Not yet'}</Fact>
          <Fact term="Expires">{formatProposalDate(proposal.expires_on)}</Fact>
          <Fact term={proposal.acceptance ? 'Accepted' : proposal.decline ? 'Declined' : proposal.withdrawn_at ? 'Withdrawn' : 'Answer'}>
            {proposal.acceptance
              ? formatDay(proposal.acceptance.accepted_at)
              : proposal.decline
                ? formatDay(proposal.decline.declined_at)
                : proposal.withdrawn_at
                  ? formatDay(proposal.withdrawn_at)
                  : 'None yet'}
          </Fact>
        </dl>
        {proposal.decline?.reason ? <p className="mt-3 text-sm text-slate-700">Their reason: “{proposal.decline.reason}”</p> : null}
        {proposal.intro ? <p className="mt-4 whitespace-pre-line text-slate-700">{proposal.intro}</p> : null}
        <p className="mt-4 text-sm text-slate-600">A sent proposal can no longer be changed: start a new version to change it.</p>
      </section>

      {proposal.acceptance ? (
        <ProposalEvidence acceptance={proposal.acceptance} sections={proposal.sections}>
          <Button
            variant="ghost"
            className={SMALL}
            disabled={pdf.isPending}
            onClick={() =>
              pdf.mutate(proposal, {
                onSuccess: (name) => toast.success('Download started', name),
                onError: () => toast.error('The PDF could not be downloaded', 'Try again in a moment.'),
              })
            }
          >
            <Download aria-hidden="true" className="size-4" />
            {pdf.isPending ? 'Preparing PDF…' : 'Download signed PDF'}
          </Button>
        </ProposalEvidence>
      ) : null}

      <ProposalSections proposal={proposal} chosen={chosen} />

      {proposal.terms ? (
        <section aria-labelledby="proposal-terms" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h3 id="proposal-terms" className="font-semibold text-slate-900">
            Terms
          </h3>
          <p className="whitespace-pre-line text-slate-700">{proposal.terms}</p>
        </section>
      ) : null}
    </div>
  );
}
