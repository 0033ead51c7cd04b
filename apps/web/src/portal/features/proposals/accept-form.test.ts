import { describe, expect, it } from 'vitest';
import { acceptFieldErrors } from './accept-form';

describe("the accept form's own check", () => {
  it('passes a typed name with the consent box ticked', () => {
    expect(acceptFieldErrors({ signerName: 'Ann Smith', consent: true })).toEqual({});
  });

  it('asks for both when neither is given', () => {
    expect(acceptFieldErrors({ signerName: '', consent: false })).toEqual({
      signer_name: 'Type your full name to sign.',
      consent: 'Tick the box to agree to sign electronically.',
    });
  });

  it('takes spaces alone for no name', () => {
    expect(acceptFieldErrors({ signerName: '   ', consent: true })).toEqual({ signer_name: 'Type your full name to sign.' });
  });

  it('refuses a name longer than the server keeps', () => {
    expect(acceptFieldErrors({ signerName: 'A'.repeat(201), consent: true })).toEqual({ signer_name: 'The name may not be longer than 200 characters.' });
    expect(acceptFieldErrors({ signerName: ` ${'A'.repeat(200)} `, consent: true })).toEqual({});
  });
});
