import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client';
import { formErrors, NETWORK_ERROR } from './form-errors';

describe('the messages of a failed form', () => {
  it('shows the field messages alone when the API only says the data was invalid', () => {
    const error = new ApiRequestError(422, {
      message: 'The given data was invalid.',
      errors: { password: ['The password must be at least 8 characters.', 'Another'] },
    });
    expect(formErrors(error)).toEqual({ form: null, fields: { password: 'The password must be at least 8 characters.' } });
  });

  it('says a specific message once, above the form, not again beside the field', () => {
    const error = new ApiRequestError(422, {
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
    expect(formErrors(error)).toEqual({ form: 'These credentials do not match our records.', fields: {} });
  });

  it('keeps the form message when no field says anything', () => {
    expect(formErrors(new ApiRequestError(429, { message: 'Too many attempts.' }))).toEqual({ form: 'Too many attempts.', fields: {} });
    expect(formErrors(new ApiRequestError(422, { message: 'The given data was invalid.' })).form).toBe('The given data was invalid.');
  });

  it('names the connection when the request never got an answer, and nothing without an error', () => {
    expect(formErrors(new TypeError('Failed to fetch'))).toEqual({ form: NETWORK_ERROR, fields: {} });
    expect(formErrors(null)).toEqual({ form: null, fields: {} });
  });
});
