import { validatePortalSearch, type PortalSearchParams } from '../../lib/search';
import { loadPortalContext } from '../portal-context';
import type { RouterContext } from '../routes/root';

/** What the default and fullscreen layouts share: the validated query and the context rules. */
export const portalRouteOptions = {
  validateSearch: validatePortalSearch,
  loaderDeps: ({ search }: { search: PortalSearchParams }) => ({ entity: search.entity, company_id: search.company_id, theme: search.theme }),
  loader: ({ deps, context }: { deps: PortalSearchParams; context: RouterContext }) => loadPortalContext(deps, context.queryClient),
} as const;
