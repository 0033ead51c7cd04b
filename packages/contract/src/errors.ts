import { z } from 'zod';

/** Every error the API answers has this one shape (Laravel's), whatever its status. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** The messages a client may rely on, word for word. */
export const ERROR_MESSAGES = {
  invalid: 'The given data was invalid.',
  unauthenticated: 'Unauthenticated.',
  notFound: 'Not found.',
  tooManyAttempts: 'Too many attempts.',
  malformedJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'The request content type is not supported.',
  serverError: 'Server Error',
} as const;
