import { integer, isMissing } from '../../../lib/search';

/**
 * The open proposal lives in the URL (`?proposal=`), so an emailed link, back and reload show it. An id the page
 * cannot read (an old bookmark, a typo) shows the list instead of failing the route. Plain functions: the route's
 * validator is in the first bundle (decision 024).
 */
export interface ProposalsSearch {
  proposal?: number | undefined;
}

export function validateProposalsSearch(search: Record<string, unknown>): ProposalsSearch {
  return { proposal: isMissing(search.proposal) ? undefined : integer(search.proposal, 1) };
}
