import type { Paginated } from '@portal/contract';

/** A list answer with nothing in it, as the API sends for an empty list (tests that stub fetch). */
export const emptyPage: Paginated<never> = {
  data: [],
  current_page: 1,
  from: null,
  to: null,
  last_page: 1,
  per_page: 30,
  total: 0,
  path: '',
  first_page_url: '',
  last_page_url: '',
  next_page_url: null,
  prev_page_url: null,
  links: [],
};
