import { z } from 'zod';

/** Every error the API answers has this one shape (Laravel's), whatever its status. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** The messages a client may rely on, word for word (kept with the constants: the sign-in pages read them without zod). */
export { ERROR_MESSAGES } from './constants';
