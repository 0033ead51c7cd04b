// zod/mini: the same schemas, tree-shaken to the few checks used, so validating the URL costs the
// sign-in page next to nothing (decision 015).
import * as z from 'zod/mini';

/** Spec §2 rule 8: the literal text "undefined" or "null", and empty values, count as missing. */
export function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === 'undefined' || value === 'null';
}

const optional = <T extends z.ZodMiniType>(schema: T) => z.pipe(z.transform((value: unknown) => (isMissing(value) ? undefined : value)), z.optional(schema));

const id = z.pipe(
  z.union([z.number(), z.string().check(z.regex(/^\d+$/))]),
  z.transform((value) => Number(value)),
).check(z.refine((value) => Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647));

const themeCode = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,62}$/i));

/** The query every page but the sign-in pages may carry (spec §2 rule 4). */
export const portalSearchSchema = z.object({
  entity: optional(id),
  company_id: optional(id),
  theme: optional(themeCode),
});
export type PortalSearchParams = z.infer<typeof portalSearchSchema>;

/** The sign-in pages keep the query they were given, theme included, and validate nothing else. */
export const signInSearchSchema = z.looseObject({
  theme: optional(themeCode),
});

/**
 * The router's validators: plain functions typed by the schemas' output, so links may leave any
 * of these keys out.
 */
export const validatePortalSearch = (search: Record<string, unknown>): PortalSearchParams => z.parse(portalSearchSchema, search);
export const validateSignInSearch = (search: Record<string, unknown>): z.infer<typeof signInSearchSchema> => z.parse(signInSearchSchema, search);
