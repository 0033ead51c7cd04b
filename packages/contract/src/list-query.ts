import { z } from 'zod';

/**
 * The generic list query of docs/requirements.md 8.3, as a client builds it: `filter[{name}]`, `page[number]`,
 * `page[size]`, `sort`, `append` and `include` (each comma-joined), plus any custom parameter an
 * endpoint declares. Anything left undefined, null, '' or [] is not sent.
 */
const Scalar = z.union([z.string(), z.number(), z.boolean()]);
const Terms = z
  .union([z.string(), z.array(z.string())])
  .nullable()
  .optional();

export const ListQuerySchema = z.object({
  filter: z
    .record(
      z.string(),
      z
        .union([Scalar, z.array(z.union([z.string(), z.number()]))])
        .nullable()
        .optional(),
    )
    .optional(),
  page: z
    .object({
      number: z.number().int().positive().nullable().optional(),
      size: z.number().int().positive().nullable().optional(),
    })
    .optional(),
  /** Field names, `-` in front for descending: `['-created_at', 'id']`. */
  sort: Terms,
  append: Terms,
  include: Terms,
  /** Custom parameters, sent as they are. */
  params: z.record(z.string(), Scalar.nullable().optional()).optional(),
});
export type ListQuery = z.input<typeof ListQuerySchema>;

/** The parameter names every list endpoint may declare (docs/requirements.md 8.3). */
export const LIST_QUERY_PARAMS = ['filter', 'page', 'sort', 'include', 'append'] as const;
export type ListQueryParam = (typeof LIST_QUERY_PARAMS)[number];
