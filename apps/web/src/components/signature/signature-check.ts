export interface SignatureValues {
  signerName: string;
  consent: boolean;
}

export type SignatureFieldErrors = Partial<Record<'signer_name' | 'consent', string>>;

/**
 * A signature form's own check before it sends anything (a proposal's acceptance, a change order's approval), in the
 * server's words (the contract's accept and approve schemas): a name typed (spaces alone are no signature), not longer
 * than `maxNameLength`, and the consent box ticked. The server checks again; its field errors show in the same places.
 */
export function signatureFieldErrors({ signerName, consent }: SignatureValues, maxNameLength: number): SignatureFieldErrors {
  const errors: SignatureFieldErrors = {};
  const name = signerName.trim();
  if (name === '') errors.signer_name = 'Type your full name to sign.';
  else if (name.length > maxNameLength) errors.signer_name = `The name may not be longer than ${maxNameLength} characters.`;
  if (!consent) errors.consent = 'Tick the box to agree to sign electronically.';
  return errors;
}
