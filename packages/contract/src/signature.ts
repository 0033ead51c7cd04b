import { z } from 'zod';

/**
 * The typed signature's rules, one copy for every place a customer signs in the portal: a proposal's acceptance, a
 * change order's approval, a selection's choice. Each passes its own limit, kept in its plain constants for the web app.
 */
export const signerNameSchema = (maxLength: number) =>
  z
    .string({ error: 'Type your full name to sign.' })
    .trim()
    .min(1, 'Type your full name to sign.')
    .max(maxLength, `The name may not be longer than ${maxLength} characters.`)
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'The name must be a single line.');

/** Must be true: the customer ticked the consent box beside the typed name. */
export const signatureConsentSchema = z.literal(true, { error: 'Tick the box to agree to sign electronically.' });
