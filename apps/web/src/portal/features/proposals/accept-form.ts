import { PROPOSAL_SIGNER_NAME_MAX_LENGTH } from '@portal/contract/proposal-constants';

export interface AcceptValues {
  signerName: string;
  consent: boolean;
}

export type AcceptFieldErrors = Partial<Record<'signer_name' | 'consent', string>>;

/**
 * The accept form's own check before it sends anything, in the server's words (the contract's ProposalAcceptSchema):
 * a name typed (spaces alone are no signature), not too long, and the consent box ticked. The server checks again;
 * its field errors show in the same places.
 */
export function acceptFieldErrors({ signerName, consent }: AcceptValues): AcceptFieldErrors {
  const errors: AcceptFieldErrors = {};
  const name = signerName.trim();
  if (name === '') errors.signer_name = 'Type your full name to sign.';
  else if (name.length > PROPOSAL_SIGNER_NAME_MAX_LENGTH) errors.signer_name = `The name may not be longer than ${PROPOSAL_SIGNER_NAME_MAX_LENGTH} characters.`;
  if (!consent) errors.consent = 'Tick the box to agree to sign electronically.';
  return errors;
}
