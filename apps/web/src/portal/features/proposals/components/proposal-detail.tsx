import { formatUsd } from '@portal/contract/money';
import { formatProposalDate, formatProposalNumber, PROPOSAL_STATUS_LABELS } from '@portal/contract/proposal-constants';
import type { ProposalDetail as Detail } from '@portal/contract';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { ProposalEvidence } from '../../../../components/proposals/proposal-evidence';
import { ProposalSections } from '../../../../components/proposals/proposal-sections';
import { PROPOSAL_TONES, StatusBadge } from '../../../../components/status-badge';
import { SignedPdfButton } from '../../../../components/signature/signed-pdf-button';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { ApiRequestError } from '../../../../lib/api-client';
import { formatDay } from '../../../../lib/format';
import { proposalTotals } from '../../../../lib/proposal-totals';
import { downloadSignedPdf } from '../api/download-signed-pdf';
import { useProposal } from '../api/get-proposal';
import { ProposalAnswer } from './proposal-answer';

const route = getRouteApi('/default/proposals');

function BackLink() {
  return (
    <Link
      from="/proposals"
      search={(previous) => ({ ...previous, proposal: undefined })}
      className="inline-flex items-center gap-1 text-sm font-medium text-blue-800 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to proposals
    </Link>
  );
}

export function ProposalDetail({ entity }: { entity: number }) {
  const { proposal: proposalId } = route.useSearch();
  const proposal = useProposal(entity, proposalId!);

  if (proposal.isPending) return <PageSpinner label="Loading the proposal…" />;
  if (proposal.isError) {
    const missing = proposal.error instanceof ApiRequestError && proposal.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        <p role="alert">{missing ? 'This proposal is not available.' : 'The proposal could not be loaded. Please try again.'}</p>
      </div>
    );
  }
  // A key per state: an answer (or a refresh after a 409) starts the ticks again from what the server holds.
  return <ProposalView key={`${proposal.data.id}-${proposal.data.status}`} entity={entity} proposal={proposal.data} />;
}

/** Why a proposal can no longer be answered, plainly. */
function closedNotice(proposal: Detail): string | null {
  switch (proposal.status) {
    case 'expired':
      return `This proposal expired on ${formatProposalDate(proposal.expires_on)} and can no longer be accepted. Please contact the company for a new one.`;
    case 'withdrawn':
      return 'The company withdrew this proposal. It can no longer be accepted.';
    case 'superseded':
      return 'The company replaced this proposal with a newer version. Open the newest version from the list to answer it.';
    case 'declined':
      return proposal.decline
        ? `You declined this proposal on ${formatDay(proposal.decline.declined_at)}.${proposal.decline.reason ? ` Your reason: “${proposal.decline.reason}”` : ''}`
        : 'You declined this proposal.';
    default:
      return null;
  }
}

function ProposalView({ entity, proposal }: { entity: number; proposal: Detail }) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(proposal.acceptance?.selected_item_ids ?? []));
  const open = proposal.status === 'sent';
  const notice = closedNotice(proposal);
  const totals = proposalTotals(proposal.sections, proposal.tax_rate, chosen);
  const toggle = (itemId: number, ticked: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (ticked) next.add(itemId);
      else next.delete(itemId);
      return next;
    });

  return (
    <article className="flex flex-col gap-6" aria-labelledby="proposal-heading">
      <BackLink />
      <header className="flex flex-col gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-600">
          Proposal {formatProposalNumber(proposal.number, proposal.version)}{' '}
          <StatusBadge tone={PROPOSAL_TONES[proposal.status]} label={PROPOSAL_STATUS_LABELS[proposal.status]} />
        </p>
        <h2 id="proposal-heading" className="text-2xl font-semibold wrap-anywhere text-slate-900">
          {proposal.title}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {proposal.sent_at ? (
            <>
              <dt className="text-slate-600">Sent</dt>
              <dd>{formatDay(proposal.sent_at)}</dd>
            </>
          ) : null}
          <dt className="text-slate-600">{proposal.status === 'expired' ? 'Expired' : 'Valid until'}</dt>
          <dd>{formatProposalDate(proposal.expires_on)}</dd>
        </dl>
      </header>

      {notice ? (
        <p role="status" className="rounded-2xl bg-amber-50 px-4 py-3 text-amber-950 ring-1 ring-amber-200">
          {notice}
        </p>
      ) : null}

      {proposal.intro ? <p className="whitespace-pre-line text-slate-700">{proposal.intro}</p> : null}

      {open && proposal.sections.some((section) => section.items.some((item) => item.optional)) ? (
        <p className="text-sm text-slate-700">Tick the optional items you want: the total follows.</p>
      ) : null}
      <ProposalSections proposal={proposal} chosen={chosen} onToggle={open ? toggle : undefined} />

      {proposal.terms ? (
        <section aria-labelledby="terms-heading">
          <h3 id="terms-heading" className="text-lg font-semibold text-slate-900">
            Terms
          </h3>
          <p className="mt-1 whitespace-pre-line text-slate-700">{proposal.terms}</p>
        </section>
      ) : null}

      {open ? <ProposalAnswer entity={entity} proposalId={proposal.id} chosen={[...chosen]} total={formatUsd(totals.total)} /> : null}

      {proposal.acceptance ? (
        <ProposalEvidence acceptance={proposal.acceptance} sections={proposal.sections}>
          <SignedPdfButton download={() => downloadSignedPdf({ entity, proposal })} />
        </ProposalEvidence>
      ) : null}
    </article>
  );
}
