import { z } from 'zod';

export const PaginationLinkSchema = z
  .object({
    url: z.string().nullable(),
    label: z.string(),
    active: z.boolean(),
  })
  .meta({ id: 'PaginationLink', description: 'One button of the page list: previous, a page number, "..." or next.' });

/** The paginated list of docs/requirements.md 4.8, in the Laravel shape of 8.4. */
export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    current_page: z.number().int(),
    data: z.array(item),
    first_page_url: z.string(),
    from: z.number().int().nullable(),
    last_page: z.number().int(),
    last_page_url: z.string(),
    links: z.array(PaginationLinkSchema),
    next_page_url: z.string().nullable(),
    path: z.string(),
    per_page: z.number().int(),
    prev_page_url: z.string().nullable(),
    to: z.number().int().nullable(),
    total: z.number().int(),
  });
}
export type Paginated<T> = Omit<z.infer<ReturnType<typeof paginatedSchema<z.ZodType>>>, 'data'> & { data: T[] };
