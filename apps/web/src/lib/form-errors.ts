import { ERROR_MESSAGES } from '@portal/contract/constants';
import { ApiRequestError } from './api-client';

export const NETWORK_ERROR = 'The portal could not be reached. Check your connection and try again.';

export interface FormErrors {
  /** The message above the form; null when the fields say it all. */
  form: string | null;
  /** The first message for each field, left out where it only repeats `form`. */
  fields: Record<string, string | undefined>;
}

/**
 * What a failed form submission shows: one clear message for each problem, never twice. The
 * API's generic "The given data was invalid." says nothing the field messages below it do not, so
 * it is left out when there are some; a field message that repeats the form's is left out too.
 */
export function formErrors(error: unknown): FormErrors {
  if (!error) return { form: null, fields: {} };
  if (!(error instanceof ApiRequestError)) return { form: NETWORK_ERROR, fields: {} };
  const fields = Object.fromEntries(Object.entries(error.fieldErrors()).map(([name, messages]) => [name, messages[0]]));
  const hasFieldMessages = Object.values(fields).some(Boolean);
  const form = hasFieldMessages && error.message === ERROR_MESSAGES.invalid ? null : error.message;
  for (const [name, message] of Object.entries(fields)) if (message === form) delete fields[name];
  return { form, fields };
}
