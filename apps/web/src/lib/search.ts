import { z } from 'zod';

/** Spec §2 rule 8: the literal text "undefined" or "null", and empty values, count as missing. */
export function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === 'undefined' || value === 'null';
}

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (isMissing(value) ? undefined : value), schema.optional());

const id = z.coerce.number().int().positive();

/** The query every page but the sign-in pages may carry (spec §2 rule 4). */
export const portalSearchSchema = z.object({
  entity: optional(id),
  company_id: optional(id),
  theme: optional(z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/i)),
});
export type PortalSearchParams = z.infer<typeof portalSearchSchema>;

/** The sign-in pages keep the query they were given, theme included, and validate nothing else. */
export const signInSearchSchema = z.looseObject({
  theme: optional(z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/i)),
});
