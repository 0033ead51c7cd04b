import { PROPOSAL_CONSENT_TEXT, PROPOSAL_SIGNER_NAME_MAX_LENGTH } from '@portal/contract/proposal-constants';
import { WriteControls } from '../../../../components/read-only';
import { DeclineForm } from '../../../../components/signature/decline-form';
import { SignForm } from '../../../../components/signature/sign-form';
import { toast } from '../../../../lib/toast';
import { useAcceptProposal, useDeclineProposal } from '../api/answer-proposal';

/**
 * Accepting with a typed signature and a consent box, or declining with an optional reason after a second step (the
 * shared signature forms). Inside WriteControls: a staff member's preview of the portal cannot answer for the customer.
 */
export function ProposalAnswer({ entity, proposalId, chosen, total }: { entity: number; proposalId: number; chosen: number[]; total: string }) {
  const accept = useAcceptProposal(entity, proposalId);
  const decline = useDeclineProposal(entity, proposalId);
  return (
    <WriteControls>
      <div className="flex flex-col gap-4">
        <SignForm
          heading="Accept and sign"
          summary={
            <>
              You accept <span className="font-semibold tabular-nums">{total}</span>, with the options you ticked above.
            </>
          }
          consentText={PROPOSAL_CONSENT_TEXT}
          maxNameLength={PROPOSAL_SIGNER_NAME_MAX_LENGTH}
          submitLabel="Accept and sign"
          pendingLabel="Accepting…"
          pending={accept.isPending}
          error={accept.error}
          onSign={(signerName) =>
            accept.mutate(
              { signer_name: signerName, consent: true, selected_item_ids: chosen },
              { onSuccess: () => toast.success('Proposal accepted', 'Thank you: the signed PDF is ready to download.') },
            )
          }
        />
        <DeclineForm
          thing="proposal"
          consequence="The company is told, and you can no longer accept this version."
          pending={decline.isPending}
          error={decline.error}
          onDecline={(reason) => decline.mutate({ reason }, { onSuccess: () => toast.success('Proposal declined', 'The company has been told.') })}
        />
      </div>
    </WriteControls>
  );
}
