import { ApiRequestError } from '../../../lib/api-client';

const NETWORK_ERROR = 'The portal could not be reached. Check your connection and try again.';

/** What a form says about a failed request: the API's message, or that the portal could not be reached. */
export const errorMessage = (error: unknown) => (error ? (error instanceof ApiRequestError ? error.message : NETWORK_ERROR) : null);

/** The API's per-field messages, when it sent them. */
export const fieldErrors = (error: unknown): Record<string, string[]> => (error instanceof ApiRequestError ? error.fieldErrors() : {});
