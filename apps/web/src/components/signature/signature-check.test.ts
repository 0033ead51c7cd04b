import { describe, expect, it } from 'vitest';
import { signatureFieldErrors } from './signature-check';

describe("a signature form's own check", () => {
  it('passes a typed name with the consent box ticked', () => {
    expect(signatureFieldErrors({ signerName: 'Ann Smith', consent: true }, 200)).toEqual({});
  });

  it('asks for both when neither is given', () => {
    expect(signatureFieldErrors({ signerName: '', consent: false }, 200)).toEqual({
      signer_name: 'Type your full name to sign.',
      consent: 'Tick the box to agree to sign electronically.',
    });
  });

  it('takes spaces alone for no name', () => {
    expect(signatureFieldErrors({ signerName: '   ', consent: true }, 200)).toEqual({ signer_name: 'Type your full name to sign.' });
  });

  it('refuses a name longer than the server keeps', () => {
    expect(signatureFieldErrors({ signerName: 'A'.repeat(201), consent: true }, 200)).toEqual({
      signer_name: 'The name may not be longer than 200 characters.',
    });
    expect(signatureFieldErrors({ signerName: ` ${'A'.repeat(200)} `, consent: true }, 200)).toEqual({});
  });
});
